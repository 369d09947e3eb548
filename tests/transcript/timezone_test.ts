/**
 * Timestamps without a time zone are read as UTC, so the same files give the same output on
 * machines in different time zones (JavaScript's Date.parse reads "2026-01-01T00:00:00" as local
 * time). The commands run in subprocesses under TZ=UTC and TZ=America/New_York; expected values
 * are worked by hand below.
 */
import assert from "node:assert/strict";
import { isoTimeMs } from "../../lib/transcript/iso_time.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const encoder = new TextEncoder();

const record = (n: number, timestamp: string) =>
  JSON.stringify({
    type: "assistant",
    uuid: `u${n}`,
    sessionId: "s",
    requestId: `r${n}`,
    timestamp,
    message: { id: `m${n}`, model: "opus", usage: { input_tokens: 10, output_tokens: 1 } },
  });

async function run(script: string, args: string[], tz: string): Promise<string> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", `${ROOT}${script}`, ...args],
    env: { TZ: tz },
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("timestamps without a zone: the same JSON and CSV under TZ=UTC and TZ=America/New_York", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // One request with a zone, two without: read as UTC, the gaps are 60 s and 120 s, so work
    // time is 180 s = 0.05 h (idle limit 300 s). Read as New York time (UTC−5 in January), the
    // zone-less ones would sit 5 h later: one gap of 5 h + 60 s (idle), work 120 s.
    await Deno.writeTextFile(
      `${dir}/s.jsonl`,
      [
        record(1, "2026-01-15T10:00:00.000Z"),
        record(2, "2026-01-15T10:01:00"),
        record(3, "2026-01-15T10:03:00.000"),
      ].join("\n") + "\n",
    );
    const utc = await run("cli/corpus.ts", ["--json", dir], "UTC");
    const ny = await run("cli/corpus.ts", ["--json", dir], "America/New_York");
    assert.equal(ny, utc);
    assert.equal(JSON.parse(utc).workHours, 180 / 3600);
    const csvUtc = `${dir}/utc.csv`;
    const csvNy = `${dir}/ny.csv`;
    await run("cli/corpus.ts", ["--requests", csvUtc, `${dir}/s.jsonl`], "UTC");
    await run("cli/corpus.ts", ["--requests", csvNy, `${dir}/s.jsonl`], "America/New_York");
    const csv = await Deno.readTextFile(csvUtc);
    assert.equal(await Deno.readTextFile(csvNy), csv);
    assert.deepEqual(csv.trim().split("\n").slice(1).map((row) => row.split(",")[2]), [
      "2026-01-15T10:00:00.000Z",
      "2026-01-15T10:01:00.000Z",
      "2026-01-15T10:03:00.000Z",
    ]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("isoTimeMs: a date-time without a zone is UTC; other non-ISO text is not a timestamp", () => {
  const ms = (text: string) => {
    const bytes = encoder.encode(JSON.stringify(text));
    return isoTimeMs(bytes, 0, bytes.length);
  };
  // By hand (Date.UTC): the instants as written, in UTC.
  assert.equal(ms("2026-01-01T00:00:00"), Date.UTC(2026, 0, 1));
  assert.equal(ms("2026-01-01T00:00:00.250"), Date.UTC(2026, 0, 1, 0, 0, 0, 250));
  assert.equal(ms("2026-01-01 10:20"), Date.UTC(2026, 0, 1, 10, 20));
  assert.equal(ms("2026-07-01t10:20:30"), Date.UTC(2026, 6, 1, 10, 20, 30));
  assert.equal(ms("2026-07-01"), Date.UTC(2026, 6, 1));
  assert.equal(ms("2026-07-01T10:20:30+02:00"), Date.UTC(2026, 6, 1, 8, 20, 30));
  assert.equal(ms("2026-07-01T10:20:30-0130"), Date.UTC(2026, 6, 1, 11, 50, 30));
  // Forms Date.parse reads as local time (or by implementation-defined rules) are refused.
  for (const text of ["2026/07/01", "Jul 1 2026 10:00", "1", " 2026-07-01T10:20:30Z"]) {
    assert.ok(Number.isNaN(ms(text)), text);
  }
});

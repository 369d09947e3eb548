/** The library entry point on files: report, sizes, histograms, bytes. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { InputPathError, measureReadCost } from "../../lib/readcost/mod.ts";
import { call, jsonl, result } from "./_records.ts";

Deno.test("measureReadCost: report, sorted sizes and histograms of included files", async () => {
  const dir = await Deno.makeTempDir({ prefix: "readcost_measure_" });
  try {
    const big = jsonl([
      call("a", "Read", {}, { messageId: "m1" }),
      call("b", "Bash", { command: "tail -n 3 log" }, { messageId: "m2" }),
      result("a", "x".repeat(900)),
      result("b", "x".repeat(5)),
      call("c", "Read", {}, { messageId: "m3" }),
      result("c", "x".repeat(3)),
    ]);
    const small = jsonl([call("d", "Read", {}, { messageId: "n1" }), result("d", "x".repeat(77))]);
    await Deno.writeTextFile(join(dir, "big.jsonl"), big);
    await Deno.writeTextFile(join(dir, "small.jsonl"), small);
    const out = await measureReadCost([dir], { minTurns: 3 });
    assert.equal(out.report.files.included, 1);
    // Only big.jsonl: bulk reads of 900, 5 (tail) and 3 characters, ascending.
    assert.deepEqual(out.sizes["bulk-read"], [3, 5, 900]);
    // 3 → [2,4), 5 → [4,8), 900 → [512,1024): bins 0..10.
    const bins = out.histograms["bulk-read"];
    assert.equal(bins.length, 11);
    assert.deepEqual(bins.filter((b) => b.results > 0).map((b) => b.lowerChars), [2, 4, 512]);
    assert.equal(out.bytes, new TextEncoder().encode(big + small).length);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("measureReadCost: a missing path rejects with InputPathError", async () => {
  await assert.rejects(
    () => measureReadCost(["/nonexistent-readcost-path/x.jsonl"]),
    (e: unknown) => e instanceof InputPathError && e.reason === "missing",
  );
});

Deno.test("measureReadCost: thresholds are checked before any file is read", async () => {
  await assert.rejects(() => measureReadCost(["/nonexistent"], { minTurns: -1 }), RangeError);
});

Deno.test("measureReadCost: the result does not depend on the number of threads", async () => {
  // Twelve files of different sizes; with 2 and 3 threads the worker threads measure some of them
  // (largest first). Expected: the one-thread result, field for field.
  const dir = await Deno.makeTempDir({ prefix: "readcost_threads_" });
  try {
    for (let f = 0; f < 12; f++) {
      const records = [];
      for (let k = 0; k <= f; k++) {
        const id = `f${f}k${k}`;
        records.push(call(id, k % 3 === 0 ? "Bash" : "Read", {}, { messageId: `m${id}` }));
        records.push(result(id, "x".repeat(100 * (k + 1) + f)));
      }
      await Deno.writeTextFile(join(dir, `s${String(f).padStart(2, "0")}.jsonl`), jsonl(records));
    }
    const one = await measureReadCost([dir], { minTurns: 1, minChars: 300, workers: 1 });
    assert.ok(one.report.files.included >= 10);
    for (const workers of [2, 3]) {
      const many = await measureReadCost([dir], { minTurns: 1, minChars: 300, workers });
      assert.deepEqual(many, one, `${workers} threads`);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("measureReadCost: with threads, a missing file rejects with InputPathError as before", async () => {
  // Six files listed, one removed before the call: the same error as with one thread.
  const dir = await Deno.makeTempDir({ prefix: "readcost_vanish_" });
  try {
    for (let f = 0; f < 6; f++) {
      await Deno.writeTextFile(
        join(dir, `s${f}.jsonl`),
        jsonl([call(`c${f}`, "Read", {}, { messageId: `m${f}` }), result(`c${f}`, "y".repeat(50))]),
      );
    }
    const { expandInputPaths } = await import("../../lib/readcost/input_paths.ts");
    const files = await expandInputPaths([dir]);
    await Deno.remove(files[3]);
    await assert.rejects(
      () => measureReadCost(files, { workers: 2 }),
      (e: unknown) => e instanceof InputPathError && e.reason === "missing",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

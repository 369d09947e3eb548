/**
 * Fetch targets: which tool calls fetch what (docs/method.md, Cost of forgetting), how Bash
 * commands are normalised, and the reader's fetch table (both paths, workers, copies, errors).
 */
import assert from "node:assert/strict";
import { bashTarget, keyedHash, targetText } from "../../lib/transcript/fetch_targets.ts";
import { corpusFromText, readCorpus } from "../../lib/transcript/read_corpus.ts";
import { bash, fetchCorpusBothWays, read, sessionLines } from "../rework/_fixture.ts";

const noCwd = () => undefined;

Deno.test("targetText: the fields of each fetching tool, none for the others", () => {
  const nul = "\u0000";
  assert.equal(
    targetText("Read", { file_path: "/a", offset: 3, limit: 9, pages: "1-2" }, noCwd),
    ["read", '"/a"', "3", "9", '"1-2"'].join(nul),
  );
  // NotebookRead shares Read's tuple; its path field is notebook_path.
  assert.equal(
    targetText("NotebookRead", { notebook_path: "/a" }, noCwd),
    targetText("Read", { file_path: "/a" }, noCwd),
  );
  assert.equal(
    targetText(
      "Grep",
      { pattern: "x", path: "/p", glob: "*.ts", type: "ts", output_mode: "c" },
      noCwd,
    ),
    ["grep", '"x"', '"/p"', '"*.ts"', '"ts"', '"c"'].join(nul),
  );
  // Other Grep options (-n, -i, head_limit) are not part of the target.
  assert.equal(
    targetText("Grep", { pattern: "x", "-n": true }, noCwd),
    targetText("Grep", { pattern: "x" }, noCwd),
  );
  assert.equal(targetText("Glob", { pattern: "*" }, noCwd), ["glob", '"*"', ""].join(nul));
  assert.equal(
    targetText("WebFetch", { url: "https://e.test/", prompt: "p" }, noCwd),
    ["webfetch", '"https://e.test/"'].join(nul),
  );
  // A number and a string are different values.
  assert.notEqual(
    targetText("Read", { file_path: "/a", offset: 3 }, noCwd),
    targetText("Read", { file_path: "/a", offset: "3" }, noCwd),
  );
  for (const name of ["Edit", "Write", "TodoWrite", "Task", "read", "WebSearch"]) {
    assert.equal(targetText(name, { file_path: "/a", command: "cat a" }, noCwd), undefined, name);
  }
  assert.equal(targetText("Read", "not an object", noCwd), undefined);
  assert.equal(targetText("Read", null, noCwd), undefined);
  assert.equal(targetText("Bash", { command: 3 }, noCwd), undefined);
  assert.equal(targetText("BashOutput", { bash_id: "b1" }, noCwd), undefined);
});

Deno.test("bashTarget: read-like commands, whitespace, cwd and `cd DIR &&`", () => {
  // Each read-like first word, and the two-word forms.
  for (const word of ["cat", "head", "tail", "less", "more", "nl", "bat", "rg", "grep"]) {
    assert.equal(bashTarget(`${word} x`, "/p"), `${word} /p/x`, word);
  }
  for (const word of ["ls", "find", "tree", "fd", "wc"]) {
    assert.equal(bashTarget(`${word} src`, "/p"), `${word} /p/src`, word);
  }
  for (const sub of ["show", "log", "diff", "blame", "status"]) {
    assert.ok(bashTarget(`git ${sub}`, "/p") !== undefined, sub);
  }
  assert.equal(bashTarget("sed -n '5,9p' f.ts", "/p"), "sed -n '5,9p' /p/f.ts");
  // Not read-like: other commands, sed without -n first, git subcommands that write.
  for (const command of ["npm test", "sed -i s/a/b/ f", "git commit -m x", "echo cat", "rm f"]) {
    assert.equal(bashTarget(command, "/p"), undefined, command);
  }
  // Whitespace collapsed; ./ and ../ resolved; options, quotes and numbers kept.
  assert.equal(bashTarget("  head   -n 20\t./a/../b.ts ", "/p"), "head -n 20 /p/b.ts");
  assert.equal(bashTarget("grep -rn 'foo bar' src", "/p"), "grep -rn 'foo bar' /p/src");
  // The same file named two ways is one target; the same words in two folders are two.
  assert.equal(bashTarget("cat src/a.ts", "/p"), bashTarget("cat /p/src/a.ts", "/q"));
  assert.notEqual(bashTarget("cat src/a.ts", "/p"), bashTarget("cat src/a.ts", "/q"));
  // A command with no path reads where it runs.
  assert.equal(bashTarget("git status", "/p"), "git status @/p");
  assert.notEqual(bashTarget("ls", "/p"), bashTarget("ls", "/q"));
  // Leading cd steps move the folder.
  assert.equal(bashTarget("cd /r && cd lib && cat a.ts", "/p"), "cat /r/lib/a.ts");
  // Pipelines: the words after a separator start a new command (not resolved as a path).
  assert.equal(bashTarget("cat a.ts | head -5", "/p"), "cat /p/a.ts | head -5");
  // Unknown or relative cwd: relative words stay as written.
  assert.equal(bashTarget("cat a.ts", undefined), "cat a.ts");
  assert.equal(bashTarget("cat a.ts", "rel"), "cat a.ts");
});

Deno.test("keyedHash: depends on the key, stays below 2^53", () => {
  const a = keyedHash("read\u0000/a", [1, 2, 3, 4]);
  assert.ok(Number.isSafeInteger(a) && a >= 0);
  assert.notEqual(a, keyedHash("read\u0000/a", [1, 2, 3, 5]));
  assert.notEqual(a, keyedHash("read\u0000/b", [1, 2, 3, 4]));
  assert.equal(a, keyedHash("read\u0000/a", [1, 2, 3, 4]));
});

const lines = (id: string, steps: Parameters<typeof sessionLines>[1]) =>
  sessionLines(id, steps).join("\n") + "\n";

Deno.test("fetch table: rows, tokens and errors, the same on both paths", () => {
  const text = lines("s", [
    { calls: [read("/p/a.ts", 9), bash("npm test", 50)] },
    { calls: [bash("cat a.ts", 4), { ...read("/p/a.ts", 9), isError: true }] },
    { calls: [] },
    { calls: [read("/p/a.ts", 9)] },
  ]);
  const corpus = fetchCorpusBothWays([{ path: "p/s.jsonl", text }]);
  const f = corpus.fetches!;
  // npm test fetches nothing; the failed Read is left out; the request without calls has none.
  assert.deepEqual([...f.request], [0, 1, 3]);
  assert.deepEqual([...f.tokens], [3, 1, 3]); // ceil(9 / 4), ceil(4 / 4)
  assert.equal(f.target[0], f.target[2]);
  assert.notEqual(f.target[0], f.target[1]);
  assert.deepEqual([f.withoutRequest, f.outsideTable, f.repeated], [0, 0, 0]);
});

Deno.test("fetch table: block keys read as JSON.parse reads them, on both paths", () => {
  // A block walked by the scanner in one call must give what JSON.parse gives: an escaped key
  // is the key it spells, and a later duplicate replaces an earlier one. Expected by hand: each
  // variant is a Read of /p/a.ts (the plain line's target), or, where the last name is Edit,
  // no fetch at all.
  const plain = lines("s", [{ calls: [read("/p/a.ts", 9)] }]);
  const variants: [string, string, number][] = [
    ["escaped name", '"n\\u0061me":"Read"', 1],
    ["escaped input", '"name":"Read","\\u0069nput"', 1],
    ["a later name wins", '"name":"Edit","name":"Read"', 1],
    ["a later Edit wins", '"name":"Read","name":"Edit"', 0],
  ];
  const base = fetchCorpusBothWays([{ path: "p/s.jsonl", text: plain }]).fetches!;
  for (const [what, spelling, rows] of variants) {
    const original = what === "escaped input" ? '"name":"Read","input"' : '"name":"Read"';
    assert.ok(plain.includes(original));
    const text = plain.replace(original, spelling);
    const fetches = fetchCorpusBothWays([{ path: "p/s.jsonl", text }]).fetches!;
    assert.equal(fetches.length, rows, what);
    if (rows === 1) {
      assert.deepEqual([...fetches.tokens], [...base.tokens], what);
    }
  }
});

Deno.test("fetch table: a resumed file's copies of a call count once", () => {
  const original = lines("s", [{ calls: [read("/p/a.ts", 8)] }, { calls: [read("/p/b.ts", 8)] }]);
  // The resumed file repeats the first request and its result, then makes one of its own.
  const copy = original.split("\n").slice(0, 2).join("\n") + "\n" +
    lines("r", [{ calls: [read("/p/a.ts", 8)] }]);
  const corpus = fetchCorpusBothWays([
    { path: "p/s.jsonl", text: original },
    { path: "p/t.jsonl", text: copy },
  ]);
  assert.equal(corpus.fetches!.length, 3);
  assert.equal(corpus.fetches!.repeated, 1);
});

Deno.test("fetch targets are off by default and change nothing else", () => {
  const files = [{ path: "p/s.jsonl", text: lines("s", [{ calls: [read("/p/a.ts", 8)] }]) }];
  const plain = corpusFromText(files);
  const withTargets = corpusFromText(files, { fetchTargets: true });
  assert.equal(plain.fetches, undefined);
  assert.equal(withTargets.fetches?.length, 1);
  const { fetches: _, ...rest } = withTargets;
  assert.deepEqual(rest, plain);
});

Deno.test("fetch targets through worker threads: the same table up to the run's key", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (let k = 0; k < 6; k++) {
      await Deno.writeTextFile(
        `${dir}/s${k}.jsonl`,
        lines(`s${k}`, [
          { calls: [read("/p/a.ts", 8 + k)] },
          { calls: [bash("cat a.ts", 4), read(`/p/f${k}.ts`, 12)] },
          { calls: [read("/p/a.ts", 8 + k)] },
        ]),
      );
    }
    const one = (await readCorpus([dir], { fetchTargets: true, workers: 1 })).fetches!;
    const two = (await readCorpus([dir], { fetchTargets: true, workers: 2 })).fetches!;
    assert.deepEqual([...two.request], [...one.request]);
    assert.deepEqual([...two.tokens], [...one.tokens]);
    // Keys differ per run, so compare which fetches share a target.
    const pattern = (t: Float64Array) => [...t].map((h) => t.indexOf(h));
    assert.deepEqual(pattern(two.target), pattern(one.target));
    // `cat a.ts` run in /p and a Read of /p/a.ts are targets of different kinds.
    assert.notEqual(one.target[1], one.target[0]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

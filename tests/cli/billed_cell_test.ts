/**
 * The `--model all` comparison's billed column (#24, one number format): a model of a few
 * sessions read "0M". Expected strings worked out by hand at each bound.
 */
import assert from "node:assert/strict";
import { billedCell } from "../../cli/analyze.ts";

Deno.test("billedCell: thousands, one decimal of millions, whole millions, and their bounds", () => {
  const cases: [number, string][] = [
    [0, "0"],
    [999, "999"],
    [999.5, "1K"], // 0.9995 K rounds to 1
    [240_400, "240K"],
    [999_499, "999K"],
    [999_500, "1.0M"], // 999.5 K would round to 1,000K
    [1_249_000, "1.2M"],
    [9_949_999, "9.9M"],
    [9_950_000, "10M"], // 9.95 M would round to 10.0M
    [3_936_080_000, "3,936M"],
  ];
  for (const [tokens, text] of cases) assert.equal(billedCell(tokens), text, String(tokens));
});

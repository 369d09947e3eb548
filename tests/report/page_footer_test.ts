/**
 * The page's footer names the trigger grid; when its lowest triggers lie at or below the context
 * after a compaction (not replayed), it says where the replay starts, so "triggers 40K–1M" and
 * the method's "96 triggers from 50K" no longer disagree. Hand-made report fragments.
 */
import assert from "node:assert/strict";
import { footerText } from "../../lib/report/page_footer.ts";
import { TEXTS } from "../../lib/report/texts.ts";

const report = (firstReplayed: number) =>
  ({
    schemaVersion: 1,
    options: {
      workloads: 100,
      method: "permute",
      blockSize: 8,
      seed: 1,
      triggerFrom: 40000,
      triggerTo: 1000000,
      triggerStep: 10000,
      idleLimitSeconds: 300,
    },
    replay: [{ trigger: firstReplayed }, { trigger: firstReplayed + 10000 }],
  }) as never;

Deno.test("footer: the grid, and where the replay starts when its lowest triggers cannot compact", () => {
  const cut = footerText(TEXTS.en, report(50000));
  assert.match(
    cut,
    /triggers 40K–1M every 10K \(replayed from 50K: a trigger at or below the context after a compaction cannot compact\), idle limit 300 s\./,
  );
  const whole = footerText(TEXTS.en, report(40000));
  assert.match(whole, /triggers 40K–1M every 10K, idle limit 300 s\./);
  assert.match(footerText(TEXTS.zh, report(50000)), /步长 10K（从 50K 起回放：/);
  assert.doesNotMatch(footerText(TEXTS.zh, report(40000)), /起回放/);
});

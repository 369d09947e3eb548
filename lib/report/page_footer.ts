/**
 * The report page's footer line: schema version and the analysis options.
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { num, text, tok } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function footerText(t: Texts, report: TriggerReport): string {
  const o = report.options;
  // The grid's lowest triggers at or below R(T) are not replayed (analysisTriggers): say where
  // the replay starts, so the footer and the method's "from 50K" agree.
  const first = report.replay[0]?.trigger;
  return text(t, "footer", {
    cut: first !== undefined && first > o.triggerFrom
      ? text(t, "footerGridCut", { first: tok(first) })
      : "",
    schema: String(report.schemaVersion),
    workloads: num(o.workloads),
    method: o.method,
    block: num(o.blockSize),
    seed: String(o.seed),
    from: tok(o.triggerFrom),
    to: tok(o.triggerTo),
    step: tok(o.triggerStep),
    idle: num(o.idleLimitSeconds),
  });
}

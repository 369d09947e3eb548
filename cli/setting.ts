/**
 * `deno task setting [PATH...]`: the setting in use, what it costs, and one command to change it
 * and to undo it. Runs the trigger analysis (or reads `--from analysis.json`), prints default |
 * current | recommended with their costs and whether the setting in use took effect, and the
 * change to the settings file as a diff; `--write` applies it, `--revert` undoes the last one.
 *
 * Choices:
 * - **The file changed** is the user's `settings.json` (`$CLAUDE_CONFIG_DIR`, else `~/.claude`)
 *   or, with `--scope project`, `.claude/settings.json` where the user stands. Only the keys of
 *   the recommendation change: `autoCompactWindow`; `env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` (set
 *   when the recommendation needs it, removed when it does not, since it would still lower the
 *   trigger); `env.CLAUDE_CODE_AUTO_COMPACT_WINDOW` and
 *   `modelSettings.<model>.autoCompactWindow` only where the file already has them (either would
 *   win over the top-level key). Every other byte stays (lib/settings/edit_settings_text.ts).
 * - **Refusals** (nothing written): the file is not a JSON object, or managed settings set the
 *   window or the override (exit 2, naming the keys); the file or its folder is read-only
 *   (exit 4); no recommendation, or one the analysis withholds, without `--force` (exit 1). A
 *   setting a higher layer or the environment would shadow is written with a warning.
 * - **Confirmation:** on a terminal the command asks; `--yes` skips the question; off a terminal
 *   without `--yes` it refuses (exit 2).
 * - It reads the transcripts (never writes them) and the settings files, and writes only the
 *   chosen settings file, its backup beside it and a temporary file renamed over it.
 *
 * @module
 */

import {
  analyzeTrigger,
  MissingModelInputsError,
  type TriggerReport,
  withSettingComparison,
} from "../lib/trigger/mod.ts";
import {
  applySettingsWrite,
  checkWritable,
  latestBackup,
  MalformedSettingsError,
  managedOverrides,
  NoBackupError,
  parseSettingsText,
  PCT_VARIABLE,
  planSettingsWrite,
  ReadOnlySettingsError,
  readSettingsFile,
  resolveSetting,
  revertSettings,
  type SettingsEdit,
  settingsPaths,
  type SettingsSnapshot,
  unifiedDiff,
  WINDOW_VARIABLE,
} from "../lib/settings/mod.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import { callerPath, grantedEnv } from "../lib/transcript/default_roots.ts";
import {
  commandLineOrExit,
  COMMON_HELP,
  emptySampleMessage,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  progressReporter,
} from "./_shared.ts";
import { filterFromValues, readInputCorpus, selectInputOrExit } from "./_input.ts";
import {
  ANALYZE_FLAG_OPTIONS,
  ANALYZE_FLAGS_HELP,
  analyzeFlagsFromValues,
  type PricesFileError,
  pricesForModel,
  readPricesText,
  readsFetchTargets,
} from "./_analyze_flags.ts";
import { missingInputsMessage, settingLines, settingsForCommand } from "./analyze.ts";

const HELP = `Usage: deno task setting [OPTIONS] [--] [PATH...]

The Claude Code setting that places automatic compaction: what you have now, what it costs, and
one command to change it and to undo it. Runs the trigger analysis on the transcripts (as
\`deno task analyze\`, same flags) or reads --from FILE, then prints default | current |
recommended with the cost per 1M tokens and time share of each, whether your setting took effect
(the offset between its window and your automatic compactions since it changed), and the change
to the settings file as a diff. Nothing is written without --write.

Options:
  --from FILE             Read the analysis from FILE (\`analyze --json\` or the report's
                          analysis.json) instead of running it; the offset then comes from FILE.
  --scope user|project    The file to change: user = settings.json in $CLAUDE_CONFIG_DIR or
                          ~/.claude (default); project = .claude/settings.json where you run
                          the command.
  --write                 Apply the change: a backup beside the file (<name>.bak-<UTC time>),
                          then the new text through a temporary file renamed over it. Only the
                          recommendation's keys change; every other key and the layout stay.
  --revert                Restore the newest backup byte for byte (and keep it).
  --yes                   Do not ask for confirmation (required off a terminal).
  --model NAME            Target model (default: the model with the most requests).
${ANALYZE_FLAGS_HELP}
                          With --force the setting a low confidence grade withholds is shown
                          and can be written.
${FILTER_HELP}
                          --since DATE also dates your setting's change for the offset
                          (default: the settings file's modification time).
${COMMON_HELP}

Exit codes:
  0  success (also: nothing to change, or you answered no)
  1  nothing to recommend (no recommendation, not reachable for the model, or withheld without
     --force), or nothing to analyze
  2  invalid arguments; the settings file is not valid JSON; managed settings set the window
     (a change here would not take effect); confirmation needed off a terminal (give --yes)
  3  a path does not exist (transcripts, --from, --settings, or no backup to --revert)
  4  the settings file or its folder is read-only, or a file could not be read
  5  the output could not be written (for example stdout closed early)
`;

/** The file a scope changes. */
function _target(scope: "user" | "project"): string | null {
  const paths = settingsPaths({
    home: grantedEnv("HOME") ?? grantedEnv("USERPROFILE"),
    configDir: grantedEnv("CLAUDE_CONFIG_DIR"),
    cwd: callerPath("."),
  });
  return scope === "user" ? paths.user : paths.project;
}

/** The analysis report from `--from FILE` (a per-model document: the model's, or the first). */
async function _fromFile(path: string, model: string | undefined): Promise<TriggerReport> {
  const text = await Deno.readTextFile(callerPath(path));
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new SyntaxError(`--from ${path}: not valid JSON (${(error as Error).message})`);
  }
  if (Array.isArray(doc.models)) {
    const analysed = (doc.models as { model: string; analysis?: TriggerReport }[])
      .filter((m) => m.analysis !== undefined);
    const one = analysed.find((m) => model === undefined || m.model === model);
    if (one === undefined) {
      throw new SyntaxError(`--from ${path}: no analysed model${model ? ` ${model}` : ""}`);
    }
    return one.analysis!;
  }
  if (typeof doc.recommendation !== "object" || !Array.isArray(doc.replay)) {
    throw new SyntaxError(`--from ${path}: not an analysis document (no recommendation)`);
  }
  return doc as unknown as TriggerReport;
}

/** The edit that puts the recommendation into a settings file whose object is `doc`. */
export function recommendationEdit(
  report: TriggerReport,
  doc: Record<string, unknown> | null,
): SettingsEdit {
  const rec = report.recommendation;
  if (rec.settings === null || rec.settings.autoCompactWindow === null) {
    throw new RangeError("no recommended setting to write");
  }
  const edit: SettingsEdit = { autoCompactWindow: rec.settings.autoCompactWindow };
  const env = doc?.env !== null && typeof doc?.env === "object"
    ? doc.env as Record<string, unknown>
    : {};
  const pct = rec.settings.env[PCT_VARIABLE];
  edit.env = { [PCT_VARIABLE]: pct ?? null };
  if (Object.hasOwn(env, WINDOW_VARIABLE)) {
    edit.env[WINDOW_VARIABLE] = String(rec.settings.autoCompactWindow);
  }
  edit.modelWindow = {
    model: report.options.model,
    autoCompactWindow: rec.settings.autoCompactWindow,
  };
  return edit;
}

/** Asks on the terminal; true for yes. */
function _confirm(question: string): boolean {
  const answer = prompt(`${question} [y/N]`);
  return answer !== null && /^y(es)?$/i.test(answer.trim());
}

/** Which higher layer or environment shadows a change to the scope's file (warnings). */
function _shadows(snapshot: SettingsSnapshot, scope: "user" | "project", model: string): string[] {
  const above = scope === "user" ? ["file", "local", "project"] : ["file", "local"];
  const out: string[] = [];
  const setting = resolveSetting(snapshot, model);
  if (setting.source === "env") out.push(`${WINDOW_VARIABLE} is set in the environment`);
  else if (above.includes(setting.source)) {
    out.push(`${setting.path} sets the window and wins over the ${scope} file`);
  }
  if (snapshot.environment.pctOverride !== undefined && setting.pctSource === "env") {
    out.push(`${PCT_VARIABLE} is set in the environment`);
  }
  return out;
}

/**
 * Runs the command.
 *
 * @param args Command-line arguments.
 * @returns The exit code (see `--help`).
 *
 * @example An unknown scope is a usage error (exit 2)
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./setting.ts";
 *
 * assert.equal(await main(["--scope", "everywhere"]), 2);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const read = commandLineOrExit("setting", args, {
    options: {
      from: { type: "string" },
      scope: { type: "string" },
      write: { type: "boolean" },
      revert: { type: "boolean" },
      yes: { type: "boolean" },
      model: { type: "string" },
      ...ANALYZE_FLAG_OPTIONS,
      ...FILTER_OPTIONS,
    },
    help: HELP,
    check: ({ values }) => {
      const filter = filterFromValues(values);
      const flags = analyzeFlagsFromValues(values);
      if (values.scope !== undefined && values.scope !== "user" && values.scope !== "project") {
        throw new RangeError(`--scope must be user or project, got "${values.scope}"`);
      }
      if (values.write && values.revert) {
        throw new RangeError("--write and --revert cannot be given together");
      }
      return { filter, flags };
    },
  });
  if (typeof read === "number") return read;
  const { line: parsed, checked: { filter, flags } } = read;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const scope = (values.scope ?? "user") as "user" | "project";
  const target = _target(scope);
  if (target === null) {
    console.error(
      `setting: no ${scope} settings file: ${
        scope === "user" ? "HOME" : "the working directory"
      } is not known`,
    );
    return EXIT.invalidArguments;
  }
  const interactive = Deno.stdin.isTerminal();
  try {
    if (values.revert) return await _revert(target, values.yes === true, interactive);
    const settings = await settingsForCommand("setting", flags.settingsPath, filter.since ?? null);
    if (typeof settings === "number") return settings;
    let report: TriggerReport;
    if (typeof values.from === "string") {
      report = await _fromFile(values.from, values.model as string | undefined);
      // The setting in use is this machine's; the offset was measured where the analysis ran.
      const measured = report.recommendation.measuredOffset ?? null;
      report = {
        ...report,
        recommendation: {
          ...withSettingComparison(
            report.recommendation,
            report.replay,
            resolveSetting(settings, report.options.model),
            null,
          ),
          measuredOffset: measured,
        },
      };
    } else {
      const analysed = await _analyze(parsed.positionals, filter, flags, settings, args, values);
      if (typeof analysed === "number") return analysed;
      report = analysed;
    }
    return await _propose(report, settings, scope, target, {
      write: values.write === true,
      yes: values.yes === true,
      interactive,
    });
  } catch (error) {
    if (error instanceof MalformedSettingsError) {
      console.error(`setting: ${error.message}`);
      return EXIT.invalidArguments;
    }
    if (error instanceof ReadOnlySettingsError) {
      console.error(`setting: ${error.message}`);
      return EXIT.unreadable;
    }
    if (error instanceof SyntaxError) {
      console.error(`setting: ${error.message}`);
      return EXIT.invalidArguments;
    }
    return failureExit("setting", error);
  }
}

/** Runs the analysis on the transcripts (as `analyze`), or an exit code. */
async function _analyze(
  positionals: string[],
  filter: ReturnType<typeof filterFromValues>,
  flags: ReturnType<typeof analyzeFlagsFromValues>,
  settings: SettingsSnapshot,
  args: string[],
  values: Record<string, string | boolean | undefined>,
): Promise<TriggerReport | number> {
  let pricesText: string | undefined;
  if (flags.pricesPath !== undefined) {
    try {
      pricesText = await readPricesText(flags.pricesPath);
    } catch (error) {
      console.error(`setting: ${(error as Error).message}`);
      return (error as PricesFileError).notFound ? EXIT.missingPath : EXIT.emptySample;
    }
  }
  const input = await selectInputOrExit("setting", positionals, filter);
  if (typeof input === "number") return input;
  const corpus = await readInputCorpus("setting", input, {
    model: values.model as string | undefined,
    idleLimitSeconds: flags.idleLimitSeconds,
    // The rework is measured as analyze measures it, so the setting is analyze's answer.
    fetchTargets: readsFetchTargets(flags.options) && "compacted" as const,
    onProgress: progressReporter("setting: reading"),
  });
  if (corpus.requests.length === 0) {
    console.error(emptySampleMessage("setting", corpus, input.paths));
    return EXIT.emptySample;
  }
  const options = { ...flags.options, settings, threads: flags.threads };
  if (pricesText !== undefined) {
    options.prices = pricesForModel(pricesText, corpus.model, flags.pricesPath!);
  }
  try {
    return (await analyzeTrigger(corpus, options)).report;
  } catch (error) {
    if (error instanceof MissingModelInputsError) {
      console.error(missingInputsMessage(error.missing, error.reasons, args));
      return EXIT.emptySample;
    }
    throw error;
  }
}

/** Prints the comparison and the diff; writes with --write. */
async function _propose(
  report: TriggerReport,
  settings: SettingsSnapshot,
  scope: "user" | "project",
  target: string,
  how: { write: boolean; yes: boolean; interactive: boolean },
): Promise<number> {
  const rec = report.recommendation;
  const lines = [`Model: ${report.options.model}; settings file (${scope}): ${target}`];
  lines.push(...settingLines(report).filter((l, i) => i > 0 || l !== ""));
  // A settings file that cannot be changed is said first, whatever the analysis says.
  const file = await readSettingsFile(target);
  if (file.exists && file.text === null) {
    throw new ReadOnlySettingsError(target, `cannot be read (${file.error})`);
  }
  const parsed = file.text === null ? { doc: null, error: null } : parseSettingsText(file.text);
  if (parsed.error !== null) throw new MalformedSettingsError(target, parsed.error);
  if (rec.withheld !== null && rec.withheld !== undefined && rec.settings === null) {
    // --force alone shows the change; only --write applies it (said as it is, on both paths).
    lines.push(
      how.write
        ? `${rec.withheld} Nothing written; \`deno task setting --force --write\` writes it anyway.`
        : `${rec.withheld} (\`deno task setting --force\` shows the change; with --write it ` +
          "applies it.)",
    );
    writeStdout(lines.join("\n") + "\n");
    return how.write ? EXIT.emptySample : EXIT.ok;
  }
  if (rec.trigger === null || rec.settings === null || rec.settings.autoCompactWindow === null) {
    lines.push(
      rec.trigger === null
        ? `No recommendation: ${rec.budgetError ?? "no trigger qualifies"}. Nothing to write.`
        : `The recommended trigger is not reachable for this model: ${rec.arithmetic}.`,
    );
    writeStdout(lines.join("\n") + "\n");
    return EXIT.emptySample;
  }
  const plan = await planSettingsWrite(target, recommendationEdit(report, parsed.doc));
  const managed = managedOverrides(settings, report.options.model);
  if (plan.diff.length === 0) {
    lines.push(`${target} already holds the recommended setting; nothing to change.`);
    writeStdout(lines.join("\n") + "\n");
    return EXIT.ok;
  }
  lines.push("", "The change:", ...plan.diff);
  for (const shadow of _shadows(settings, scope, report.options.model)) {
    lines.push(`Warning: ${shadow}, so this change would not take effect until that is changed.`);
  }
  const where = settings.layers.find((l) => l.source === "managed")?.path ?? "managed settings";
  if (managed.length > 0 && !how.write) {
    lines.push(
      `Warning: managed settings (${where} and managed-settings.d/) set ${managed.join(", ")}; ` +
        `they win over ${target}, so --write will refuse.`,
    );
  }
  if (managed.length > 0 && how.write) {
    writeStdout(lines.join("\n") + "\n");
    console.error(
      `setting: managed settings (${where} and managed-settings.d/) set ${managed.join(", ")}: ` +
        `they win over ${target}, so nothing was written; ask whoever manages them`,
    );
    return EXIT.invalidArguments;
  }
  if (!how.write) {
    lines.push("", "Nothing written; run again with --write to apply (a backup is kept).");
    writeStdout(lines.join("\n") + "\n");
    return EXIT.ok;
  }
  writeStdout(lines.join("\n") + "\n");
  await checkWritable(target);
  if (!how.yes) {
    if (!how.interactive) {
      console.error("setting: not a terminal: give --yes to write without the question");
      return EXIT.invalidArguments;
    }
    if (!_confirm(`Write this change to ${target}?`)) {
      writeStdout("Nothing written.\n");
      return EXIT.ok;
    }
  }
  const { backup } = await applySettingsWrite(plan);
  writeStdout(
    `Wrote ${target} (backup: ${backup}). Undo: deno task setting --revert${
      scope === "project" ? " --scope project" : ""
    }\n`,
  );
  return EXIT.ok;
}

/** `--revert`: restores the newest backup. */
async function _revert(target: string, yes: boolean, interactive: boolean): Promise<number> {
  const backup = await latestBackup(target);
  if (backup === null) {
    console.error(`setting: ${new NoBackupError(target).message}`);
    return EXIT.missingPath;
  }
  const now = await readSettingsFile(target);
  const restored = backup.endsWith(".absent") ? "" : await Deno.readTextFile(backup);
  const diff = unifiedDiff(now.text ?? "", restored, [target, `${backup} (restored)`]);
  writeStdout(
    [
      `Backup: ${backup}${backup.endsWith(".absent") ? " (there was no file: it is removed)" : ""}`,
      ...(diff.length === 0 ? [`${target} already equals the backup.`] : ["The change:", ...diff]),
    ].join("\n") + "\n",
  );
  await checkWritable(target);
  if (!yes) {
    if (!interactive) {
      console.error("setting: not a terminal: give --yes to revert without the question");
      return EXIT.invalidArguments;
    }
    if (!_confirm(`Restore ${target} from ${backup}?`)) {
      writeStdout("Nothing written.\n");
      return EXIT.ok;
    }
  }
  await revertSettings(target);
  writeStdout(`Restored ${target} from ${backup}.\n`);
  return EXIT.ok;
}

if (import.meta.main) Deno.exit(await main(Deno.args));

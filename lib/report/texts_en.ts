/**
 * Every static text of the report page and of its figure, in English: one table, keyed by name.
 * `{name}` marks a value filled in by `fillText` (numbers of the analysis, the model's name);
 * the Chinese table (`texts_zh.ts`) has the same keys and the same placeholders.
 *
 * Texts are plain: no HTML. The page escapes them after filling.
 *
 * @module
 */

/**
 * The English texts of the report page.
 *
 * @example A text with a placeholder
 * ```ts
 * import assert from "node:assert/strict";
 * import { TEXTS_EN } from "./texts_en.ts";
 *
 * assert.equal(TEXTS_EN.sectionRead, "How to read it");
 * assert.match(TEXTS_EN.pageTitle, /\{model\}/);
 * ```
 */
export const TEXTS_EN = {
  // The page as a whole.
  pageTitle: "When should {model} compact? | Context Compaction Threshold",
  heading: "When should {model} compact?",
  languageLabel: "Language",
  lede:
    "Had Claude Code compacted the context at each trigger along the horizontal axis, what would the sessions have cost per 1M tokens, and how much of the agent's time would compacting have taken? Replayed from {requests} {kind} requests in {sessions} sessions ({hours} hours of agent time). The sliders re-price the replay inside the page.",
  kindReal: "real",
  kindSynthetic: "synthetic",
  kindRealCap: "Real",
  kindSyntheticCap: "Synthetic",
  syntheticNote:
    "Made from the bundled synthetic corpus: generated transcripts shaped like Claude Code's, describing nobody's actual work. Run “deno task report” on your own transcripts for your own answer.",

  // The answer in a sentence.
  answerLabel: "In one sentence",
  answerCheaper:
    "Compacting at {best} instead of {observed} costs {saving} less per 1M tokens ({bestCost} instead of {observedCost}); compacting then takes {bestShare} of agent time instead of {observedShare}.",
  answerAlready:
    "The trigger the transcripts compact at, about {observed}, already costs the least: {bestCost} per 1M tokens, with compacting taking {bestShare} of agent time.",
  answerNoObserved:
    "The cheapest trigger is {best}: {bestCost} per 1M tokens, with compacting taking {bestShare} of agent time.",
  answerNone: "No trigger has a finite mean cost, so there is no answer to give.",
  gridEdgeLow:
    "The lowest cost sits at the lower end of the trigger range ({trigger}): the true optimum may lie below it. Run the analysis again with a lower --trigger-from.",
  gridEdgeHigh:
    "The lowest cost sits at the upper end of the trigger range ({trigger}): the true optimum may lie above it. Run the analysis again with a higher --trigger-to.",

  // The figure and its controls.
  figureTitle: "Cost per 1M tokens and time spent compacting, by compaction trigger",
  figureAria:
    "Chart of the cost per 1M tokens (blue, left axis) and the share of agent time spent compacting (orange, right axis) for compaction triggers from {from} to {to} tokens. {answer}",
  figureNoScript: "The chart is drawn by JavaScript; the tables below do not need it.",
  figureError: "The chart could not be drawn: {message}",
  sliderV: "v, summary writing speed",
  sliderVHint: "Moves the orange curve only.",
  sliderAlpha: "α, cached ÷ uncached input price",
  sliderAlphaHint: "The analysis prices a cache read at {price} per 1M.",
  sliderRho: "ρ, output ÷ uncached input price",
  sliderRhoHint: "The analysis prices output at {price} per 1M.",
  reset: "Back to the analysis values",
  fixedNote: "Uncached input stays at {pm} per 1M and ω at {omega}; a = {a} s per 1K tokens.",
  valueV: "{v} tokens/s",
  valueAlpha: "{alpha} (cache read {price} per 1M)",
  valueRho: "{rho} (output {price} per 1M)",
  legendCost:
    "Cost per 1M tokens, USD (left axis): the mean, with a band from the 10th to the 90th percentile",
  legendShare: "Time spent compacting, % of agent time (right axis)",
  legendObserved: "Observed trigger ({trigger})",
  legendOptimum: "Lowest mean cost",
  legendTStar: "Steady-state T* (closed form)",
  readoutBest:
    "Lowest mean cost at {best}: {cost} per 1M tokens (10th–90th percentile {p10}–{p90}); compacting takes {share} of agent time there.",
  readoutNone: "No trigger has a finite mean cost.",
  readoutTStar: "Steady-state T* ≈ {tstar}.",
  readoutTStarOutside: "Steady-state T* ≈ {tstar} (outside the chart).",

  // Labels drawn inside the chart (the page's and figure.svg/png).
  chartAxisX: "Compaction trigger (tokens of context)",
  chartAxisCost: "Cost per 1M tokens (USD)",
  chartAxisShare: "Time spent compacting (% of agent time)",
  chartMarkObserved: "observed",
  chartMarkOptimum: "lowest cost",
  chartMarkTStar: "T* ≈",
  chartLegendCost: "Cost per 1M tokens, USD (left axis)",
  chartLegendShare: "Share of agent time spent compacting (right axis)",
  chartLegendObserved: "Observed trigger",
  chartLegendOptimum: "Lowest replay cost",
  chartLegendTStar: "Steady-state T*",
  chartMarkTier: "higher price above",
  chartLegendTier: "Higher price tier above this input",
  chartSubtitle: "Mean over resampled workloads; bands span the 10th to 90th percentile",

  // How to read it.
  sectionRead: "How to read it",
  readLeftLead: "Far left: frequent compactions.",
  readLeft:
    "Each one reads the entire context again and writes a fresh summary, so the bill and the waiting both climb steeply.",
  readRightLead: "Far right: rare compactions.",
  readRight:
    "Few compactions happen, but every request drags a large context along, and the cost slowly rises again.",
  readBendLead: "Aim for the flat bottom.",
  readBend:
    "Choose a trigger where the blue curve is near its minimum and the orange curve shows a wait you accept. The green dot marks the lowest mean cost; a nearby trigger that costs a cent more may wait far less.",
  readSlidersLead: "Try the sliders.",
  readSliders:
    "A slower summary writer (smaller v) lifts the orange curve alone: the waiting changes, the bill does not. Cheaper cache reads (smaller α) make a long context cheap to keep and move the lowest cost to the right. Dearer output (larger ρ) makes every summary cost more.",
  readQualityLead: "Quality is not on the chart.",
  readQuality:
    "Only tokens and seconds are priced. If your task needs the model to keep a lot in mind at once, rule the far left out.",

  // Where this can mislead you.
  sectionMislead: "Where this can mislead you",
  modelledLead: "Some of it is a model.",
  modelled:
    "The requests and the way the context grows come from the transcripts. What a compaction costs, and how long it takes, at other triggers is derived from the measured compactions rather than observed.",
  extrapolatedLead: "Compactions are extrapolated.",
  extrapolatedNear:
    "The automatic compactions in the transcripts happen near {observed}; for other triggers, how compaction time and summary size change with the context is extrapolated.",
  extrapolatedNone:
    "The transcripts hold no automatic compaction, so how compaction time and summary size change with the context is extrapolated everywhere.",
  extrapolatedBands:
    "Summary sizes are estimated from the summary text. The bands cover the 10th to the 90th percentile over {workloads} resampled {workloads|workload|workloads} and are not confidence intervals.",
  repriceLead: "The sliders re-price; they do not replay.",
  reprice:
    "When compactions happen and how large the summaries are stay as the analysis found them; only the prices and the writing speed change. For that replay, cost and time share are exact at the new values.",
  unmeasuredLead: "Quality goes unmeasured.",
  unmeasured:
    "A low trigger keeps the context small, which may help the work or harm it. Nothing on this page tells which.",
  differLead: "Your work is not these sessions.",
  differ:
    "The curves are built from these sessions alone. Resampling recombines patterns that occurred and cannot create new ones; when the way you work changes, run the analysis again.",
  agentTimeLead: "Agent time, not wall-clock time.",
  agentTime:
    "Parallel subagents are summed, so the time share is a share of agent time. The compaction call itself is missing from the transcripts; its cache split and summary size are inferred.",

  // Data volume.
  sectionCorpus: "Data volume",
  rowModel: "Model",
  rowSessions: "Work sessions",
  valueSessions: "{total} ({main} main conversations, {subagent} subagent sessions)",
  rowRequests: "Requests (deduplicated)",
  rowWork: "Agent work time",
  valueWork: "{hours} hours (gaps over {idle} s count as idle; compaction time removed)",
  rowCompactions: "Compactions in the transcripts",
  valueCompactions: "{total} ({auto} automatic, {manual} manual; {timed} with a duration)",
  rowObserved: "Observed trigger",
  valueObserved: "{trigger} tokens",
  valueNoneSeen: "none seen",
  rowDivisor: "Billed tokens D (the divisor)",
  valueMillion: "{million} million",
  rowMix: "Billing mix",
  valueMix:
    "{read} cache reads, {write1h} cache writes (1 hour), {write5m} cache writes (5 minutes), {input} plain input, {output} output",
  rowOmega: "ω (uncached-token multiplier)",
  rowLeftOut: "Left out",
  valueLeftOut:
    "sessions with other models: {other}; sessions without a request of this model: {none}; malformed lines: {malformed}",
  rowFiles: "Transcript files read",
  valueFiles: "{files} ({mb} MB)",

  // Time model fit.
  sectionFit: "Time model fit",
  fitIntro:
    "How long one compaction takes: least squares through the origin over the compactions that carry a duration. Through the origin, R² = 1 − SS_res / SS_tot can be negative.",
  fitColumnRegressors: "Regressors",
  fitColumnA: "a (s per 1K tokens)",
  fitColumnV: "v (tokens/s)",
  fitBoth: "Both",
  fitSummaryOnly: "Summary size only",
  fitInputOnly: "Input size only",
  fitNotFitted: "not fitted",
  fitSourceFit:
    "The replay uses the fit with both regressors: a = {a} s per 1K tokens, v = {v} tokens/s.",
  fitSourceOptions:
    "The replay uses a = {a} s per 1K tokens and v = {v} tokens/s, given as options.",
  fitFailed: "The fit failed: {error}",
  sectionLeftBehind: "What a compaction leaves behind",
  rowSummary: "Summary size",
  summaryOptions: "G = {g0} tokens, given as an option",
  summaryLinear:
    "G(C) = {g0} {sign} {g1} · C tokens, least squares on {n} {n|compaction|compactions}, R² = {r2}",
  summaryMedian:
    "G = {g0} tokens, the median of {n} {n|compaction|compactions} (too few, or all of one input size, for a line)",
  rowPost: "Context after a compaction",
  valuePost: "R(C) = {prefix} + G(C) tokens",
  givenOption: "(given as an option)",
  rowBeta: "β, cached share of the compaction input",
  rowCPost: "Cached share of the first request after it",
  rowNotFitted: "Not fitted",
  rowDelta: "Δ, mean growth per request",
  valueTokens: "{tokens} tokens",

  // Checks.
  sectionChecks: "Checks",
  checksIntro:
    "How far to trust the replay: replaying the recorded history at the recorded trigger should land close to what the recorded requests cost.",
  checkBill: "Observed bill",
  valuePerMillion: "{cost} per 1M",
  checkBillNote:
    "The recorded requests priced by their own categories, plus the inferred compaction calls ({compaction} of it).",
  checkAdvisor: "Advisor passes, left out",
  checkAdvisorNote:
    "{n} passes of an advisor model inside the recorded responses ({share}% of the billed tokens, {usd} at catalog prices): in no request, so the replay leaves them out; priced here as a line of their own.",
  checkLeftOut: "Sessions left out",
  checkLeftOutNote:
    "{requests} {requests|request|requests} in {sessions} {sessions|session|sessions} of another model (or with no model of most of their requests), priced at each request's own catalog prices; {switched} {switched|session|sessions} that switched model {switched|is|are} kept whole for this model.",
  checkPrecomputed: "Time share without precomputed waits",
  checkPrecomputedNote:
    "{share}% of the recorded compactions were precomputed (summarized in the background). The time shares above count every compaction's time ({with} at the recommended trigger); this is the recommended trigger's if that share cost no waiting.",
  checkReplay: "Replay at the observed trigger",
  checkReplayNote:
    "The recorded history replayed with compactions at {trigger}: {ratio} × the observed bill.",
  checkReplayNone: "No trigger was observed.",
  checkGrowth: "Resampling keeps growth",
  valueMismatches: "{n} {n|mismatch|mismatches}",
  checkGrowthNote:
    "Every session of the {workloads} resampled {workloads|workload|workloads} keeps its recorded total growth ({cells} session totals compared).",

  // Closed form.
  sectionSteady: "Closed form beside the replay",
  steadyRow: "Steady-state T*",
  steadyNote: "R + √(2Δ·(B·R + ρ·G) / α) with R = {r}, G = {g}, Δ = {delta}, β = {beta}",
  steadyReplay: "Replay's lowest mean cost",
  steadyReplayNote: "The green dot, at the analysis prices",
  steadyRatio: "Ratio T* / replay",
  steadyRatioNote:
    "The formula shows which way each effect pushes; the curves themselves come from the replay.",

  // How the numbers were made.
  sectionMethod: "How the numbers were made",
  methodShort:
    "In brief: the sessions were replayed at every trigger, summing what they would have cost and how long compacting would have taken.",
  methodRequestsLead: "{Kind} requests.",
  methodRequests:
    "Taken one at a time from {requests} {kind} requests of {model}: the context size, the cached share and the output of each. Main conversations and their subagents both count.",
  methodCompactionsLead: "Measured compactions.",
  methodCompactions:
    "{timed} {timed|compaction that carries a duration calibrates|compactions that carry a duration calibrate} the time model; summary sizes are estimated from the summary text.",
  methodWorkloadsLead: "More workloads.",
  methodWorkloads:
    "Each session's changes from one request to the next are cut into blocks of {block} requests and resampled (method “{method}”) with the fixed seed {seed}, giving {workloads} {workloads|workload|workloads} that behave like the recorded one.",
  methodBlockChosen:
    "The block length, {block}, was chosen from the data: the Politis–White rule (with the 2009 correction) on the steps' growth.",
  methodReplayLead: "Replay and average.",
  methodReplay:
    "Every workload is replayed at {n} {n|trigger|triggers} from {from} to {to} tokens; each curve is the mean over the workloads, with no smoothing.",
  methodStepLead: "Across a recorded compaction.",
  methodStepPrevious:
    "Where the replay does not compact at a step where the recorded session did, the step is billed with the cached share of the request before it, as if the cache had stayed warm (rule “previous”, the default; “kept” bills it with the share the recorded compaction left).",
  methodStepKept:
    "Where the replay does not compact at a step where the recorded session did, the step is billed with the cached share the recorded compaction left (rule “kept”, see docs/method.md).",
  sectionCost: "Cost per 1M tokens",
  costBody:
    "The chart does not show the sessions' total bill, which would grow with the amount of history. Each cost is the replay's cost at that trigger, divided by the billed tokens of the recorded history ({million} million) and multiplied by one million. The divisor is one fixed number, not the token count of each replay, so the reference million has the recorded billing mix, and costs compare across models and amounts of history.",

  // Formula and symbols.
  sectionFormula: "Formula and symbols",
  formulaIntro:
    "First the price of a single request; then ordinary requests and compactions are summed over the whole workload.",
  formulaRequest: "Cost of one request",
  formulaRatios: "Price ratios",
  formulaTotal: "Total cost",
  formulaTotalExpression:
    "J(T) = Σ Q(ordinary requests) + Σ Q(compaction input and summary output)",
  formulaTime: "Time of one compaction",
  formulaShare: "Time share",
  formulaSteady: "Steady-state approximation",
  symbolX: "Context tokens of one request.",
  symbolY: "Output tokens of that request, billed at the output price.",
  symbolC: "Share of a request's input served from the prompt cache.",
  symbolPrices:
    "Price per token of uncached input, cached input and output (p_m = {pm} per 1M here).",
  symbolAlpha:
    "Cached input price over uncached input price; {alpha} in the analysis. A slider sets it.",
  symbolRho: "Output price over uncached input price; {rho} in the analysis. A slider sets it.",
  symbolB:
    "Effective price of one context token carried into a compaction, once its cache hits are counted.",
  symbolOmega:
    "How many times the base input price an uncached token costs: 2 for a 1-hour cache write, 1.25 for a 5-minute one, weighted by what was actually written ({omega} here).",
  symbolCK:
    "Compaction input: the whole context before the compaction, nearly all of it billed as cache reads.",
  symbolTR: "T is the compaction trigger; R is the context just after a compaction.",
  symbolDelta: "Average growth of the context, in tokens, after each ordinary request.",
  symbolG: "Summary tokens written, and billed, by one compaction.",
  symbolBeta: "Share of the compaction input served from the cache.",
  symbolA:
    "Seconds per context token of a compaction, fitted on the measured compactions. Cache reads take as long.",
  symbolV: "Summary writing speed, tokens per second. A slider sets it.",
  symbolNTW: "Number of compactions, time of one compaction, and working time without compaction.",
  sectionMoves: "What moves the best trigger",
  movesCacheLead: "Cheaper cached input, higher trigger.",
  movesCache: "A small α makes a long context cheap to keep.",
  movesGrowthLead: "Faster growth, higher trigger.",
  movesGrowth: "A large Δ makes a low trigger compact again and again.",
  movesSummaryLead: "Longer summaries, higher trigger.",
  movesSummary: "A large G makes every compaction dearer.",
  movesWritingLead: "Slower writing, higher trigger.",
  movesWriting:
    "A small v makes each compaction last longer, so fewer of them fit in your time budget.",
  movesNeedLead: "More context needed, higher trigger.",
  movesNeed: "Whatever the chart says, the work itself sets a floor.",

  // Read cost.
  sectionReadCost: "What reading tool results costs",
  readCostIntro:
    "Input tokens spent on tool results in the same transcripts: once when a result is read (one-shot), and again in every later request of the session that carries it (carried). Estimates are ceil(characters / 4) tokens; shares are of the observed input tokens.",
  readCostFiles:
    "Files read: {read}; sessions included (at least {minTurns} assistant messages): {included}; left out: {excluded}.",
  readCostTokens:
    "Observed input tokens: {input}; output tokens (not part of the observed input): {output}.",
  readCostColumnKind: "Kind",
  readCostColumnResults: "Results",
  readCostColumnOneShot: "One-shot tokens (share)",
  readCostColumnCarried: "Carried tokens (share)",
  readCostKindBulk: "bulk reads",
  readCostKindTargeted: "targeted reads",
  readCostKindSearch: "searches",
  readCostKindSubagent: "subagent results",
  readCostKindOther: "other",
  readCostKindUnmatched: "unmatched",
  readCostAll: "all results",
  readCostCandidates: "bulk-read candidates (at least {minChars} characters)",

  // Sessions with helper agents (counted in the totals, listed apart).
  valueSessionsHelpers:
    "{total} ({main} main conversations, {subagent} subagent sessions, {helper} helper agents)",

  // The recommended setting.
  sectionSetting: "The setting that puts compaction there",
  recCheapest:
    "Recommended trigger: {trigger}, the cheapest one ({cost} per 1M tokens; compacting takes {share} of agent time).",
  recBudget:
    "Recommended trigger: {trigger}, the cheapest one whose time spent compacting stays within {budget} ({cost} per 1M tokens; compacting takes {share} of agent time).",
  recSaving:
    "Against the observed {observed} ({observedCost} per 1M tokens, {observedShare} of agent time) that is {saving} less per 1M tokens.",
  recDearer:
    "Against the observed {observed} ({observedCost} per 1M tokens, {observedShare} of agent time) that is {saving} more per 1M tokens, bought with less waiting.",
  recNoneBudget:
    "No trigger of the range keeps the time spent compacting within {budget}: there is no setting to recommend under that budget.",
  recNone: "No trigger has a finite mean cost: there is no setting to recommend.",
  recSpread:
    "How sure: with other sessions like these, the cheapest trigger lies between {p10} and {p90} (10th–90th percentile, median {p50}, {workloads} session draws; see “How sure” below).",
  recSettingsIntro: "In settings.json (context window {window} tokens, {source}):",
  recWindowCatalog: "the model's, from the price catalog",
  recWindowOption: "as given by --context-window",
  recWindowDefault: "a default: give --context-window for your model",
  recEnvIntro: "Or, for one shell, in the environment:",
  recPercent:
    "The window cannot be set as low as this trigger, so the percentage override on the smallest window puts compaction there.",
  recNotReachable:
    "Not reachable for this model: the trigger lies above what its context window of {window} tokens allows.",
  recArithmetic: "The arithmetic, as the analysis computed it:",
  recCaveat:
    "Claude Code's compaction arithmetic has changed between releases. After a few sessions with the new setting, check on the compaction timeline below that the automatic compactions moved.",

  // Default | current | recommended (page_setting_compare.ts).
  cmpIntro:
    "What you have now, what Claude Code does with nothing set, and the recommendation, each at its trigger on the mean curves:",
  cmpIntroUnread:
    "The settings in use were not read for this page (--from a document, or a library call): Claude Code's default beside the recommendation.",
  cmpColumnDefault: "default",
  cmpColumnCurrent: "current",
  cmpColumnRecommended: "recommended",
  cmpRowWindow: "autoCompactWindow",
  cmpRowPct: "percentage override",
  cmpRowSource: "set in",
  cmpRowTrigger: "trigger",
  cmpRowCost: "cost per 1M tokens",
  cmpRowShare: "time compacting",
  cmpRowSaving: "saving against current",
  cmpWindowNone: "not set ({window})",
  cmpWithheld: "withheld (low confidence)",
  cmpOutside:
    "n/a: {triggers} lies outside the replayed grid; widen it with --trigger-from/--trigger-to to price it.",
  cmpSourceManaged: "managed settings",
  cmpSourceFile: "the --settings file",
  cmpSourceLocal: "the project's settings.local.json",
  cmpSourceProject: "the project's settings.json",
  cmpSourceUser: "your settings.json",
  cmpSourceEnv: "the environment",
  cmpSourceDefault: "nothing set",
  cmpSourceRecommended: "this analysis",
  cmpSinceFile: "since {date} (when the settings file last changed)",
  cmpSinceOption: "since {date} (--since)",
  cmpSinceAll: "in the whole history",
  cmpEffectNoWindow: "Whether the setting took effect cannot be told: no window is known.",
  cmpEffectNoDate:
    "Whether the setting took effect cannot be told: the window comes from the environment, whose change time is unknown; give --since DATE (when you set it).",
  cmpEffectTooFew:
    "Whether the setting took effect cannot be told yet: {n} automatic {n|compaction|compactions} {since}, at least 5 are needed.",
  cmpEffectYes:
    "Did it take effect? Yes: the {n} automatic {n|compaction|compactions} {since} have a median C of {median} against a window of {window}: an offset of {offset}, within 5K of the assumed {assumed}.",
  cmpEffectOtherOffset:
    "Did it take effect? Yes, with another offset: the {n} automatic {n|compaction|compactions} {since} have a median C of {median} against a window of {window}: an offset of {offset}, not the assumed {assumed}. The recommended window uses the measured offset.",
  cmpEffectNo:
    "Did it take effect? No: the {n} automatic {n|compaction|compactions} {since} have a median C of {median} against a window of {window}: an offset of {offset}, far from any the arithmetic allows (assumed: {assumed}). The compactions do not follow this window: another setting, a release that ignores it, or a window the model caps.",
  cmpEffectPctYes:
    "Did it take effect? Yes: the {n} automatic {n|compaction|compactions} {since} have a median C of {median}, within 5K of the {expected} the percentage override should give.",
  cmpEffectPctNo:
    "Did it take effect? No: the {n} automatic {n|compaction|compactions} {since} have a median C of {median}, not the {expected} the percentage override should give.",

  // Steady state: how sure the replay's lowest cost is.
  steadySpread: "Cheapest trigger of each resampled workload",
  steadySpreadNote:
    "10th–90th percentile over {workloads} {workloads|workload|workloads} (median {p50}), at the analysis prices",

  // Did it take effect: the compaction timeline.
  sectionTimeline: "Did it take effect? Compactions over time",
  timelineIntro:
    "Each measured compaction's input size C on the date it ran (UTC): automatic ones, manual ones (/compact) and those whose trigger was not recorded, apart. After a change of autoCompactWindow, the automatic compactions should gather at the new level from that day on.",
  timelineConfigured:
    "The dashed line is the trigger that autoCompactWindow = {window} gives: {trigger}.",
  timelineUnplaced: "{n} {n|compaction|compactions} without a time or a size {n|is|are} not drawn.",
  timelineNone: "No compaction with both a time and a size was found: there is nothing to draw.",
  timelineTitle: "Compactions over time",
  timelineSubtitle: "Each dot is one compaction: its input size C on the day it ran",
  timelineAxisX: "Date of the compaction (UTC)",
  timelineAxisY: "Compaction input C (tokens)",
  timelineLegendAuto: "automatic",
  timelineLegendManual: "manual (/compact)",
  timelineLegendUnknown: "trigger not recorded",
  timelineLegendOther: "other trigger (e.g. idle)",
  timelineLegendConfigured: "configured trigger level",
  timelineLegendChanged: "setting last changed",
  timelineMarkChanged: "changed",
  timelineChanged:
    "The dotted vertical line marks {date}, when the setting in use last changed: the automatic compactions after it should sit at the dashed level.",
  timelineMarkConfigured: "configured",

  // Every model on its own (--model all).
  sectionModels: "Every model on its own",
  modelsIntro:
    "The sessions of each model, analysed on their own. The chart, the sliders and the sections below are those of {model}, the model with the most requests. Each model's cost per 1M tokens is divided by its own billed tokens.",
  modelsColumnModel: "Model",
  modelsColumnSessions: "Sessions",
  modelsColumnRequests: "Requests",
  modelsColumnBilled: "Billed tokens (millions)",
  modelsColumnObserved: "Observed trigger",
  modelsColumnCheapest: "Cheapest trigger",
  modelsColumnCost: "Cost per 1M there (10th–90th percentile)",
  modelsColumnTStar: "T*",
  modelsColumnShare: "Time spent compacting there",
  modelsColumnSaving: "Saving against the observed trigger",
  modelsEdge: "* on the edge of the trigger range: the optimum may lie outside it.",
  modelsNotAnalysed:
    "Not analysed: its transcripts cannot give the compaction model (too few measured compactions), and no values were given for it.",
  modelsWithoutCurves:
    "Without curves it still has {requests} {requests|request|requests} and {million} million billed tokens, prices α = {alpha} ({alphaSource}), ρ = {rho} ({rhoSource}) and p_m = {pm} per 1M ({pmSource}), and an observed bill of {bill} per 1M tokens. The curves need {flags}.",
  modelsSetting: "Setting: autoCompactWindow = {window}.",
  modelsSettingPercent: "Setting: autoCompactWindow = {window} with {env}.",
  modelsSettingNone: "No setting reaches the recommended trigger for this model.",
  modelsSettingWithheld:
    "The setting is withheld: the answer's confidence is low (--force gives it).",
  modelsAnswerName: "{model}:",

  // The answer as a range: how sure, what else is nearly as cheap (page_range.ts).
  chartLegendNearOptimal: "Within 2% of the lowest cost",
  chartLegendExtrapolated: "Extrapolated (few sessions, or compaction sizes not measured)",
  sectionRange: "How sure, and what else is nearly as cheap",
  fitConstrained: "Used: a ≥ 0 and v > 0",
  fitMethodInputOnly: "the fit with both gave a negative coefficient; input size alone fits better",
  fitMethodSummaryOnly:
    "the fit with both gave a negative coefficient; summary size alone fits better",
  fitMethodVGiven: "a refitted beside the given v",
  fitMethodAGiven: "v refitted beside the given a",
  reasonSeparator: "; ",
  gradeHigh: "high",
  gradeMedium: "medium",
  gradeLow: "low",
  confidenceLow: "Confidence: low. Do not act on this answer yet: {reasons}.",
  confidenceMedium: "Confidence: medium: {reasons}.",
  confidenceHigh:
    "Confidence: high: enough timed compactions and sessions reach the trigger, and the cheapest trigger holds with other sessions like these.",
  confidenceWithheld:
    "The settings snippet is withheld; run with --force to print it anyway. The curves are still drawn.",
  reasonFewTimedCompactions:
    "only {value} timed compactions (at least {threshold} would fit the compaction time)",
  reasonWeakTimeFit:
    "the compaction time fit explains little (R² {value}, below {threshold}); more timed compactions of varied size would settle it",
  reasonFewSessionsAtTrigger:
    "only {value} {value|session|sessions} reached {trigger} (at least {threshold} would show how contexts grow there)",
  reasonExtrapolated:
    "{trigger} lies more than 25% outside the compaction sizes measured; compactions near it would settle the models there",
  reasonAtGridEdge:
    "the cheapest trigger is on the edge of the trigger range: the optimum may lie beyond it",
  reasonWideNearOptimalRange:
    "triggers from {from} to {to} all cost within 2% ({value} of the trigger range): the data hardly tell them apart",
  reasonSomeTimedCompactions:
    "{value} timed compactions ({threshold} or more would make the time fit firm)",
  reasonSpreadBeyondRange:
    "with other sessions like these the cheapest trigger could be {p10}–{p90}, beyond the 2% range; more sessions would narrow it",
  reasonReworkNotMeasured:
    "the curves leave out the rework after a compaction (re-reading what was lost), which would favour higher triggers",
  reasonNoRecommendation: "no trigger is recommended",
  rangeIntro:
    "The triggers whose mean cost is within a tolerance of the cheapest: any of them costs at most that much more per 1M tokens. The figure shades the 2% range.",
  rangeColumnTolerance: "Within",
  rangeColumnTriggers: "Triggers",
  rangeColumnShare: "Time spent compacting at the highest",
  rangeHoles: "{range} (not contiguous: {holes} cost more)",
  rangeSentence:
    "Anything from {from} to {to} costs within 2% of the cheapest; compacting at {to} takes {toShare} of agent time instead of {share}.",
  rangeSentenceToCheapest: "Anything from {from} to {to} costs within 2% of the cheapest.",
  spreadSessions:
    "With other sessions like these (sessions drawn with replacement within each kind, then blocks reshuffled inside each; {draws} draws, seed {seed}), the cheapest trigger lies {range} (10th–90th percentile, median {p50}).",
  spreadBetween: "between {p10} and {p90}",
  spreadAt: "at {p10}",
  spreadBlocks:
    "Reshuffling blocks inside each of your own sessions alone ({workloads} workloads, every session kept) gives {span}: it only shows how much the order of the steps matters. The figure's bands are the 10th–90th percentiles over those workloads, so they are narrow; judge the answer by the spread over sessions.",
  supportSome:
    "Extrapolated triggers, faded and hatched on the figure: {zones}. At each of them fewer than {minSessions} of your sessions reached the trigger, or it lies more than 25% outside the compaction sizes measured ({minC}–{maxC}).",
  supportNone:
    "No trigger of the range is extrapolated: at least {minSessions} sessions reach each, and each lies near the compaction sizes measured ({minC}–{maxC}).",
  supportAtRecommended:
    "{sessions} of your {total} sessions ({share}) reached the recommended {trigger}.",
  figuresWhich:
    "Which figure is which: the saving compares the replay's mean over resampled workloads at the recommended trigger ({rec} per 1M) with the same mean at your observed trigger ({obs}). The replay of your own history at the observed trigger gives {replay}; your bill, priced from the transcripts, is {bill}; the checks below say why they differ.",
  dollarsSaved:
    "In dollars: {usd} saved on this history ({days} days of it), {per30} per 30 days at its rate.",
  dollarsMore:
    "In dollars: {usd} more on this history ({days} days of it), {per30} per 30 days at its rate.",
  alternative:
    "The cheapest trigger more than doubles the time spent compacting ({share} of agent time instead of {observedShare}). Keeping it within {budget}: {trigger}, {saving} less per 1M tokens ({altShare} of agent time).",
  settingStatic:
    "This section is for the analysis values: the sliders above move the figure and the answer, not this setting.",
  settingWithheld:
    "No settings snippet: the answer's confidence is low (see “How sure” below). Run with --force to print it anyway.",
  checkBillDifference: "Replay against the bill",
  checkBillDifferenceNote:
    "The replay of your own history at the observed trigger is {diff} of the bill. The replay compacts exactly at the trigger and prices every compaction with the fitted model (G(C), β, c_post), where the real ones ran at their own sizes and caches, and bills a step across a real compaction with the cached share before it. The saving compares replay with replay, so this difference does not enter it.",
  modelsColumnGrade: "Confidence",
  modelsColumnDollars: "Saving per 30 days",

  // Footer.
  footer:
    "Trigger analysis, schema version {schema}: {workloads} {workloads|workload|workloads}, method “{method}”, blocks of {block}, seed {seed}, triggers {from}–{to} every {step}{cut}, idle limit {idle} s. This page needs no network.",
  footerGridCut:
    " (replayed from {first}: a trigger at or below the context after a compaction cannot compact)",

  // The cost of forgetting: the re-reads after each compaction (page_forgetting.ts).
  chartLegendCostWithoutRework: "Cost per 1M tokens without the re-reads after each compaction",
  chartMarkOptimumWithoutRework: "lowest without re-reads",
  chartLegendOptimumWithoutRework: "Lowest cost without the re-reads",
  legendCostWithoutRework:
    "Cost per 1M tokens without the re-reads after each compaction (thin dashed)",
  legendOptimumWithoutRework: "Lowest cost without the re-reads",
  sectionForgetting: "The cost of forgetting",
  forgettingIntro:
    "After a compaction the agent has lost what it had read, and fetches some of it again: the same files, the same searches. Those re-reads are in the transcripts, so they can be counted and priced into every compaction of the replay.",
  forgettingMeasured:
    "In the {window} requests after each boundary the agent re-read, on average, {tokens} tokens more of what it had fetched before the boundary than it re-read in the {window} requests before it (the control window): 95% interval {low} to {high}, over {compactions} {compactions|compaction|compactions}. That took {requests} more requests with a re-read (95% interval {requestsLow} to {requestsHigh}). Counted without the control, the figure would be {naive} tokens: agents re-read files anyway, after an edit or for a repeated search.",
  forgettingConstant:
    "The amount does not grow with the size of the context at compaction (too little spread in it to support a slope), so every compaction gets the same.",
  forgettingLine:
    "The amount grows with the size of the context at compaction, {slope} tokens per 1K tokens of it, and the replay takes it at each compaction's own size.",
  forgettingOption:
    "Given by option, not measured: {tokens} tokens and {requests} requests after each compaction.",
  forgettingNoTargets:
    "Not measured: the transcripts were read without the targets of their tool calls. The curves carry no re-reads: a compaction is priced as rereading the context and writing the summary, as in the published method.",
  forgettingTooFew:
    "Not measured: only {compactions} {compactions|compaction|compactions} {compactions|has|have} complete windows of {window} requests before and after the boundary, and the estimate needs at least 10. The curves carry no re-reads: a compaction is priced as rereading the context and writing the summary, as in the published method.",
  forgettingOff:
    "Left out by option (--rework off): the curves are the published method's, without re-reads.",
  forgettingEffect:
    "The replay adds them after every compaction it makes: {tokens} tokens that stay in the context until the next compaction, and {requests} extra requests billed at the context after it. The cheapest trigger is then {with} instead of {without}, and the steady-state T* {tstar} instead of {tstarWithout}. The thin dashed line of the figure is the cost without them.",
  forgettingNoMove:
    "The replay adds them after every compaction it makes: {tokens} tokens that stay in the context until the next compaction, and {requests} extra requests billed at the context after it. The cheapest trigger stays at {with}; the steady-state T* is {tstar} instead of {tstarWithout}. The thin dashed line of the figure is the cost without them.",
  forgettingSliders:
    "The sliders re-price both curves. They do not change the re-reads: a different amount moves which request compacts, so it needs a new replay.",

  // A pool of exports (report --tables).
  sectionPool: "A pool of exports",
  poolIntro:
    "This report was made from the exports of {contributors} {contributors|contributor|contributors} (deno task export), pooled and read through DuckDB: {sessions} sessions, {requests} requests and {compactions} compactions of {model}. No transcript was read: an export holds token counts, times and keyed session hashes only.",
  poolOrganisation:
    "For everyone: put the recommended setting in managed-settings.json ({linux} on Linux, {macos} on macOS), which Claude Code applies over every user's own settings:",
  poolUser: "For one user, the same lines go into {path}.",
  poolNoSetting:
    "No setting to roll out for everyone: the analysis recommends none (the setting section says why).",
  poolOtherModel:
    "{model}: {contributors} {contributors|contributor|contributors}, {sessions} {sessions|session|sessions}, {requests} {requests|request|requests}, {compactions} {compactions|compaction|compactions}; the setting for everyone:",
  poolOtherNoSetting: "none recommended.",
  poolLeftOutHeading: "What a pool leaves out",
  poolLeftOutReadCost:
    "The read-cost measurement (what reading tool results costs): it counts the characters of each tool result, and an export never carries any text. Run deno task report on one person's transcripts for it.",
  poolLeftOutRework:
    "The rework after a compaction (the cost of forgetting): these exports carry no rework windows of {window} requests (an export holds the windows of the size it was made with), so nothing says what a request re-read; the curves are the published method's, without re-reads.",
  poolReworkMeasured:
    "The rework after a compaction (the cost of forgetting) is measured from the rework windows the exports carry: per compaction, how many requests re-read something and how many tokens they re-read, in the {window} requests after it and in the {window} before it. Never what was read.",
  poolLeftOutSetting:
    "The setting in use beside the recommendation is the one of the machine that made this report; the contributors' own settings are not in their exports.",
} as const;

/**
 * Every static text of the report page and of its figure, in Simplified Chinese: the same keys
 * and the same `{name}` placeholders as the English table (`texts_en.ts`); a missing or extra key
 * is a type error. Numbers keep the page's one format in both languages (`267.9K`, `$1.234`,
 * `3.4%`).
 *
 * @module
 */
import type { TextKey } from "./texts.ts";

/**
 * The Chinese texts of the report page.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TEXTS_ZH } from "./texts_zh.ts";
 *
 * assert.equal(TEXTS_ZH.sectionRead, "怎样读这张图");
 * ```
 */
export const TEXTS_ZH: Readonly<Record<TextKey, string>> = {
  pageTitle: "{model} 何时该压缩上下文？| 上下文压缩阈值",
  heading: "{model} 何时该压缩上下文？",
  languageLabel: "语言",
  lede:
    "假如 Claude Code 在横轴上的每个触发点压缩上下文，这些会话每 100 万 token 要花多少钱，压缩又会占去代理多少时间？结果由 {sessions} 个会话中的 {requests} 个{kind}请求重放得出（代理时间共 {hours} 小时）。拖动滑块，页面会当场重新定价。",
  kindReal: "真实",
  kindSynthetic: "合成",
  kindRealCap: "真实",
  kindSyntheticCap: "合成",
  syntheticNote:
    "本页来自项目自带的合成语料：仿照 Claude Code 转录生成，不对应任何人的实际工作。想得到你自己的结论，请在你的转录上运行“deno task report”。",

  answerLabel: "一句话结论",
  answerCheaper:
    "在 {best} 而不是 {observed} 压缩，每 100 万 token 便宜 {saving}（{bestCost}，原为 {observedCost}）；压缩占用的代理时间则由 {observedShare} 变为 {bestShare}。",
  answerAlready:
    "转录里实际的压缩点（约 {observed}）已经最便宜：每 100 万 token {bestCost}，压缩占代理时间的 {bestShare}。",
  answerNoObserved:
    "最便宜的触发点是 {best}：每 100 万 token {bestCost}，压缩占代理时间的 {bestShare}。",
  answerNone: "没有哪个触发点的平均费用是有限值，因此给不出结论。",
  gridEdgeLow:
    "最低费用落在触发点范围的下端（{trigger}），真正的最优点可能更低。请用更小的 --trigger-from 重新分析。",
  gridEdgeHigh:
    "最低费用落在触发点范围的上端（{trigger}），真正的最优点可能更高。请用更大的 --trigger-to 重新分析。",

  figureTitle: "按压缩触发点看：每 100 万 token 的费用与压缩耗时",
  figureAria:
    "图表：压缩触发点从 {from} 到 {to} token 时，每 100 万 token 的费用（蓝色，左轴）和压缩所占代理时间的比例（橙色，右轴）。{answer}",
  figureNoScript: "图表由 JavaScript 绘制；下面的表格不需要它。",
  figureError: "图表无法绘制：{message}",
  sliderV: "v，摘要生成速度",
  sliderVHint: "只影响橙色曲线。",
  sliderAlpha: "α，缓存输入价 ÷ 未缓存输入价",
  sliderAlphaHint: "分析中缓存读取为每 100 万 {price}。",
  sliderRho: "ρ，输出价 ÷ 未缓存输入价",
  sliderRhoHint: "分析中输出为每 100 万 {price}。",
  reset: "恢复分析时的取值",
  fixedNote: "未缓存输入固定为每 100 万 {pm}，ω 固定为 {omega}；a = 每 1K token {a} 秒。",
  valueV: "{v} token/秒",
  valueAlpha: "{alpha}（缓存读取每 100 万 {price}）",
  valueRho: "{rho}（输出每 100 万 {price}）",
  legendCost: "每 100 万 token 的费用，美元（左轴）：均值，色带为第 10 到第 90 百分位",
  legendShare: "压缩耗时，占代理时间的百分比（右轴）",
  legendObserved: "实际触发点（{trigger}）",
  legendOptimum: "平均费用最低",
  legendTStar: "稳态 T*（闭式解）",
  readoutBest:
    "平均费用最低的触发点是 {best}：每 100 万 token {cost}（第 10–90 百分位 {p10}–{p90}）；此处压缩占代理时间的 {share}。",
  readoutNone: "没有哪个触发点的平均费用是有限值。",
  readoutTStar: "稳态 T* ≈ {tstar}。",
  readoutTStarOutside: "稳态 T* ≈ {tstar}（在图表范围之外）。",

  chartAxisX: "压缩触发点（上下文 token 数）",
  chartAxisCost: "每 100 万 token 费用（美元）",
  chartAxisShare: "压缩耗时（占代理时间 %）",
  chartMarkObserved: "实际",
  chartMarkOptimum: "最低费用",
  chartMarkTStar: "T* ≈",
  chartLegendCost: "每 100 万 token 费用，美元（左轴）",
  chartLegendShare: "压缩占代理时间的比例（右轴）",
  chartLegendObserved: "实际触发点",
  chartLegendOptimum: "重放费用最低",
  chartLegendTStar: "稳态 T*",
  chartMarkTier: "此处以上价格更高",
  chartLegendTier: "输入超过此值时按更高一档计价",
  chartSubtitle: "重采样工作负载的均值；色带为第 10 到第 90 百分位",

  sectionRead: "怎样读这张图",
  readLeftLead: "最左边：频繁压缩。",
  readLeft: "每次压缩都要把整个上下文重读一遍、再写一份新摘要，账单和等待时间都会急剧上升。",
  readRightLead: "最右边：很少压缩。",
  readRight: "压缩很少发生，可每个请求都拖着一个很大的上下文，费用又会慢慢回升。",
  readBendLead: "瞄准平坦的谷底。",
  readBend:
    "选一个蓝线接近最低、橙线显示的等待你也能接受的触发点。绿点是平均费用最低处；旁边贵一分钱的触发点，等待可能少得多。",
  readSlidersLead: "试试滑块。",
  readSliders:
    "摘要写得越慢（v 越小），只有橙线抬高：等待变了，账单不变。缓存读取越便宜（α 越小），保留长上下文越省钱，最低费用点向右移。输出越贵（ρ 越大），每份摘要都更贵。",
  readQualityLead: "图上没有质量。",
  readQuality: "这里只给 token 和秒数定价。如果你的任务需要模型同时记住很多内容，就别考虑最左边。",

  sectionMislead: "哪里可能误导你",
  modelledLead: "有一部分是模型。",
  modelled:
    "请求和上下文的增长方式取自转录。在其他触发点上一次压缩花多少钱、用多长时间，是由实测的压缩推算出来的，而不是观察到的。",
  extrapolatedLead: "压缩是外推的。",
  extrapolatedNear:
    "转录中的自动压缩发生在 {observed} 附近；在其他触发点上，压缩耗时和摘要大小怎样随上下文变化，是外推得到的。",
  extrapolatedNone: "转录中没有自动压缩，所以压缩耗时和摘要大小怎样随上下文变化，处处都是外推的。",
  extrapolatedBands:
    "摘要大小由摘要文本估算。色带覆盖 {workloads} 组重采样工作负载的第 10 到第 90 百分位，并不是置信区间。",
  repriceLead: "滑块只重新定价，不重新重放。",
  reprice:
    "何时压缩、摘要多大，都保持分析时的结果；变的只有价格和生成速度。对这次重放而言，新取值下的费用和时间占比是精确的。",
  unmeasuredLead: "没有衡量质量。",
  unmeasured: "触发点低能让上下文保持很小，这对工作可能有益，也可能有害。本页无法说明是哪一种。",
  differLead: "你的工作不是这些会话。",
  differ:
    "曲线只由这些会话得出。重采样只能重新组合出现过的模式，造不出新的；工作方式变了，就重新分析一次。",
  agentTimeLead: "是代理时间，不是挂钟时间。",
  agentTime:
    "并行的子代理时间被累加，所以时间占比是占代理时间的比例。压缩调用本身不在转录里，它的缓存拆分和摘要大小是推断的。",

  sectionCorpus: "数据量",
  rowModel: "模型",
  rowSessions: "工作会话",
  valueSessions: "{total} 个（{main} 个主对话，{subagent} 个子代理会话）",
  rowRequests: "请求（去重后）",
  rowWork: "代理工作时间",
  valueWork: "{hours} 小时（超过 {idle} 秒的间隔算空闲；已扣除压缩耗时）",
  rowCompactions: "转录中的压缩",
  valueCompactions: "{total} 次（自动 {auto} 次，手动 {manual} 次；{timed} 次带耗时）",
  rowObserved: "实际触发点",
  valueObserved: "{trigger} 个 token",
  valueNoneSeen: "未见到",
  rowDivisor: "计费 token 数 D（除数）",
  valueMillion: "{million} 百万",
  rowMix: "计费构成",
  valueMix:
    "缓存读取 {read}，缓存写入（1 小时）{write1h}，缓存写入（5 分钟）{write5m}，普通输入 {input}，输出 {output}",
  rowOmega: "ω（未缓存 token 的价格倍数）",
  rowLeftOut: "未计入",
  valueLeftOut:
    "使用其他模型的会话：{other}；没有该模型请求的会话：{none}；格式错误的行：{malformed}",
  rowFiles: "读取的转录文件",
  valueFiles: "{files} 个（{mb} MB）",

  sectionFit: "时间模型拟合",
  fitIntro:
    "单次压缩要多久：对带耗时记录的压缩做过原点的最小二乘。过原点拟合时，R² = 1 − SS_res / SS_tot 可能为负。",
  fitColumnRegressors: "回归项",
  fitColumnA: "a（每 1K token 秒数）",
  fitColumnV: "v（token/秒）",
  fitBoth: "两项都用",
  fitSummaryOnly: "只用摘要大小",
  fitInputOnly: "只用输入大小",
  fitNotFitted: "未拟合",
  fitSourceFit: "重放使用两项回归的拟合结果：a = 每 1K token {a} 秒，v = {v} token/秒。",
  fitSourceOptions: "重放使用由选项给定的 a = 每 1K token {a} 秒和 v = {v} token/秒。",
  fitFailed: "拟合失败：{error}",
  sectionLeftBehind: "压缩之后留下什么",
  rowSummary: "摘要大小",
  summaryOptions: "G = {g0} token，由选项给定",
  summaryLinear: "G(C) = {g0} {sign} {g1} · C token，对 {n} 次压缩做最小二乘，R² = {r2}",
  summaryMedian: "G = {g0} token，取 {n} 次压缩的中位数（次数太少或输入大小都一样，拟合不出直线）",
  rowPost: "压缩后的上下文",
  valuePost: "R(C) = {prefix} + G(C)（单位：token）",
  givenOption: "（由选项给定）",
  rowBeta: "β，压缩输入的缓存命中比例",
  rowCPost: "压缩后第一个请求的缓存命中比例",
  rowNotFitted: "未拟合",
  rowDelta: "Δ，每个请求的平均增长",
  valueTokens: "{tokens} 个 token",

  sectionChecks: "核对",
  checksIntro: "重放有多可信：在记录中的触发点重放记录中的历史，结果应当接近那些请求实际的费用。",
  checkBill: "实际账单",
  checkAdvisor: "顾问模型调用（未计入重放）",
  checkAdvisorNote:
    "记录的响应中有 {n} 次顾问模型的采样（占计费 token 的 {share}%，按价目表计 {usd}）：它们不属于任何请求，重放不含它们；此处单列计价。",
  checkLeftOut: "未纳入的会话",
  checkLeftOutNote:
    "{sessions} 个其他模型（或没有过半模型）的会话中的 {requests} 个请求，按各请求自身模型的价目表计价；{switched} 个中途切换模型的会话整体计入本模型。",
  checkPrecomputed: "不计预先计算压缩等待的时间占比",
  checkPrecomputedNote:
    "记录中 {share}% 的压缩是预先计算的（在后台生成摘要）。上面的时间占比计入每次压缩的时间（推荐触发点为 {with}）；若这部分压缩无需等待，推荐触发点的时间占比为此值。",
  valuePerMillion: "每 100 万 {cost}",
  checkBillNote: "按各自计费类别给记录中的请求定价，再加上推断出的压缩调用（其中 {compaction}）。",
  checkReplay: "在实际触发点重放",
  checkReplayNote: "在 {trigger} 压缩、重放记录中的历史：是实际账单的 {ratio} 倍。",
  checkReplayNone: "没有观察到触发点。",
  checkGrowth: "重采样保持增长",
  valueMismatches: "{n} 处不符",
  checkGrowthNote:
    "{workloads} 组重采样工作负载中的每个会话都保持记录中的总增长（共比较了 {cells} 个会话总量）。",

  sectionSteady: "闭式解与重放对照",
  steadyRow: "稳态 T*",
  steadyNote: "R + √(2Δ·(B·R + ρ·G) / α)，其中 R = {r}，G = {g}，Δ = {delta}，β = {beta}",
  steadyReplay: "重放中平均费用最低处",
  steadyReplayNote: "即分析价格下的绿点",
  steadyRatio: "比值 T* / 重放",
  steadyRatioNote: "公式说明每个因素往哪个方向推；曲线本身来自重放。",

  sectionMethod: "这些数字怎么来的",
  methodShort:
    "简而言之：把会话在每个触发点上各重放一遍，累加本会花掉的费用和本会用在压缩上的时间。",
  methodRequestsLead: "{Kind}请求。",
  methodRequests:
    "逐个取自 {model} 的 {requests} 个{kind}请求：每个请求的上下文大小、缓存命中比例和输出量。主对话和它的子代理都计入。",
  methodCompactionsLead: "实测压缩。",
  methodCompactions: "{timed} 次带耗时的压缩用来校准时间模型；摘要大小由摘要文本估算。",
  methodWorkloadsLead: "更多工作负载。",
  methodWorkloads:
    "每个会话里请求与请求之间的变化被切成每 {block} 个请求一块，用固定种子 {seed} 重采样（方法“{method}”），得到 {workloads} 组与记录相似的工作负载。",
  methodBlockChosen:
    "块长 {block} 是由数据选定的：对各步的上下文增长应用 Politis–White 规则（含 2009 年的修正）。",
  methodReplayLead: "重放并取平均。",
  methodReplay:
    "每组工作负载在从 {from} 到 {to} token 的 {n} 个触发点上各重放一遍；每条曲线是各组的均值，没有平滑。",
  methodStepLead: "跨过记录中的一次压缩。",
  methodStepPrevious:
    "记录中的会话在某一步压缩了、而重放没有时，这一步按前一个请求的缓存命中比例计费，就像缓存一直是热的（规则“previous”，默认；“kept”则按记录中那次压缩留下的比例计费）。",
  methodStepKept:
    "记录中的会话在某一步压缩了、而重放没有时，这一步按记录中那次压缩留下的缓存命中比例计费（规则“kept”，见 docs/method.md）。",
  sectionCost: "每 100 万 token 的费用",
  costBody:
    "图上不是这些会话的总账单，因为总账单会随历史多少而增长。每个费用都是该触发点下重放的费用，除以记录中历史的计费 token 数（{million} 百万），再乘以一百万。除数是一个固定的数，不是每次重放各自的 token 数，所以这一百万 token 保持记录中的计费构成，不同模型、不同数据量之间的费用可以相互比较。",

  sectionFormula: "公式与符号",
  formulaIntro: "先给单个请求定价，再把普通请求和压缩在整个工作负载上求和。",
  formulaRequest: "单个请求的费用",
  formulaRatios: "价格比例",
  formulaTotal: "总费用",
  formulaTotalExpression: "J(T) = Σ Q(普通请求) + Σ Q(压缩输入与摘要输出)",
  formulaTime: "单次压缩耗时",
  formulaShare: "时间占比",
  formulaSteady: "稳态近似",
  symbolX: "一个请求的上下文 token 数。",
  symbolY: "该请求的输出 token 数，按输出价计费。",
  symbolC: "请求输入中由提示缓存提供的比例。",
  symbolPrices: "未缓存输入、缓存输入和输出的每 token 价格（此处 p_m = 每 100 万 {pm}）。",
  symbolAlpha: "缓存输入价与未缓存输入价之比；分析中为 {alpha}。可用滑块调整。",
  symbolRho: "输出价与未缓存输入价之比；分析中为 {rho}。可用滑块调整。",
  symbolB: "带进压缩的一个上下文 token 在计入缓存命中后的有效价格。",
  symbolOmega:
    "一个未缓存 token 的价格是基础输入价的多少倍：1 小时缓存写入为 2，5 分钟为 1.25，按实际写入的比例加权（此处为 {omega}）。",
  symbolCK: "压缩输入：压缩前的整个上下文，几乎全部按缓存读取计费。",
  symbolTR: "T 是压缩触发点；R 是刚压缩完时的上下文。",
  symbolDelta: "每个普通请求之后上下文平均增长的 token 数。",
  symbolG: "一次压缩写出并计费的摘要 token 数。",
  symbolBeta: "压缩输入中由缓存提供的比例。",
  symbolA: "压缩时每个上下文 token 所需的秒数，由实测压缩拟合。缓存读取同样耗时。",
  symbolV: "摘要生成速度，单位 token/秒。可用滑块调整。",
  symbolNTW: "压缩次数、单次压缩耗时，以及不含压缩的工作时间。",
  sectionMoves: "什么会推高最佳触发点",
  movesCacheLead: "缓存输入越便宜，触发点越高。",
  movesCache: "α 小，保留长上下文就便宜。",
  movesGrowthLead: "增长越快，触发点越高。",
  movesGrowth: "Δ 大，低触发点就会一次接一次地压缩。",
  movesSummaryLead: "摘要越长，触发点越高。",
  movesSummary: "G 大，每次压缩都更贵。",
  movesWritingLead: "写得越慢，触发点越高。",
  movesWriting: "v 小，每次压缩持续更久，你的时间预算里能容下的次数就更少。",
  movesNeedLead: "需要的上下文越多，触发点越高。",
  movesNeed: "不论图怎么说，工作本身都定了一条下限。",

  sectionReadCost: "读取工具结果的成本",
  readCostIntro:
    "同一批转录里花在工具结果上的输入 token：结果被读入时一次（一次性），之后会话里每个携带它的请求再各算一次（携带）。估算按 ceil(字符数 / 4) token；比例以观察到的输入 token 为分母。",
  readCostFiles:
    "读取文件：{read}；计入的会话（至少 {minTurns} 条助手消息）：{included}；未计入：{excluded}。",
  readCostTokens: "观察到的输入 token：{input}；输出 token（不属于观察到的输入）：{output}。",
  readCostColumnKind: "类别",
  readCostColumnResults: "结果数",
  readCostColumnOneShot: "一次性 token（占比）",
  readCostColumnCarried: "携带 token（占比）",
  readCostKindBulk: "整块读取",
  readCostKindTargeted: "定点读取",
  readCostKindSearch: "搜索",
  readCostKindSubagent: "子代理结果",
  readCostKindOther: "其他",
  readCostKindUnmatched: "未匹配",
  readCostAll: "全部结果",
  readCostCandidates: "整块读取候选（至少 {minChars} 个字符）",

  // 含辅助代理的会话（计入总数，另行列出）。
  valueSessionsHelpers:
    "{total} 个（{main} 个主对话，{subagent} 个子代理会话，{helper} 个辅助代理）",

  // 推荐设置。
  sectionSetting: "让压缩发生在那里的设置",
  recCheapest:
    "推荐的触发点：{trigger}，即费用最低处（每 100 万 token {cost}；压缩占代理时间的 {share}）。",
  recBudget:
    "推荐的触发点：{trigger}，即压缩耗时不超过 {budget} 的触发点中费用最低的一个（每 100 万 token {cost}；压缩占代理时间的 {share}）。",
  recSaving:
    "与实际的 {observed}（每 100 万 token {observedCost}，占代理时间 {observedShare}）相比，每 100 万 token 便宜 {saving}。",
  recDearer:
    "与实际的 {observed}（每 100 万 token {observedCost}，占代理时间 {observedShare}）相比，每 100 万 token 贵 {saving}，换来更少的等待。",
  recNoneBudget: "范围内没有哪个触发点能让压缩耗时不超过 {budget}：在这一预算下没有可推荐的设置。",
  recNone: "没有哪个触发点的平均费用是有限值：没有可推荐的设置。",
  recSpread:
    "把握有多大：换一批类似的会话，费用最低的触发点落在 {p10} 到 {p90} 之间（第 10–90 百分位，中位数 {p50}，共 {workloads} 次抽取；见下面“有多确定”）。",
  recSettingsIntro: "写入 settings.json（上下文窗口 {window} token，{source}）：",
  recWindowCatalog: "取自价格目录中该模型的数据",
  recWindowOption: "由 --context-window 指定",
  recWindowDefault: "默认值：请用 --context-window 给出你的模型的窗口",
  recEnvIntro: "或者只对当前 shell 生效，写入环境变量：",
  recPercent: "窗口无法设得这么低，因此在最小窗口上使用百分比覆盖，让压缩发生在这个触发点。",
  recNotReachable: "对这个模型无法做到：该触发点超出了其 {window} token 上下文窗口所允许的范围。",
  recArithmetic: "分析所用的计算过程：",
  recCaveat:
    "Claude Code 的压缩计算方式在不同版本之间有过变化。用新设置跑过几个会话之后，请在下方的压缩时间线上确认自动压缩确实移动了。",

  // 默认 | 当前 | 推荐（page_setting_compare.ts）。
  cmpIntro:
    "你现在的设置、Claude Code 在什么都不设时的默认值，以及推荐值，各自在其触发点上按平均曲线计算：",
  cmpIntroUnread:
    "本页没有读取正在使用的设置（来自 --from 文档或库调用）：这里只把 Claude Code 的默认值与推荐值并列。",
  cmpColumnDefault: "默认",
  cmpColumnCurrent: "当前",
  cmpColumnRecommended: "推荐",
  cmpRowWindow: "窗口 autoCompactWindow",
  cmpRowPct: "百分比覆盖",
  cmpRowSource: "设置于",
  cmpRowTrigger: "触发点",
  cmpRowCost: "每 100 万 token 费用",
  cmpRowShare: "压缩耗时占比",
  cmpRowSaving: "相对当前的节省",
  cmpWindowNone: "未设置（{window}）",
  cmpWithheld: "暂不给出（置信度低）",
  cmpOutside:
    "无数据：{triggers} 超出了重放的网格范围；用 --trigger-from/--trigger-to 扩大网格即可计算。",
  cmpSourceManaged: "托管设置",
  cmpSourceFile: "--settings 指定的文件",
  cmpSourceLocal: "项目的 settings.local.json",
  cmpSourceProject: "项目的 settings.json",
  cmpSourceUser: "你的 settings.json",
  cmpSourceEnv: "环境变量",
  cmpSourceDefault: "未设置",
  cmpSourceRecommended: "本次分析",
  cmpSinceFile: "自 {date}（设置文件最后修改的时间）以来",
  cmpSinceOption: "自 {date}（--since）以来",
  cmpSinceAll: "在全部历史中",
  cmpEffectNoWindow: "无法判断设置是否生效：不知道窗口大小。",
  cmpEffectNoDate:
    "无法判断设置是否生效：窗口来自环境变量，不知道它何时设置；请用 --since DATE 给出设置的日期。",
  cmpEffectTooFew: "暂时无法判断设置是否生效：{since}只有 {n} 次自动压缩，至少需要 5 次。",
  cmpEffectYes:
    "设置生效了吗？生效了：{since}的 {n} 次自动压缩的 C 中位数为 {median}，窗口为 {window}：偏移量 {offset}，与假定的 {assumed} 相差不到 5K。",
  cmpEffectOtherOffset:
    "设置生效了吗？生效了，但偏移量不同：{since}的 {n} 次自动压缩的 C 中位数为 {median}，窗口为 {window}：偏移量 {offset}，而不是假定的 {assumed}。推荐的窗口使用了测得的偏移量。",
  cmpEffectNo:
    "设置生效了吗？没有：{since}的 {n} 次自动压缩的 C 中位数为 {median}，窗口为 {window}：偏移量 {offset}，远离计算方式所允许的任何值（假定为 {assumed}）。压缩并没有跟随这个窗口：可能是别的设置、忽略它的版本，或被模型上限截断的窗口。",
  cmpEffectPctYes:
    "设置生效了吗？生效了：{since}的 {n} 次自动压缩的 C 中位数为 {median}，与百分比覆盖应给出的 {expected} 相差不到 5K。",
  cmpEffectPctNo:
    "设置生效了吗？没有：{since}的 {n} 次自动压缩的 C 中位数为 {median}，而不是百分比覆盖应给出的 {expected}。",

  // 稳态：重放中最低费用有多可靠。
  steadySpread: "每个重抽样工作负载各自费用最低的触发点",
  steadySpreadNote: "{workloads} 个工作负载上的第 10–90 百分位（中位数 {p50}），按分析价格计算",

  // 是否生效：压缩时间线。
  sectionTimeline: "设置生效了吗？压缩随时间的变化",
  timelineIntro:
    "每次有测量值的压缩，按其发生日期（UTC）画出输入大小 C：自动压缩、手动压缩（/compact）以及未记录触发方式的压缩分开显示。修改 autoCompactWindow 之后，从那天起自动压缩应当聚集到新的水平。",
  timelineConfigured: "虚线是 autoCompactWindow = {window} 所对应的触发点：{trigger}。",
  timelineUnplaced: "有 {n} 次压缩缺少时间或大小，未画出。",
  timelineNone: "没有找到同时具有时间和大小的压缩：没有可画的内容。",
  timelineTitle: "压缩随时间的变化",
  timelineSubtitle: "每个点是一次压缩：它发生当天的输入大小 C",
  timelineAxisX: "压缩日期（UTC）",
  timelineAxisY: "压缩输入 C（token）",
  timelineLegendAuto: "自动",
  timelineLegendManual: "手动（/compact）",
  timelineLegendUnknown: "未记录触发方式",
  timelineLegendOther: "其他触发方式（如空闲压缩）",
  timelineLegendConfigured: "设置的触发水平",
  timelineLegendChanged: "设置最后修改",
  timelineMarkChanged: "修改",
  timelineChanged:
    "竖直点线标出 {date}，即正在使用的设置最后一次修改的时间：此后的自动压缩应落在虚线水平上。",
  timelineMarkConfigured: "设置值",

  // 各模型分别分析（--model all）。
  sectionModels: "各模型分别分析",
  modelsIntro:
    "每个模型的会话单独分析。图表、滑块和下面各节属于请求最多的模型 {model}。每个模型的每 100 万 token 费用都除以它自己的计费 token 数。",
  modelsColumnModel: "模型",
  modelsColumnSessions: "会话",
  modelsColumnRequests: "请求",
  modelsColumnBilled: "计费 token（百万）",
  modelsColumnObserved: "实际触发点",
  modelsColumnCheapest: "费用最低的触发点",
  modelsColumnCost: "该处每 100 万 token 费用（第 10–90 百分位）",
  modelsColumnTStar: "稳态 T*",
  modelsColumnShare: "该处压缩耗时",
  modelsColumnSaving: "相对实际触发点的节省",
  modelsEdge: "* 位于触发点范围的边缘：最优点可能在范围之外。",
  modelsNotAnalysed:
    "未分析：它的记录不足以得出压缩模型（有测量值的压缩太少），也没有为它给出数值。",
  modelsWithoutCurves:
    "没有曲线时它仍有 {requests} 个请求、{million} 百万计费 token，价格 α = {alpha}（{alphaSource}）、ρ = {rho}（{rhoSource}）、p_m = 每百万 {pm}（{pmSource}），实际账单为每百万 token {bill}。曲线还需要 {flags}。",
  modelsSetting: "设置：autoCompactWindow = {window}。",
  modelsSettingPercent: "设置：autoCompactWindow = {window}，并设 {env}。",
  modelsSettingNone: "对这个模型，没有设置能达到推荐的触发点。",
  modelsSettingWithheld: "暂不给出设置：结论的置信度低（--force 可给出）。",
  modelsAnswerName: "{model}：",

  // 答案是一个区间：有多确定，还有哪些几乎一样便宜（page_range.ts）。
  chartLegendNearOptimal: "费用在最低值 2% 以内",
  chartLegendExtrapolated: "外推区（到达的会话太少，或未测到这么大的压缩）",
  sectionRange: "有多确定，还有哪些几乎一样便宜",
  fitConstrained: "实际使用：a ≥ 0 且 v > 0",
  fitMethodInputOnly: "两个变量的拟合出现了负系数；只用输入大小拟合得更好",
  fitMethodSummaryOnly: "两个变量的拟合出现了负系数；只用摘要大小拟合得更好",
  fitMethodVGiven: "在给定的 v 下重新拟合 a",
  fitMethodAGiven: "在给定的 a 下重新拟合 v",
  reasonSeparator: "；",
  gradeHigh: "高",
  gradeMedium: "中",
  gradeLow: "低",
  confidenceLow: "可信度：低。先别照此设置：{reasons}。",
  confidenceMedium: "可信度：中：{reasons}。",
  confidenceHigh:
    "可信度：高：计时的压缩足够多，到达该触发点的会话足够多，换一批类似的会话最便宜的触发点也不变。",
  confidenceWithheld: "这里不给出设置片段；如仍需要，请加 --force 运行。曲线照常绘出。",
  reasonFewTimedCompactions: "只有 {value} 次计时的压缩（至少 {threshold} 次才能拟合压缩耗时）",
  reasonWeakTimeFit:
    "压缩耗时拟合的解释力很弱（R² {value}，低于 {threshold}）；更多大小不一的计时压缩能解决这个问题",
  reasonFewSessionsAtTrigger:
    "只有 {value} 个会话到达过 {trigger}（至少 {threshold} 个才能看出上下文在那里如何增长）",
  reasonExtrapolated: "{trigger} 超出已测压缩大小的范围 25% 以上；在它附近的压缩才能确定那里的模型",
  reasonAtGridEdge: "最便宜的触发点在触发点范围的边缘：最优点可能在范围之外",
  reasonWideNearOptimalRange:
    "从 {from} 到 {to} 的触发点费用都在 2% 以内（占触发点范围的 {value}）：数据几乎分不出它们",
  reasonSomeTimedCompactions: "{value} 次计时的压缩（{threshold} 次以上耗时拟合才稳）",
  reasonSpreadBeyondRange:
    "换一批类似的会话，最便宜的触发点可能在 {p10}–{p90}，超出了 2% 区间；更多会话能把它收窄",
  reasonReworkNotMeasured:
    "曲线没有计入压缩之后的返工（重新读取丢失的内容），计入后会偏向更高的触发点",
  reasonNoRecommendation: "没有推荐的触发点",
  rangeIntro:
    "平均费用与最便宜者相差不超过某个容差的触发点：选其中任何一个，每百万 token 最多多花这么多。图中阴影为 2% 区间。",
  rangeColumnTolerance: "相差在",
  rangeColumnTriggers: "触发点",
  rangeColumnShare: "区间最高处压缩所占时间",
  rangeHoles: "{range}（不连续：{holes} 更贵）",
  rangeSentence:
    "从 {from} 到 {to} 的任何触发点，费用都在最便宜者的 2% 以内；在 {to} 压缩占用 {toShare} 的代理时间，而不是 {share}。",
  rangeSentenceToCheapest: "从 {from} 到 {to} 的任何触发点，费用都在最便宜者的 2% 以内。",
  spreadSessions:
    "换一批类似的会话（在每种会话中有放回地抽取，再在每个会话内重排块；{draws} 次抽取，种子 {seed}），最便宜的触发点{range}（第 10–90 百分位，中位数 {p50}）。",
  spreadBetween: "位于 {p10} 到 {p90} 之间",
  spreadAt: "落在 {p10}",
  spreadBlocks:
    "只在你自己的每个会话内重排块（{workloads} 组工作负载，会话全部保留）得到 {span}：这只说明请求顺序的影响。图中的色带是这些工作负载的第 10–90 百分位，所以很窄；判断答案请看按会话抽取的范围。",
  supportSome:
    "外推的触发点（图中淡化并加斜线）：{zones}。那里到达该触发点的会话少于 {minSessions} 个，或者它超出已测压缩大小（{minC}–{maxC}）25% 以上。",
  supportNone:
    "范围内没有外推的触发点：每个都有至少 {minSessions} 个会话到达，且都在已测压缩大小（{minC}–{maxC}）附近。",
  supportAtRecommended: "你的 {total} 个会话中有 {sessions} 个（{share}）到达过推荐的 {trigger}。",
  figuresWhich:
    "各个数字分别是什么：节省额比较的是重放在推荐触发点上对重抽样工作负载的平均值（每百万 {rec}）与同一平均值在你观测到的触发点上（{obs}）。按观测触发点重放你自己的历史得到 {replay}；按记录计价的实际账单是 {bill}；下面的检查说明二者为何不同。",
  dollarsSaved: "折合美元：这段历史（{days} 天）省下 {usd}，按同样的速度每 30 天省 {per30}。",
  dollarsMore: "折合美元：这段历史（{days} 天）多花 {usd}，按同样的速度每 30 天多花 {per30}。",
  alternative:
    "最便宜的触发点让压缩所占时间增加了一倍以上（占代理时间 {share}，而不是 {observedShare}）。若限制在 {budget} 以内：{trigger}，每百万 token 便宜 {saving}（占代理时间 {altShare}）。",
  settingStatic: "本节对应分析时的取值：上面的滑块会改变图和结论，但不改变这里的设置。",
  settingWithheld:
    "不给出设置片段：答案的可信度低（见下面“有多确定”）。如仍需要，请加 --force 运行。",
  checkBillDifference: "重放与账单之比",
  checkBillDifferenceNote:
    "按观测触发点重放你自己的历史，是账单的 {diff}。重放恰好在触发点压缩，并按拟合的模型（G(C)、β、c_post）为每次压缩计价，而真实的压缩按各自的大小和缓存进行；跨越真实压缩的一步按其前一步的缓存份额计价。节省额比较的是重放与重放，这一差异不进入其中。",
  modelsColumnGrade: "可信度",
  modelsColumnDollars: "每 30 天节省",

  footer:
    "触发点分析，格式版本 {schema}：{workloads} 组工作负载，方法“{method}”，每块 {block} 个请求，种子 {seed}，触发点 {from}–{to}，步长 {step}{cut}，空闲上限 {idle} 秒。本页无需联网。",
  footerGridCut: "（从 {first} 起回放：不高于压缩后上下文的触发点无法压缩）",

  // 遗忘的代价：每次压缩之后的重读（page_forgetting.ts）。
  chartLegendCostWithoutRework: "不计压缩后重读的每 1M token 费用",
  chartMarkOptimumWithoutRework: "不计重读的最低点",
  chartLegendOptimumWithoutRework: "不计重读时的最低费用",
  legendCostWithoutRework: "不计每次压缩后重读的每 1M token 费用（细虚线）",
  legendOptimumWithoutRework: "不计重读时的最低费用",
  sectionForgetting: "遗忘的代价",
  forgettingIntro:
    "压缩之后，代理丢掉了之前读过的内容，其中一部分会再取一遍：同样的文件，同样的搜索。这些重读都留在会话记录里，因此可以数出来，并计入回放中的每一次压缩。",
  forgettingMeasured:
    "在每个压缩边界之后的 {window} 个请求里，代理重读了边界之前取过的 {tokens} token，比边界之前 {window} 个请求（对照窗口）里的重读多出这么多：95% 区间 {low} 至 {high}，基于 {compactions} 次压缩。这多用了 {requests} 个含重读的请求（95% 区间 {requestsLow} 至 {requestsHigh}）。不扣除对照的话，数字会是 {naive} token：代理本来就会重读文件，比如编辑之后，或重复一次搜索。",
  forgettingConstant:
    "这个量不随压缩时上下文的大小而增长（大小的分布太窄，撑不起一条斜线），所以每次压缩都取同一个值。",
  forgettingLine:
    "这个量随压缩时上下文的大小增长，每 1K token 多 {slope} token，回放按每次压缩自身的大小取值。",
  forgettingOption: "由选项给定，未测量：每次压缩之后 {tokens} token、{requests} 个请求。",
  forgettingNoTargets:
    "未测量：读取会话记录时没有记录工具调用的目标。曲线不含重读：一次压缩只按重读上下文和写摘要计价，与已发布的方法相同。",
  forgettingTooFew:
    "未测量：只有 {compactions} 次压缩在边界前后都有完整的 {window} 个请求，而估计至少需要 10 次。曲线不含重读：一次压缩只按重读上下文和写摘要计价，与已发布的方法相同。",
  forgettingOff: "已按选项略去（--rework off）：曲线是已发布方法的曲线，不含重读。",
  forgettingEffect:
    "回放在它做的每一次压缩之后加上这些重读：{tokens} token 留在上下文里直到下一次压缩，另有 {requests} 个额外请求按压缩后的上下文计价。最便宜的触发点因此是 {with}，而不是 {without}；稳态 T* 是 {tstar}，而不是 {tstarWithout}。图中的细虚线是不计重读的费用。",
  forgettingNoMove:
    "回放在它做的每一次压缩之后加上这些重读：{tokens} token 留在上下文里直到下一次压缩，另有 {requests} 个额外请求按压缩后的上下文计价。最便宜的触发点仍是 {with}；稳态 T* 是 {tstar}，而不是 {tstarWithout}。图中的细虚线是不计重读的费用。",
  forgettingSliders:
    "滑块会重新给两条曲线计价，但不改变重读的量：换一个量会改变哪一个请求触发压缩，需要重新回放。",

  // 导出数据的汇总（report --tables）。
  sectionPool: "汇总的导出数据",
  poolIntro:
    "本报告由 {contributors} 位贡献者的导出数据（deno task export）汇总而成，经 DuckDB 读取：{model} 的 {sessions} 个会话、{requests} 个请求和 {compactions} 次压缩。没有读取任何转录：导出只含 token 数、时间和带密钥散列的会话键。",
  poolOrganisation:
    "对所有人：把推荐的设置写入 managed-settings.json（Linux 上是 {linux}，macOS 上是 {macos}），Claude Code 会让它覆盖每个用户自己的设置：",
  poolUser: "对单个用户：同样的内容写入 {path}。",
  poolNoSetting: "没有可以推广给所有人的设置：分析没有给出推荐（原因见设置一节）。",
  poolOtherModel:
    "{model}：{contributors} 位贡献者，{sessions} 个会话，{requests} 个请求，{compactions} 次压缩；给所有人的设置：",
  poolOtherNoSetting: "没有推荐。",
  poolLeftOutHeading: "汇总数据缺少的部分",
  poolLeftOutReadCost:
    "读取成本的测量（读取工具结果的花费）：它要统计每个工具结果的字符数，而导出从不包含任何文本。要得到它，请对某个人自己的转录运行 deno task report。",
  poolLeftOutRework:
    "压缩之后的返工（遗忘的代价）：这些导出不含 {window} 个请求的返工窗口（导出只含生成时所用大小的窗口），无从得知一个请求重读了什么；曲线是已发表方法的曲线，不计重读。",
  poolReworkMeasured:
    "压缩之后的返工（遗忘的代价）由导出携带的返工窗口测得：每次压缩之后 {window} 个请求与之前 {window} 个请求里，有多少请求重读了内容、重读了多少 token。导出从不记录读了什么。",
  poolLeftOutSetting:
    "推荐旁边显示的当前设置是生成本报告的这台机器上的设置；贡献者各自的设置不在导出里。",
};

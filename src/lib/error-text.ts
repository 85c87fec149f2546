import { ApiError, errorCodeInfo } from '../contract/envelope';
import { formatWeekday } from './format';
import { defineMessages, type Language } from './i18n';

/**
 * What a failed request means to the reader, in their language: every code of the service and of the
 * BFF has a sentence, a parameter is named in the reader's words (never `'thscodes'`), and the raw
 * message and request id stay available for support. Whether a retry can help is decided here too, so
 * no screen offers a retry button for a request that would fail the same way again.
 */

/**
 * The reader's words for the parameters of the contract (every operation's parameter names) and the
 * fields of the watchlist API. The one place that maps a parameter name to words.
 */
export const PARAM_WORDS = defineMessages({
  adjust: ['复权方式', 'price adjustment'],
  asset_type: ['品种类型', 'asset type'],
  board_type: ['榜单类型', 'list type'],
  buy: ['申购状态', 'purchase status'],
  buy_conditions: ['买入条件', 'buy conditions'],
  buy_frequency_type: ['定投频率', 'investment frequency'],
  code_selectors: ['基金筛选条件', 'fund filters'],
  company_id: ['基金公司', 'fund company'],
  create_time_ms: ['起始时间', 'start time'],
  date: ['日期', 'date'],
  date_ms: ['日期', 'date'],
  end: ['结束时间', 'end'],
  end_date: ['结束日期', 'end date'],
  exchange: ['交易所', 'exchange'],
  from: ['起始日期', 'start date'],
  fund_type: ['基金类型', 'fund type'],
  indexes: ['指标', 'indicators'],
  interval: ['K 线周期', 'bar interval'],
  issue_code: ['新股代码', 'new-issue code'],
  limit: ['条数', 'number of rows'],
  manager_id: ['基金经理', 'fund manager'],
  max_buy_times: ['最多买入次数', 'maximum number of purchases'],
  merge_scope: ['合并口径', 'consolidation scope'],
  nav_type: ['净值类型', 'NAV type'],
  offset: ['起始行', 'starting row'],
  page: ['页码', 'page'],
  page_info: ['分页设置', 'paging'],
  per_buy_amount: ['每次买入金额', 'amount per purchase'],
  period: ['周期', 'period'],
  q: ['搜索内容', 'search text'],
  range: ['时间范围', 'time range'],
  range_days: ['上榜周期', 'listing period'],
  report: ['报告期', 'report period'],
  report_type: ['报告类型', 'report type'],
  sell_conditions: ['卖出条件', 'sell conditions'],
  seq: ['编号', 'item number'],
  session: ['交易时段', 'trading session'],
  size: ['每页条数', 'page size'],
  sort: ['排序', 'sort order'],
  sort_dir: ['排序方向', 'sort direction'],
  sort_field: ['排序字段', 'sort column'],
  spot_indicator_id: ['现货指标', 'spot indicator'],
  stage: ['竞价阶段', 'auction stage'],
  start: ['开始时间', 'start'],
  start_date: ['开始日期', 'start date'],
  state: ['状态', 'state'],
  status: ['状态', 'status'],
  subscribe: ['认购状态', 'subscription status'],
  tab: ['分类', 'category'],
  tag: ['分类标签', 'tag'],
  tag_codes: ['异动标签', 'anomaly tags'],
  tag_id: ['栏目', 'channel'],
  thscode: ['代码', 'code'],
  thscodes: ['代码列表', 'codes'],
  time_range: ['时间范围', 'time range'],
  to: ['截止日期', 'end date'],
  // Fields of the watchlist API (its refusals name them by path, such as `items.0.thscode`).
  id: ['自选列表', 'list'],
  items: ['条目', 'items'],
  name: ['名称', 'name'],
  note: ['备注', 'note'],
  version: ['版本', 'version'],
});

const TEXT = defineMessages({
  'param.unknown': ['参数', 'a parameter'],
  'code.1001': ['缺少{param}。', 'Missing {param}.'],
  'code.1002': ['{param}格式不正确。', 'Invalid {param}.'],
  'code.1003': ['{param}超出允许的范围。', 'The {param} is out of the allowed range.'],
  'code.1004': ['{param}与其他条件冲突，不能同时使用。', 'The {param} conflicts with another setting.'],
  'code.2001': [
    '行情服务不接受服务器的 API 密钥（缺失或无效），请联系管理员。',
    "The market data service does not accept the server's API key (missing or invalid); contact the administrator.",
  ],
  'code.2002': [
    '行情服务认证失败，请联系管理员。',
    'Authentication with the market data service failed; contact the administrator.',
  ],
  'code.2003': ['当前的 API 密钥无权获取这项数据。', 'This data is not available with the current API key.'],
  'code.3001': [
    '代码不存在：请用搜索找到正确的代码。',
    'No instrument has this code: use the search to find the right one.',
  ],
  'code.3002': [
    '数据尚未就绪，或所选范围内没有数据，请稍后再试。',
    'The data is not ready yet, or there is none for the chosen scope; try again later.',
  ],
  'code.3003': ['行情服务无法提供这项数据。', 'The market data service cannot provide this data.'],
  'code.3004': ['这类品种不支持这项数据。', 'This kind of instrument does not support this data.'],
  'code.4001': [
    '请求过于频繁，行情服务暂时限流，请稍后再试。',
    'The market data service is limiting requests for now; try again shortly.',
  ],
  'code.5001': [
    '行情服务内部出错，请稍后再试。',
    'The market data service had an internal error; try again shortly.',
  ],
  'code.5002': [
    '行情服务的数据源响应超时，请稍后再试。',
    "The market data service's source timed out; try again shortly.",
  ],
  'code.5003': [
    '行情服务的数据源暂时不可用，请稍后再试。',
    "The market data service's source is unavailable for now; try again shortly.",
  ],
  'code.6001': [
    '服务器无法连接行情服务，请稍后再试。',
    'The server cannot reach the market data service; try again shortly.',
  ],
  'code.6002': [
    '行情服务响应超时，请稍后再试。',
    'The market data service did not answer in time; try again shortly.',
  ],
  'code.6003': [
    '服务器调用行情服务的额度已满，请稍后再试。',
    "The server's budget of calls to the market data service is used up for now; try again shortly.",
  ],
  'code.6004': [
    '行情服务返回了 HTTP 错误，请稍后再试。',
    'The market data service answered with an HTTP error; try again shortly.',
  ],
  'code.6005': [
    '行情服务的应答无法识别。',
    'The market data service answered with something the server cannot read.',
  ],
  'code.6404': [
    '服务器不提供这项数据（不在行情服务的目录中）。',
    'The server does not offer this data (it is not an operation of the market data service).',
  ],
  'code.6429': [
    '本机请求过于频繁，请稍等片刻再试。',
    'Too many requests from this browser; wait a moment and try again.',
  ],
  'code.7001': [
    '服务返回的数据与约定的格式不符，无法显示。',
    'The data received does not have the agreed shape and cannot be shown.',
  ],
  'code.7002': [
    '无法连接本应用的服务器，请检查网络后再试。',
    "The app's server cannot be reached; check the network and try again.",
  ],
  'code.unknown': ['请求失败（错误码 {code}）。', 'The request failed (code {code}).'],
  'code.unexpected': ['页面出现意外错误。', 'Something unexpected went wrong on this page.'],
  // The rule a parameter broke, when the raw message names a rule the reader can act on.
  'rule.maxChars': ['{param}最多 {n} 个字符。', 'The {param} may have at most {n} characters.'],
  'rule.maxItems': ['{param}最多 {n} 项。', 'At most {n} items are allowed in the {param}.'],
  'rule.between': ['{param}须在 {min} 到 {max} 之间。', 'The {param} must be between {min} and {max}.'],
  'rule.atLeast': ['{param}不能小于 {n}。', 'The {param} must be at least {n}.'],
  'rule.atMost': ['{param}不能大于 {n}。', 'The {param} must be at most {n}.'],
  'rule.future': ['{param}不能晚于今天。', 'The {param} must not be in the future.'],
  'rule.lastYear': ['{param}只能在最近一年之内。', 'The {param} must be within the last year.'],
  'rule.dateFormat': [
    '{param}不是有效的日期（格式：年-月-日，如 2026-07-15）。',
    'The {param} is not a valid date (format: year-month-day, such as 2026-07-15).',
  ],
  'rule.nonTrading': ['{date} 不是交易日。', '{date} is not a trading day.'],
  'rule.aShareCode': [
    '{param}须为 A 股代码：六位数字、点，再加 SH、SZ 或 BJ（如 600519.SH）。',
    'The {param} must be an A-share code: six digits, a dot, then SH, SZ or BJ (such as 600519.SH).',
  ],
  'rule.fullCode': [
    '{param}须为带市场后缀的完整代码（如 600519.SH）。',
    'The {param} must be a full code with its market suffix (such as 600519.SH).',
  ],
  'rule.badItem': ['{param}中的“{item}”格式不正确。', 'The {param} has an invalid item “{item}”.'],
  'rule.notAShare': ['{item} 不是 A 股。', '{item} is not an A-share.'],
  'url.badDate': [
    '链接中的{param}“{text}”不是有效的日期（格式：年-月-日，如 2026-07-15）。',
    'The {param} “{text}” in the link is not a valid date (format: year-month-day, such as 2026-07-15).',
  ],
  'url.nonTrading': [
    '{date}（{weekday}）不是交易日，没有数据。',
    '{date} ({weekday}) is not a trading day: there is no data for it.',
  ],
  'rule.lengthBetween': [
    '{param}须为 {min} 到 {max} 个字符。',
    'The {param} must have {min} to {max} characters.',
  ],
  'rule.control': ['{param}不能包含控制字符。', 'The {param} must not contain control characters.'],
});

type TextKey = Parameters<typeof TEXT.text>[1];

/** The reader's words for a parameter or field name (`items.0.thscode` → the words for `thscode`). */
export function paramWords(lang: Language, name: string | null): string {
  const last = name?.split('.').at(-1) ?? null;
  if (last !== null && PARAM_WORDS.has(last)) return PARAM_WORDS.text(lang, last);
  return TEXT.text(lang, 'param.unknown');
}

/** The parameter a raw message names (`Parameter 'date' …`, or a field path `'items.0.thscode' …`). */
export function paramOfMessage(message: string): string | null {
  return /^(?:Parameter\s+)?'([A-Za-z0-9_.]+)'/.exec(message.trim())?.[1] ?? null;
}

/** A rule the raw message states, as a key of this dictionary with its values; null when not recognised. */
function ruleOf(raw: string): { key: TextKey; vars: Record<string, string> } | null {
  const nonTrading = /(\d{4}-\d{2}-\d{2})\s+is not a trading day/.exec(raw);
  if (nonTrading?.[1]) return { key: 'rule.nonTrading', vars: { date: nonTrading[1] } };
  const patterns: [RegExp, TextKey, string[]][] = [
    [/at most (\d+) characters/, 'rule.maxChars', ['n']],
    [/must be (\d+) to (\d+) characters/, 'rule.lengthBetween', ['min', 'max']],
    [/control characters/, 'rule.control', []],
    [/at most (\d+) (?:comma-separated )?items/, 'rule.maxItems', ['n']],
    [/must be between (-?[\d.]+) and (-?[\d.]+)/, 'rule.between', ['min', 'max']],
    [/must be at least (-?[\d.]+)/, 'rule.atLeast', ['n']],
    [/must be at most (-?[\d.]+)/, 'rule.atMost', ['n']],
    [/not be in the future/, 'rule.future', []],
    [/within the last year|older than (?:a|one) year/, 'rule.lastYear', []],
    [/date in yyyy-MM-dd|not a valid date/, 'rule.dateFormat', []],
    [/has an invalid item '([^']*)'/, 'rule.badItem', ['item']],
    [/'([^']+)', which is not an A-share/, 'rule.notAShare', ['item']],
    [/A-share code/, 'rule.aShareCode', []],
    [/full code|market suffix/, 'rule.fullCode', []],
  ];
  for (const [re, key, names] of patterns) {
    const match = re.exec(raw);
    if (!match) continue;
    const vars: Record<string, string> = {};
    names.forEach((name, i) => (vars[name] = match[i + 1] ?? ''));
    return { key, vars };
  }
  return null;
}

/** Codes whose request can succeed when sent again as it is. */
function retryHelps(code: number): boolean {
  // 3002 is "not ready yet": the service's own advice is to ask again later.
  return code === 3002 || (errorCodeInfo[code]?.transient ?? false);
}

export interface ErrorDescription {
  /** The contract code, or null for an error that is not a failed request. */
  code: number | null;
  /** One or two sentences in the reader's language, naming the parameter in their words. */
  message: string;
  /** Whether sending the same request again can succeed (otherwise no retry is offered). */
  retryable: boolean;
  /** The parameter concerned (its contract name), when known. */
  param: string | null;
  /** A date the service said is not a trading day, for links to the nearest trading days. */
  nonTradingDay: string | null;
  /** The message as received, for the details disclosure. */
  raw: string;
  requestId: string | null;
}

/** A sentence for a code and parameter, with the broken rule when the raw message names one. */
export function codeText(lang: Language, code: number, param: string | null, raw = ''): string {
  const words = paramWords(lang, param);
  const rule = code >= 1001 && code <= 1004 ? ruleOf(raw) : null;
  if (rule) return TEXT.text(lang, rule.key, { param: words, ...rule.vars });
  const key = `code.${code}`;
  return TEXT.has(key) ? TEXT.text(lang, key, { param: words }) : TEXT.text(lang, 'code.unknown', { code });
}

/** A date in a link that is not a calendar day (`2026-13-45`), named with the parameter's words. */
export function badUrlDateText(lang: Language, param: string, text: string): string {
  return TEXT.text(lang, 'url.badDate', { param: paramWords(lang, param), text });
}

/** A day the trading calendar says does not trade, said before anything is asked for it. */
export function nonTradingDayText(lang: Language, date: string): string {
  return TEXT.text(lang, 'url.nonTrading', { date, weekday: formatWeekday(date, lang) });
}

/**
 * A value refused by a rule of the watchlist API (`field` is its path, such as `items.0.thscode`): the
 * field in the reader's words and the rule, as a parameter refusal of the service would be said.
 */
export function fieldRefusalText(lang: Language, field: string, raw: string): string {
  return codeText(lang, 1002, field, raw);
}

export function describeError(error: unknown, lang: Language): ErrorDescription {
  if (error instanceof ApiError) {
    const param = error.param ?? paramOfMessage(error.message);
    return {
      code: error.code,
      message: codeText(lang, error.code, param, error.message),
      retryable: retryHelps(error.code),
      param,
      nonTradingDay: /(\d{4}-\d{2}-\d{2})\s+is not a trading day/.exec(error.message)?.[1] ?? null,
      raw: error.message,
      requestId: error.requestId,
    };
  }
  return {
    code: null,
    message: TEXT.text(lang, 'code.unexpected'),
    retryable: true,
    param: null,
    nonTradingDay: null,
    raw: error instanceof Error ? error.message : String(error),
    requestId: null,
  };
}

import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The call-auction page's own phrases, typed like the app dictionary (src/lib/i18n.ts): each key with its
 * Chinese and English phrase, so a missing translation is a type error.
 */

const MESSAGES = {
  'page.title': ['集合竞价', 'Call auction'],
  'codes.label': ['代码', 'Codes'],
  'codes.placeholder': [
    '输入或粘贴 A 股代码，用逗号、空格或换行分隔，例如 600519.SH, 000001.SZ',
    'Type or paste A-share codes separated by commas, spaces or new lines, e.g. 600519.SH, 000001.SZ',
  ],
  'codes.count': ['{count} / {max} 个代码', '{count} / {max} codes'],
  'codes.tooMany': [
    '最多 {max} 个代码 / at most {max} codes：当前 {count} 个（含重复），未发送请求',
    '最多 {max} 个代码 / at most {max} codes: {count} given (duplicates included); nothing was requested',
  ],
  'codes.submit': ['查询', 'Query'],
  'codes.clear': ['清空', 'Clear'],
  'codes.fromHot': ['热股榜前 {count}', 'Top {count} hot stocks'],
  'codes.fromBenchmark': ['用短线风向标', 'Use the short-term benchmark'],
  'codes.loadFailed': ['无法读取列表：{message}', 'The list could not be read: {message}'],
  'codes.duplicates': ['重复代码已移除：', 'Duplicates removed:'],
  'codes.removedTimes': ['×{count}', '×{count}'],
  'codes.flagged': ['未查询：', 'Not queried:'],
  'codes.resolved': ['已补全：', 'Completed:'],
  'codes.checking': ['正在核对代码…', 'Checking the codes…'],
  'codes.unverified': [
    'A 股代码表暂时无法读取：只核对了代码格式，没有核对代码是否存在。',
    'The A-share code table cannot be read now: only the format of the codes was checked, not whether they exist.',
  ],
  'flag.malformed': ['不是 A 股代码格式', 'not an A-share code'],
  'flag.malformedGuess': ['缺少市场后缀（是否为 {code}？）', 'no market suffix (did you mean {code}?)'],
  'flag.ambiguous': [
    '对应多只 A 股：{codes}，请写全代码',
    'matches several A-shares: {codes}; give the full code',
  ],
  'flag.unknown': ['不是存在的 A 股', 'not an existing A-share'],
  'flag.unknownGuess': [
    '不是存在的 A 股（是否为 {code}？）',
    'not an existing A-share (did you mean {code}?)',
  ],
  'flag.otherType': [
    '是{type}（{name}），集合竞价只查 A 股',
    'is of type “{type}” ({name}); the call auction covers A-shares only',
  ],
  'session.preOpen': [
    '今日集合竞价 09:15 开始（北京时间），09:25 撮合。下面的短线风向标是上一交易日的。',
    "Today's call auction starts at 09:15 Beijing time and matches at 09:25. The short-term benchmark below is the last trading day's.",
  ],
  'session.closedDay': [
    '今天不是交易日，没有集合竞价。下面的短线风向标是最近交易日的。',
    'Today is not a trading day: there is no call auction. The short-term benchmark below is the latest trading day’s.',
  ],
  'codes.rule': [
    '代码格式：600519.SH，或只写六位数字 600519',
    'Code format: 600519.SH, or just the six digits 600519',
  ],
  'codes.none': [
    '输入代码后查询集合竞价数据，或从热股榜、短线风向标取代码。',
    'Enter codes to query the call auction, or take them from the hot list or the short-term benchmark.',
  ],
  'codes.noneValid': ['没有格式正确的代码，未发送请求。', 'No well-formed code: nothing was requested.'],
  'codes.refused': ['代码超过 {max} 个，未发送请求。', 'More than {max} codes: nothing was requested.'],
  'codes.submitHint': ['Ctrl+Enter 查询', 'Ctrl+Enter to query'],
  'stage.label': ['阶段', 'Stage'],
  'stage.live': ['实时竞价', 'Live auction'],
  'stage.final': ['竞价结果', 'Auction result'],
  'status.phase': ['竞价阶段', 'Auction phase'],
  'status.data': ['数据状态', 'Data status'],
  'status.time': ['数据时间', 'Data time'],
  'phase.not_started': ['未开始', 'Not started'],
  'phase.live': ['竞价中', 'In progress'],
  'phase.final': ['已撮合', 'Matched'],
  'data.ready': ['就绪', 'Ready'],
  'data.not_ready': ['未就绪', 'Not ready'],
  'status.notReady': [
    '数据未就绪：集合竞价 09:15 开始；实时阶段只在 09:15–09:25 提供虚拟参考价，竞价结果在 09:25 撮合后提供。',
    'Data not ready: the call auction starts at 09:15; the live stage gives indicative prices from 09:15 to 09:25 only, and the result is available after the 09:25 match.',
  ],
  'status.refreshing': ['集合竞价进行中，每 5 秒刷新', 'Call auction in progress: refreshing every 5 s'],
  indicative: [
    '09:25 撮合前的竞价价格为虚拟参考价，不是成交价。',
    'Before the 09:25 match the auction price is indicative, not a traded price.',
  ],
  'table.label': ['集合竞价（{stage}）', 'Call auction ({stage})'],
  'table.empty': ['服务没有返回这些代码的竞价数据', 'The service returned no auction data for these codes'],
  'col.code': ['代码', 'Code'],
  'col.name': ['名称', 'Name'],
  'col.price': ['竞价价格', 'Auction price'],
  'col.pct': ['竞价涨幅', 'Auction %'],
  'col.volume': ['竞价量（手）', 'Volume (lots)'],
  'col.amount': ['竞价金额', 'Amount'],
  'col.unmatched': ['未匹配量（手）', 'Unmatched (lots)'],
  'col.turnover': ['竞价换手率', 'Turnover %'],
  'col.volumeRatio': ['竞价量比', 'Volume ratio'],
  'col.yesterdayRatio': ['较昨日竞价', 'vs yesterday'],
  'col.yesterdayRatioTitle': [
    '今日竞价量占昨日竞价量的百分比',
    "Today's auction volume as a percentage of yesterday's",
  ],
  'col.preClose': ['昨收', 'Prev close'],
  'col.open': ['开盘', 'Open'],
  'col.last': ['最新', 'Last'],
  'col.floatCap': ['流通市值', 'Float cap'],
  'col.tags': ['标签', 'Tags'],
  'bench.title': ['短线风向标', 'Short-term benchmark'],
  'bench.date': ['日期', 'Date'],
  'bench.today': ['今天', 'Today'],
  'bench.of': ['{date} 的短线风向标', 'Short-term benchmark of {date}'],
  'bench.empty': ['{date} 没有短线风向标数据', 'No short-term benchmark for {date}'],
  'bench.pre-open': [
    '今日短线风向标在 09:25 集合竞价撮合后提供；这里是上一交易日 {date} 的。',
    "Today's short-term benchmark comes after the 09:25 auction match; this is the one of the last trading day, {date}.",
  ],
  'bench.auction': [
    '集合竞价进行中，今日短线风向标在 09:25 撮合后提供；这里是上一交易日 {date} 的。',
    "The call auction is running; today's short-term benchmark comes after the 09:25 match. This is the one of the last trading day, {date}.",
  ],
  'bench.non-trading': [
    '今天不是交易日；这里是最近交易日 {date} 的短线风向标。',
    'Today is not a trading day; this is the short-term benchmark of the latest trading day, {date}.',
  ],
  'bench.pickerNonTrading': ['非交易日', 'not a trading day'],
  'bench.label': ['短线风向标 {date}', 'Short-term benchmark {date}'],
} as const;

export type AuctionMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const auctionText = messages.text;
export type AuctionT = Translate<AuctionMessageKey>;
/** The app's language with this page's dictionary. */
export const useAuctionText = messages.useText;
export const isAuctionMessageKey = messages.has;

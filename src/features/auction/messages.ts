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
  'codes.malformed': ['格式不正确，未查询：', 'Not A-share codes, not queried:'],
  'codes.suggest': ['（是否为 {code}？）', ' (did you mean {code}?)'],
  'codes.rule': [
    '代码格式：六位数字 + . + SH、SZ 或 BJ',
    'Code format: six digits, a dot, then SH, SZ or BJ',
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
  'bench.nonTrading': [
    '{date} 不是交易日：服务按这一天回答，不会改到其他交易日。',
    '{date} is not a trading day: the service answers for that very day and does not move it.',
  ],
  'bench.label': ['短线风向标 {date}', 'Short-term benchmark {date}'],
} as const;

export type AuctionMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const auctionText = messages.text;
export type AuctionT = Translate<AuctionMessageKey>;
/** The app's language with this page's dictionary. */
export const useAuctionText = messages.useText;
export const isAuctionMessageKey = messages.has;

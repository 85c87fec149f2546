import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The call-auction page's own phrases, typed like the app dictionary (src/lib/i18n.ts): Chinese is the
 * source of the keys and English must give every one, so a missing translation is a type error.
 */

const zhCN = {
  'page.title': '集合竞价',
  'codes.label': '代码',
  'codes.placeholder': '输入或粘贴 A 股代码，用逗号、空格或换行分隔，例如 600519.SH, 000001.SZ',
  'codes.count': '{count} / {max} 个代码',
  'codes.tooMany': '最多 {max} 个代码 / at most {max} codes：当前 {count} 个（含重复），未发送请求',
  'codes.submit': '查询',
  'codes.clear': '清空',
  'codes.fromHot': '热股榜前 {count}',
  'codes.fromBenchmark': '用短线风向标',
  'codes.loadFailed': '无法读取列表：{message}',
  'codes.duplicates': '重复代码已移除：',
  'codes.removedTimes': '×{count}',
  'codes.malformed': '格式不正确，未查询：',
  'codes.suggest': '（是否为 {code}？）',
  'codes.rule': '代码格式：六位数字 + . + SH、SZ 或 BJ',
  'codes.none': '输入代码后查询集合竞价数据，或从热股榜、短线风向标取代码。',
  'codes.noneValid': '没有格式正确的代码，未发送请求。',
  'codes.refused': '代码超过 {max} 个，未发送请求。',
  'codes.submitHint': 'Ctrl+Enter 查询',
  'stage.label': '阶段',
  'stage.live': '实时竞价',
  'stage.final': '竞价结果',
  'status.phase': '竞价阶段',
  'status.data': '数据状态',
  'status.time': '数据时间',
  'phase.not_started': '未开始',
  'phase.live': '竞价中',
  'phase.final': '已撮合',
  'data.ready': '就绪',
  'data.not_ready': '未就绪',
  'status.notReady':
    '数据未就绪：集合竞价 09:15 开始；实时阶段只在 09:15–09:25 提供虚拟参考价，竞价结果在 09:25 撮合后提供。',
  'status.refreshing': '集合竞价进行中，每 5 秒刷新',
  indicative: '09:25 撮合前的竞价价格为虚拟参考价，不是成交价。',
  'table.label': '集合竞价（{stage}）',
  'table.empty': '服务没有返回这些代码的竞价数据',
  'col.code': '代码',
  'col.name': '名称',
  'col.price': '竞价价格',
  'col.pct': '竞价涨幅',
  'col.volume': '竞价量（手）',
  'col.amount': '竞价金额',
  'col.unmatched': '未匹配量（手）',
  'col.turnover': '竞价换手率',
  'col.volumeRatio': '竞价量比',
  'col.yesterdayRatio': '较昨日竞价',
  'col.yesterdayRatioTitle': '今日竞价量占昨日竞价量的百分比',
  'col.preClose': '昨收',
  'col.open': '开盘',
  'col.last': '最新',
  'col.floatCap': '流通市值',
  'col.tags': '标签',
  'bench.title': '短线风向标',
  'bench.date': '日期',
  'bench.today': '今天',
  'bench.of': '{date} 的短线风向标',
  'bench.empty': '{date} 没有短线风向标数据',
  'bench.nonTrading': '{date} 不是交易日：服务按这一天回答，不会改到其他交易日。',
  'bench.label': '短线风向标 {date}',
} as const;

export type AuctionMessageKey = keyof typeof zhCN;

const en: Record<AuctionMessageKey, string> = {
  'page.title': 'Call auction',
  'codes.label': 'Codes',
  'codes.placeholder':
    'Type or paste A-share codes separated by commas, spaces or new lines, e.g. 600519.SH, 000001.SZ',
  'codes.count': '{count} / {max} codes',
  'codes.tooMany':
    '最多 {max} 个代码 / at most {max} codes: {count} given (duplicates included); nothing was requested',
  'codes.submit': 'Query',
  'codes.clear': 'Clear',
  'codes.fromHot': 'Top {count} hot stocks',
  'codes.fromBenchmark': 'Use the short-term benchmark',
  'codes.loadFailed': 'The list could not be read: {message}',
  'codes.duplicates': 'Duplicates removed:',
  'codes.removedTimes': '×{count}',
  'codes.malformed': 'Not A-share codes, not queried:',
  'codes.suggest': ' (did you mean {code}?)',
  'codes.rule': 'Code format: six digits, a dot, then SH, SZ or BJ',
  'codes.none':
    'Enter codes to query the call auction, or take them from the hot list or the short-term benchmark.',
  'codes.noneValid': 'No well-formed code: nothing was requested.',
  'codes.refused': 'More than {max} codes: nothing was requested.',
  'codes.submitHint': 'Ctrl+Enter to query',
  'stage.label': 'Stage',
  'stage.live': 'Live auction',
  'stage.final': 'Auction result',
  'status.phase': 'Auction phase',
  'status.data': 'Data status',
  'status.time': 'Data time',
  'phase.not_started': 'Not started',
  'phase.live': 'In progress',
  'phase.final': 'Matched',
  'data.ready': 'Ready',
  'data.not_ready': 'Not ready',
  'status.notReady':
    'Data not ready: the call auction starts at 09:15; the live stage gives indicative prices from 09:15 to 09:25 only, and the result is available after the 09:25 match.',
  'status.refreshing': 'Call auction in progress: refreshing every 5 s',
  indicative: 'Before the 09:25 match the auction price is indicative, not a traded price.',
  'table.label': 'Call auction ({stage})',
  'table.empty': 'The service returned no auction data for these codes',
  'col.code': 'Code',
  'col.name': 'Name',
  'col.price': 'Auction price',
  'col.pct': 'Auction %',
  'col.volume': 'Volume (lots)',
  'col.amount': 'Amount',
  'col.unmatched': 'Unmatched (lots)',
  'col.turnover': 'Turnover %',
  'col.volumeRatio': 'Volume ratio',
  'col.yesterdayRatio': 'vs yesterday',
  'col.yesterdayRatioTitle': "Today's auction volume as a percentage of yesterday's",
  'col.preClose': 'Prev close',
  'col.open': 'Open',
  'col.last': 'Last',
  'col.floatCap': 'Float cap',
  'col.tags': 'Tags',
  'bench.title': 'Short-term benchmark',
  'bench.date': 'Date',
  'bench.today': 'Today',
  'bench.of': 'Short-term benchmark of {date}',
  'bench.empty': 'No short-term benchmark for {date}',
  'bench.nonTrading':
    '{date} is not a trading day: the service answers for that very day and does not move it.',
  'bench.label': 'Short-term benchmark {date}',
};

const messages = defineMessages(zhCN, en);

export const auctionText = messages.text;
export type AuctionT = Translate<AuctionMessageKey>;
/** The app's language with this page's dictionary. */
export const useAuctionText = messages.useText;
export const isAuctionMessageKey = messages.has;

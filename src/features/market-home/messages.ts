import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The market home's phrases, typed like the app dictionary: Chinese gives the keys and English must
 * give every one, so a missing translation is a type error.
 */

const MESSAGES = {
  'page.title': ['市场概览', 'Market overview'],
  'page.hint': [
    '在任何位置直接输入代码或名称（或按 /）即可跳转到个股，页面状态都在网址里，复制链接即可共享。',
    'Type a code or a name anywhere (or press /) to open a stock; every view lives in its URL, so a copied link shares it.',
  ],
  'period.label': ['热榜周期', 'Hot-list period'],
  'period.day': ['日榜', 'Day'],
  'period.hour': ['小时榜', 'Hour'],
  'session.tradingDay': ['今天是交易日', 'Today is a trading day'],
  'session.nonTradingDay': ['今天休市', 'The market is closed today'],
  'session.next': ['下一次变化 {time}', 'Next change {time}'],
  'session.guess': [
    '交易日历暂不可用，按周一至周五估算',
    'Trading calendar unavailable: assuming Monday to Friday',
  ],
  'hot.title': ['热股榜', 'Hot stocks'],
  'skyrocket.title': ['飙升榜', 'Skyrocketing'],
  'list.rank': ['排名', 'Rank'],
  'list.stock': ['股票', 'Stock'],
  'list.heat': ['热度', 'Heat'],
  'list.change': ['排名变化', 'Rank change'],
  'list.empty': ['榜单暂无数据', 'The list is empty'],
  'list.top': ['前 {count} 名', 'Top {count}'],
  'trend.up': ['上升 {count} 位', 'Up {count}'],
  'trend.down': ['下降 {count} 位', 'Down {count}'],
  'trend.flat': ['持平', 'Unchanged'],
  'trend.unknown': ['变化未知', 'Change unknown'],
  'dt.title': ['龙虎榜', 'Dragon-tiger list'],
  'dt.tradeDate': ['交易日 {date}', 'Trading day {date}'],
  'dt.stocks': ['上榜个股', 'Stocks listed'],
  'dt.records': ['上榜记录', 'Records'],
  'dt.totalNet': ['合计净买入', 'Total net buying'],
  'dt.orgNet': ['机构净买入', 'Institutions net'],
  'dt.topBuyers': ['净买入前 {count}', 'Top {count} net buyers'],
  'dt.empty': ['当日没有上榜个股', 'No stock listed that day'],
  'monitor.title': ['异动监控', 'Abnormal monitor'],
  'monitor.total': ['共 {total} 条', '{total} in all'],
  'monitor.since': ['自 {date}', 'since {date}'],
  'monitor.empty': ['当前没有监控中的个股', 'No stock under monitoring now'],
  'monitor.unnamed': ['（未具名）', '(unnamed)'],
  'indices.title': ['主要指数', 'Main indices'],
  'indices.spark': ['{name} 近 {count} 个交易日走势', '{name}, last {count} sessions'],
  'breadth.title': ['市场宽度', 'Market breadth'],
  'breadth.meta': ['全市场 {count} 只', '{count} stocks'],
  'breadth.advancers': ['上涨', 'Up'],
  'breadth.decliners': ['下跌', 'Down'],
  'breadth.unchanged': ['平盘', 'Unchanged'],
  'breadth.limitUp': ['涨停', 'Limit up'],
  'breadth.limitDown': ['跌停', 'Limit down'],
  'breadth.turnover': ['A股成交额', 'A-share turnover'],
  'breadth.turnoverHint': [
    '全部 A 股成交额之和（全市场快照，今日截至目前）；指数成交额只计其成分股，不在此列',
    'Sum of the traded amounts of every A-share (whole-market snapshot, today so far); index turnovers count only their members and are not this figure',
  ],
  'breadth.distribution': ['涨跌分布', 'Distribution of changes'],
  'breadth.bar': ['上涨 {up}，平盘 {flat}，下跌 {down}', '{up} up, {flat} unchanged, {down} down'],
  'bucket.limitUp': ['涨停', 'Limit up'],
  'bucket.over7': ['>7%', '>7%'],
  'bucket.from5to7': ['5~7%', '5–7%'],
  'bucket.from3to5': ['3~5%', '3–5%'],
  'bucket.from0to3': ['0~3%', '0–3%'],
  'bucket.flat': ['平', '0'],
  'bucket.from0toMinus3': ['0~-3%', '0 to −3%'],
  'bucket.fromMinus3toMinus5': ['-3~-5%', '−3 to −5%'],
  'bucket.fromMinus5toMinus7': ['-5~-7%', '−5 to −7%'],
  'bucket.underMinus7': ['<-7%', '<−7%'],
  'bucket.limitDown': ['跌停', 'Limit down'],
  'bucket.count': ['{label}：{count} 只', '{label}: {count}'],
  'limitUp.title': ['涨停复盘', 'Limit-up review'],
  'limitUp.up': ['涨停', 'Limit up'],
  'limitUp.sealRate': ['封板率', 'Seal rate'],
  'limitUp.broken': ['炸板', 'Broke the limit'],
  'limitUp.down': ['跌停', 'Limit down'],
  'limitUp.height': ['最高板', 'Highest board'],
  'limitUp.boards': ['{count} 板', '{count} boards'],
  'limitUp.streaks': ['连板股', 'Consecutive boards'],
  'limitUp.empty': ['当日没有连板股', 'No consecutive boards that day'],
  'sectors.title': ['领涨板块', 'Leading sectors'],
  'sectors.industry': ['行业', 'Industries'],
  'sectors.concept': ['概念', 'Concepts'],
  'sectors.empty': ['暂无板块行情', 'No sector quotes'],
  'sectors.name': ['板块', 'Sector'],
  'sectors.change': ['涨跌幅', 'Change'],
} as const;

export type HomeMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const homeText = messages.text;
export type HomeT = Translate<HomeMessageKey>;
/** The app's language with this page's dictionary. */
export const useHomeText = messages.useText;

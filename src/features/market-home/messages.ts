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
  'session.title': ['交易时段', 'Market session'],
  'session.tradingDay': ['今天是交易日', 'Today is a trading day'],
  'session.nonTradingDay': ['今天休市', 'The market is closed today'],
  'session.serverTime': ['北京时间 {time}', 'Beijing time {time}'],
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
} as const;

export type HomeMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const homeText = messages.text;
export type HomeT = Translate<HomeMessageKey>;
/** The app's language with this page's dictionary. */
export const useHomeText = messages.useText;

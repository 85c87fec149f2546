import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The market home's phrases, typed like the app dictionary: Chinese gives the keys and English must
 * give every one, so a missing translation is a type error.
 */

const zhCN = {
  'page.title': '市场概览',
  'page.hint': '在任何位置直接输入代码或名称（或按 /）即可跳转到个股，页面状态都在网址里，复制链接即可共享。',
  'period.label': '热榜周期',
  'period.day': '日榜',
  'period.hour': '小时榜',
  'session.title': '交易时段',
  'session.tradingDay': '今天是交易日',
  'session.nonTradingDay': '今天休市',
  'session.serverTime': '北京时间 {time}',
  'session.next': '下一次变化 {time}',
  'session.guess': '交易日历暂不可用，按周一至周五估算',
  'hot.title': '热股榜',
  'skyrocket.title': '飙升榜',
  'list.rank': '排名',
  'list.stock': '股票',
  'list.heat': '热度',
  'list.change': '排名变化',
  'list.empty': '榜单暂无数据',
  'list.top': '前 {count} 名',
  'trend.up': '上升 {count} 位',
  'trend.down': '下降 {count} 位',
  'trend.flat': '持平',
  'trend.unknown': '变化未知',
  'dt.title': '龙虎榜',
  'dt.tradeDate': '交易日 {date}',
  'dt.stocks': '上榜个股',
  'dt.records': '上榜记录',
  'dt.totalNet': '合计净买入',
  'dt.orgNet': '机构净买入',
  'dt.topBuyers': '净买入前 {count}',
  'dt.empty': '当日没有上榜个股',
  'monitor.title': '异动监控',
  'monitor.total': '共 {total} 条',
  'monitor.since': '自 {date}',
  'monitor.empty': '当前没有监控中的个股',
  'monitor.unnamed': '（未具名）',
} as const;

export type HomeMessageKey = keyof typeof zhCN;

const en: Record<HomeMessageKey, string> = {
  'page.title': 'Market overview',
  'page.hint':
    'Type a code or a name anywhere (or press /) to open a stock; every view lives in its URL, so a copied link shares it.',
  'period.label': 'Hot-list period',
  'period.day': 'Day',
  'period.hour': 'Hour',
  'session.title': 'Market session',
  'session.tradingDay': 'Today is a trading day',
  'session.nonTradingDay': 'The market is closed today',
  'session.serverTime': 'Beijing time {time}',
  'session.next': 'Next change {time}',
  'session.guess': 'Trading calendar unavailable: assuming Monday to Friday',
  'hot.title': 'Hot stocks',
  'skyrocket.title': 'Skyrocketing',
  'list.rank': 'Rank',
  'list.stock': 'Stock',
  'list.heat': 'Heat',
  'list.change': 'Rank change',
  'list.empty': 'The list is empty',
  'list.top': 'Top {count}',
  'trend.up': 'Up {count}',
  'trend.down': 'Down {count}',
  'trend.flat': 'Unchanged',
  'trend.unknown': 'Change unknown',
  'dt.title': 'Dragon-tiger list',
  'dt.tradeDate': 'Trading day {date}',
  'dt.stocks': 'Stocks listed',
  'dt.records': 'Records',
  'dt.totalNet': 'Total net buying',
  'dt.orgNet': 'Institutions net',
  'dt.topBuyers': 'Top {count} net buyers',
  'dt.empty': 'No stock listed that day',
  'monitor.title': 'Abnormal monitor',
  'monitor.total': '{total} in all',
  'monitor.since': 'since {date}',
  'monitor.empty': 'No stock under monitoring now',
  'monitor.unnamed': '(unnamed)',
};

const messages = defineMessages(zhCN, en);

export const homeText = messages.text;
export type HomeT = Translate<HomeMessageKey>;
/** The app's language with this page's dictionary. */
export const useHomeText = messages.useText;

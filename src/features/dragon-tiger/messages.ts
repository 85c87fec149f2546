import { useMemo } from 'react';
import { useI18n, type Language, type MessageVars } from '../../lib/i18n';

/**
 * The dragon-tiger page's phrases, typed like the app dictionary: Chinese gives the keys and English
 * must give every one, so a missing translation is a type error.
 */

const zhCN = {
  'page.title': '龙虎榜',
  'page.intro': '交易所公布的异动个股及其买卖营业部，每个交易日收盘后更新',
  'toolbar.date': '交易日',
  'toolbar.prevDay': '前一交易日',
  'toolbar.nextDay': '后一交易日',
  'toolbar.latest': '最近交易日',
  'toolbar.board': '榜单',
  'board.all': '全部',
  'board.org': '机构',
  'board.hot_money': '游资',
  'picker.nonTrading': '非交易日',
  'summary.label': '当日概况',
  'summary.stocks': '上榜个股',
  'summary.records': '上榜记录',
  'summary.totalNet': '合计净买入',
  'summary.orgNet': '机构净买入',
  'summary.oneDayHint': '按 {count} 条 1 日榜记录合计（3 日榜覆盖多日，不重复计入）',
  'summary.tradeDate': '交易日 {date}',
  'table.label': '龙虎榜个股',
  'col.thscode': '代码',
  'col.name': '名称',
  'col.change': '涨跌幅%',
  'col.net_value': '净买入',
  'col.net_rate': '净买入占比%',
  'col.buy_value': '买入额',
  'col.sell_value': '卖出额',
  'col.org_net_value': '机构净买入',
  'col.org_net_rate': '机构净买入占比%',
  'col.org_buy_num': '买入机构数',
  'col.org_sell_num': '卖出机构数',
  'col.hot_money_net_value': '游资净买入',
  'col.hot_money_net_rate': '游资净买入占比%',
  'col.range_days': '上榜类型',
  'col.hot_rank': '人气排名',
  'col.limit_reason': '上榜原因',
  'col.concepts': '概念',
  'title.amount': '金额单位：元（显示为万/亿）',
  'title.change': '当日涨跌幅；服务以小数给出（0.1 = 10%）',
  'title.rate': '净买入额占当日成交额的比例',
  'title.range': '1 日榜或 3 日榜（连续三个交易日累计）',
  'title.hotRank': '同花顺人气排名，数字越小越热',
  'range.days': '{days} 日',
  'table.empty': '该榜单当日没有个股',
  'table.hint': '点击或按 Enter 查看机构明细',
  'outside.title': '超出可查询范围',
  'outside.message': '龙虎榜只能查询最近一年（{min} 至 {max}），{date} 不在其中',
  'outside.latest': '查看最近交易日',
  'seats.title': '游资席位',
  'seats.empty': '当日没有游资席位数据',
  'seats.net': '净买入',
  'seats.stocks': '{count} 只个股',
  'seats.stock': '个股',
  'seats.amount': '成交额',
  'seats.rate': '占比%',
  'detail.label': '机构明细',
  'detail.close': '关闭明细',
  'detail.stockLink': '打开个股页面',
  'detail.empty': '{code} 在 {date} 没有机构明细',
  'detail.waiting': '等待榜单日期…',
} as const;

export type DragonTigerMessageKey = keyof typeof zhCN;

const en: Record<DragonTigerMessageKey, string> = {
  'page.title': 'Dragon-tiger list',
  'page.intro': 'Stocks with unusual moves and the branches that traded them, published after each close',
  'toolbar.date': 'Trading day',
  'toolbar.prevDay': 'Previous trading day',
  'toolbar.nextDay': 'Next trading day',
  'toolbar.latest': 'Latest trading day',
  'toolbar.board': 'Board',
  'board.all': 'All',
  'board.org': 'Institutions',
  'board.hot_money': 'Hot money',
  'picker.nonTrading': 'not a trading day',
  'summary.label': 'Day overview',
  'summary.stocks': 'Stocks listed',
  'summary.records': 'Records',
  'summary.totalNet': 'Total net buying',
  'summary.orgNet': 'Institutions net',
  'summary.oneDayHint': 'Sum of {count} 1-day records (3-day records span several days and are not added)',
  'summary.tradeDate': 'Trading day {date}',
  'table.label': 'Dragon-tiger stocks',
  'col.thscode': 'Code',
  'col.name': 'Name',
  'col.change': 'Change %',
  'col.net_value': 'Net buying',
  'col.net_rate': 'Net rate %',
  'col.buy_value': 'Bought',
  'col.sell_value': 'Sold',
  'col.org_net_value': 'Institutions net',
  'col.org_net_rate': 'Institutions net %',
  'col.org_buy_num': 'Buying inst.',
  'col.org_sell_num': 'Selling inst.',
  'col.hot_money_net_value': 'Hot money net',
  'col.hot_money_net_rate': 'Hot money net %',
  'col.range_days': 'Record',
  'col.hot_rank': 'Hot rank',
  'col.limit_reason': 'Reason',
  'col.concepts': 'Concepts',
  'title.amount': 'Amounts in CNY (shown in K/M/B)',
  'title.change': "The day's change; the service sends a fraction (0.1 = 10%)",
  'title.rate': "Net buying as a share of the day's turnover",
  'title.range': '1-day or 3-day record (cumulative over three trading days)',
  'title.hotRank': 'Popularity rank; smaller is hotter',
  'range.days': '{days}-day',
  'table.empty': 'No stock on this board that day',
  'table.hint': 'Click a row or press Enter for the institution detail',
  'outside.title': 'Outside the available range',
  'outside.message': 'Dragon-tiger records cover the last year only ({min} to {max}); {date} is outside it',
  'outside.latest': 'Show the latest trading day',
  'seats.title': 'Hot-money seats',
  'seats.empty': 'No hot-money seats that day',
  'seats.net': 'Net',
  'seats.stocks': '{count} stocks',
  'seats.stock': 'Stock',
  'seats.amount': 'Turnover',
  'seats.rate': 'Rate %',
  'detail.label': 'Institution detail',
  'detail.close': 'Close the detail',
  'detail.stockLink': 'Open the stock page',
  'detail.empty': '{code} has no institution detail on {date}',
  'detail.waiting': 'Waiting for the day of the list…',
};

const dictionaries: Record<Language, Record<DragonTigerMessageKey, string>> = { 'zh-CN': zhCN, en };

export function dragonTigerText(lang: Language, key: DragonTigerMessageKey, vars?: MessageVars): string {
  const text = dictionaries[lang][key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

export type DragonTigerT = (key: DragonTigerMessageKey, vars?: MessageVars) => string;

/** The app's language with the dragon-tiger dictionary. */
export function useDragonTigerText(): { lang: Language; t: DragonTigerT } {
  const { lang } = useI18n();
  return useMemo(() => ({ lang, t: (key, vars) => dragonTigerText(lang, key, vars) }), [lang]);
}

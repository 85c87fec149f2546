import { defineMessages, type Translate } from '../../lib/i18n';

/**
 * The dragon-tiger page's phrases, typed like the app dictionary: Chinese gives the keys and English
 * must give every one, so a missing translation is a type error.
 */

const MESSAGES = {
  'page.title': ['龙虎榜', 'Dragon-tiger list'],
  'page.intro': [
    '交易所公布的异动个股及其买卖营业部，每个交易日收盘后更新',
    'Stocks with unusual moves and the branches that traded them, published after each close',
  ],
  'toolbar.board': ['榜单', 'Board'],
  'board.all': ['全部', 'All'],
  'board.org': ['机构', 'Institutions'],
  'board.hot_money': ['游资', 'Hot money'],
  'summary.label': ['当日概况', 'Day overview'],
  'summary.stocks': ['上榜个股', 'Stocks listed'],
  'summary.records': ['上榜记录', 'Records'],
  'summary.totalNet': ['合计净买入', 'Total net buying'],
  'summary.orgNet': ['机构净买入', 'Institutions net'],
  'summary.oneDayHint': [
    '按 {count} 条 1 日榜记录合计（3 日榜覆盖多日，不重复计入）',
    'Sum of {count} 1-day records (3-day records span several days and are not added)',
  ],
  'table.label': ['龙虎榜个股', 'Dragon-tiger stocks'],
  'col.thscode': ['代码', 'Code'],
  'col.name': ['名称', 'Name'],
  'col.change': ['1日涨跌幅%', '1-day change %'],
  'col.change_multi': ['多日涨跌幅%', 'Multi-day change %'],
  'col.net_value': ['净买入', 'Net buying'],
  'col.net_rate': ['净买入占比%', 'Net rate %'],
  'col.buy_value': ['买入额', 'Bought'],
  'col.sell_value': ['卖出额', 'Sold'],
  'col.org_net_value': ['机构净买入', 'Institutions net'],
  'col.org_net_rate': ['机构净买入占比%', 'Institutions net %'],
  'col.org_buy_num': ['买入机构数', 'Buying inst.'],
  'col.org_sell_num': ['卖出机构数', 'Selling inst.'],
  'col.hot_money_net_value': ['游资净买入', 'Hot money net'],
  'col.hot_money_net_rate': ['游资净买入占比%', 'Hot money net %'],
  'col.range_days': ['上榜类型', 'Record'],
  'col.hot_rank': ['人气排名', 'Hot rank'],
  'col.limit_reason': ['上榜原因', 'Reason'],
  'col.concepts': ['概念', 'Concepts'],
  'title.amount': ['金额单位：元（显示为万/亿）', 'Amounts in CNY (shown in K/M/B)'],
  'title.change': [
    '1 日榜记录的当日涨跌幅（3 日榜记录见“多日涨跌幅%”）；服务以小数给出（0.1 = 10%）',
    "The day's change of 1-day records (3-day records: see “Multi-day change %”); the service sends a fraction (0.1 = 10%)",
  ],
  'title.changeMulti': [
    '3 日榜等多日记录的累计涨跌幅（连续多个交易日），与 1 日涨跌幅分列、分开排序',
    'Cumulative change of 3-day (multi-day) records, kept apart from the 1-day change and sorted separately',
  ],
  'title.rate': ['净买入额占当日成交额的比例', "Net buying as a share of the day's turnover"],
  'title.range': [
    '1 日榜或 3 日榜（连续三个交易日累计）',
    '1-day or 3-day record (cumulative over three trading days)',
  ],
  'title.hotRank': ['同花顺人气排名，数字越小越热', 'Popularity rank; smaller is hotter'],
  'range.days': ['{days} 日', '{days}-day'],
  'range.suffix': ['（{days}日）', ' ({days}-day)'],
  'table.empty': ['该榜单当日没有个股', 'No stock on this board that day'],
  'table.hint': ['点击或按 Enter 查看机构明细', 'Click a row or press Enter for the institution detail'],
  'outside.title': ['超出可查询范围', 'Outside the available range'],
  'outside.message': [
    '龙虎榜只能查询最近一年（{min} 至 {max}），{date} 不在其中',
    'Dragon-tiger records cover the last year only ({min} to {max}); {date} is outside it',
  ],
  'outside.latest': ['查看最近交易日', 'Show the latest trading day'],
  'seats.title': ['游资席位', 'Hot-money seats'],
  'seats.empty': ['当日没有游资席位数据', 'No hot-money seats that day'],
  'seats.net': ['净买入', 'Net'],
  'seats.stocks': ['{count} 只个股', '{count} stocks'],
  'seats.stock': ['个股', 'Stock'],
  'seats.amount': ['成交额', 'Turnover'],
  'seats.rate': ['占比%', 'Rate %'],
  'seats.change': ['涨跌幅', 'Change'],
  'detail.label': ['机构明细', 'Institution detail'],
  'detail.close': ['关闭明细', 'Close the detail'],
  'detail.stockLink': ['打开个股页面', 'Open the stock page'],
  'detail.empty': ['{code} 在 {date} 没有机构明细', '{code} has no institution detail on {date}'],
} as const;

export type DragonTigerMessageKey = keyof typeof MESSAGES;

const messages = defineMessages(MESSAGES);

export const dragonTigerText = messages.text;
export type DragonTigerT = Translate<DragonTigerMessageKey>;
/** The app's language with this page's dictionary. */
export const useDragonTigerText = messages.useText;

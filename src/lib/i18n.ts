import { createContext, createElement, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { storedPreference, usePreference } from './preferences';

/**
 * A tiny typed dictionary. Chinese is the source (the keys' set comes from it) and English must give
 * every key, so a missing translation is a type error rather than a blank in the UI.
 */

export const LANGUAGES = ['zh-CN', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

const zhCN = {
  'app.name': '行情看板',
  'app.skip': '跳到正文',
  'shell.language': '语言',
  'copy.label': '复制链接',
  'copy.done': '已复制',
  'copy.failed': '无法写入剪贴板，请手动复制：',
  'shell.theme': '主题',
  'theme.dark': '深色',
  'theme.light': '浅色',
  'shell.colors': '涨跌颜色',
  'colors.red-up': '红涨绿跌',
  'colors.green-up': '绿涨红跌',
  'shell.nav': '主导航',
  'nav.homeLink': '首页',
  'nav.dragonTiger': '龙虎榜',
  'shell.dataTime': '数据时间',
  'shell.dataTimeHint': '应用收到的最新数据时间（北京时间）',
  'session.label': '交易时段',
  'session.loading': '时段…',
  'session.pre-open': '盘前',
  'session.opening-auction': '开盘集合竞价',
  'session.continuous': '连续竞价',
  'session.lunch-break': '午间休市',
  'session.closing-auction': '收盘集合竞价',
  'session.closed': '已收盘',
  'session.non-trading-day': '休市日',
  'session.next': '下一次变化：{time}（北京时间）',
  'session.calendarUnknown': '交易日历暂不可用，按周一至周五估算。',
  'table.columns': '列',
  'table.columnsTitle': '显示的列',
  'table.export': '导出 CSV',
  'table.empty': '暂无数据',
  'table.rows': '{count} 行',
  'table.sortAsc': '升序',
  'table.sortDesc': '降序',
  'table.sortNone': '未排序',
  'picker.none': '未选择',
  'picker.previousMonth': '上个月',
  'picker.nextMonth': '下个月',
  'picker.unavailable': '不可选',
  'picker.outside': '超出可选范围（{min} 至 {max}）',
  // The mode badge names both languages on purpose: nobody may take simulated numbers for market data.
  'mode.simulated': '模拟数据 · Simulated data',
  'mode.live': '实时 · Live',
  'mode.unknown': '模式未知 · Mode unknown',
  'mode.loading': '模式…',
  'mode.simulatedHint': '所有数字由内置模拟器生成，不是真实行情。',
  'mode.liveHint': '数据来自行情服务。',
  'mode.unknownHint': '无法确认数据来源，请勿把数字当作真实行情。',
  'search.label': '搜索证券',
  'search.placeholder': '代码或名称（按 / 聚焦）',
  'search.loading': '搜索中…',
  'search.empty': '无匹配',
  'search.error': '搜索失败',
  'search.hint': '↑↓ 选择 · Enter 打开 · Esc 关闭',
  'search.unsupported': '{name}（{code}）属于「{type}」，该类品种的页面尚未支持。',
  'search.results': '搜索结果',
  'asset.a-share': '股票',
  'asset.a-share-index': '指数',
  'asset.fund-otc': '场外基金',
  'asset.fund-etf': 'ETF',
  'asset.fund-lof': 'LOF',
  'asset.fund-reits': 'REITs',
  'asset.forex': '外汇',
  'asset.futures': '期货',
  'asset.futures-commodity-index': '商品指数',
  'asset.options': '期权',
  'exchange.none': '场外',
  'state.loading': '加载中…',
  'state.error': '请求失败',
  'state.retry': '重试',
  'state.code': '错误码',
  'state.requestId': '请求号',
  'stock.notFound': '未找到代码为 {code} 的 A 股',
  'nav.home': '返回首页',
  'nav.hot': '热榜',
  'nav.auction': '集合竞价',
  'nav.watchlists': '自选',
  'notFound.title': '页面不存在',
  'error.title': '页面出错',
  'institution.range1': '1 日榜',
  'institution.range3': '3 日榜',
  'institution.rangeOther': '{days} 日榜',
  'institution.span': '{start} 至 {end}',
  'institution.orgBuy': '机构买入',
  'institution.orgSell': '机构卖出',
  'institution.orgNet': '机构净买入',
  'institution.netRate': '净买入占比',
  'institution.orgBuyNum': '买入机构数',
  'institution.orgSellNum': '卖出机构数',
  'institution.buyBranches': '买入营业部',
  'institution.sellBranches': '卖出营业部',
  'institution.noBranches': '无',
  'institution.unnamed': '（未具名）',
} as const;

export type MessageKey = keyof typeof zhCN;

const en: Record<MessageKey, string> = {
  'app.name': 'Market Dashboard',
  'app.skip': 'Skip to content',
  'shell.language': 'Language',
  'copy.label': 'Copy link',
  'copy.done': 'Copied',
  'copy.failed': 'The clipboard is not available; copy the link by hand:',
  'shell.theme': 'Theme',
  'theme.dark': 'Dark',
  'theme.light': 'Light',
  'shell.colors': 'Up/down colours',
  'colors.red-up': 'Red up, green down',
  'colors.green-up': 'Green up, red down',
  'shell.nav': 'Main navigation',
  'nav.homeLink': 'Home',
  'nav.dragonTiger': 'Dragon-tiger',
  'shell.dataTime': 'Data time',
  'shell.dataTimeHint': 'Time of the latest data the app has received (Beijing time)',
  'session.label': 'Market session',
  'session.loading': 'Session…',
  'session.pre-open': 'Pre-open',
  'session.opening-auction': 'Opening auction',
  'session.continuous': 'Continuous trading',
  'session.lunch-break': 'Lunch break',
  'session.closing-auction': 'Closing auction',
  'session.closed': 'Closed',
  'session.non-trading-day': 'Non-trading day',
  'session.next': 'Next change: {time} (Beijing time)',
  'session.calendarUnknown': 'Trading calendar unavailable: assuming Monday to Friday.',
  'table.columns': 'Columns',
  'table.columnsTitle': 'Visible columns',
  'table.export': 'Export CSV',
  'table.empty': 'No data',
  'table.rows': '{count} rows',
  'table.sortAsc': 'ascending',
  'table.sortDesc': 'descending',
  'table.sortNone': 'not sorted',
  'picker.none': 'none chosen',
  'picker.previousMonth': 'Previous month',
  'picker.nextMonth': 'Next month',
  'picker.unavailable': 'not available',
  'picker.outside': 'outside the range ({min} to {max})',
  'mode.simulated': '模拟数据 · Simulated data',
  'mode.live': '实时 · Live',
  'mode.unknown': '模式未知 · Mode unknown',
  'mode.loading': 'Mode…',
  'mode.simulatedHint': 'Every number is generated by the built-in simulator; this is not market data.',
  'mode.liveHint': 'Data comes from the market data service.',
  'mode.unknownHint': 'The data source could not be confirmed; do not take the numbers for market data.',
  'search.label': 'Search instruments',
  'search.placeholder': 'Code or name (press / to focus)',
  'search.loading': 'Searching…',
  'search.empty': 'No match',
  'search.error': 'Search failed',
  'search.hint': '↑↓ select · Enter open · Esc close',
  'search.unsupported':
    '{name} ({code}) is of type “{type}”: pages for this asset type are not supported yet.',
  'search.results': 'Search results',
  'asset.a-share': 'Stock',
  'asset.a-share-index': 'Index',
  'asset.fund-otc': 'OTC fund',
  'asset.fund-etf': 'ETF',
  'asset.fund-lof': 'LOF',
  'asset.fund-reits': 'REITs',
  'asset.forex': 'Forex',
  'asset.futures': 'Futures',
  'asset.futures-commodity-index': 'Commodity index',
  'asset.options': 'Options',
  'exchange.none': 'OTC',
  'state.loading': 'Loading…',
  'state.error': 'Request failed',
  'state.retry': 'Retry',
  'state.code': 'Code',
  'state.requestId': 'Request',
  'stock.notFound': 'No A-share with the code {code}',
  'nav.home': 'Back to home',
  'nav.hot': 'Hot lists',
  'nav.auction': 'Call auction',
  'nav.watchlists': 'Watchlists',
  'notFound.title': 'Page not found',
  'error.title': 'Something went wrong',
  'institution.range1': '1-day record',
  'institution.range3': '3-day record',
  'institution.rangeOther': '{days}-day record',
  'institution.span': '{start} to {end}',
  'institution.orgBuy': 'Institutions bought',
  'institution.orgSell': 'Institutions sold',
  'institution.orgNet': 'Institutions net',
  'institution.netRate': 'Net buy rate',
  'institution.orgBuyNum': 'Buying institutions',
  'institution.orgSellNum': 'Selling institutions',
  'institution.buyBranches': 'Buying branches',
  'institution.sellBranches': 'Selling branches',
  'institution.noBranches': 'None',
  'institution.unnamed': '(unnamed)',
};

export const dictionaries: Record<Language, Record<MessageKey, string>> = { 'zh-CN': zhCN, en };

export type MessageVars = Record<string, string | number>;

/** Fill `{name}` placeholders; an unknown placeholder is left visible. */
export function interpolate(text: string, vars?: MessageVars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** Look a message up and fill its placeholders. */
export function translate(lang: Language, key: MessageKey, vars?: MessageVars): string {
  return interpolate(dictionaries[lang][key], vars);
}

/** Dictionary key for a value that may fall outside the dictionary (asset types from the service). */
export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(zhCN, key);
}

export const languagePreference = storedPreference('md.lang', LANGUAGES, 'zh-CN');

export interface I18n {
  lang: Language;
  setLang: (lang: Language) => void;
  t: (key: MessageKey, vars?: MessageVars) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [lang, setLang] = usePreference(languagePreference);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const value = useMemo<I18n>(
    () => ({ lang, setLang, t: (key, vars) => translate(lang, key, vars) }),
    [lang, setLang],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

/** A translator bound to one language and one dictionary. */
export type Translate<K extends string> = (key: K, vars?: MessageVars) => string;

export interface Messages<K extends string> {
  /** The message in a language, placeholders filled (for code outside React: CSV headers, tests). */
  text: (lang: Language, key: K, vars?: MessageVars) => string;
  /** Whether a value from elsewhere (a service code, a field name) is a key of this dictionary. */
  has: (key: string) => key is K;
  /** The app's language with this dictionary. */
  useText: () => { lang: Language; t: Translate<K> };
}

/**
 * A feature's own dictionary, typed like the app's: Chinese is the source of the keys and English must
 * give every one, so a missing translation is a type error rather than a blank in the UI.
 */
export function defineMessages<K extends string>(
  zh: Record<K, string>,
  enText: Record<K, string>,
): Messages<K> {
  const byLanguage: Record<Language, Record<K, string>> = { 'zh-CN': zh, en: enText };
  const text = (lang: Language, key: K, vars?: MessageVars) => interpolate(byLanguage[lang][key], vars);
  return {
    text,
    has: (key: string): key is K => Object.hasOwn(zh, key),
    useText: function useText() {
      const { lang } = useI18n();
      return useMemo(() => ({ lang, t: (key: K, vars?: MessageVars) => text(lang, key, vars) }), [lang]);
    },
  };
}

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No dead phrases: every key of the app dictionary (`src/lib/i18n.ts`) and of each feature's
 * (`src/features/<name>/messages.ts`, `defineMessages`) is written out somewhere in the code that may use
 * it: anywhere in `src` for the app's, in the feature's own folder for a feature's (no feature reads
 * another's messages). Tests and test kits do not count: a key only a test reads is dead. A key is
 * "written out" when it stands in quotes or backticks, as `t('page.title')` or a table of keys does.
 *
 * Keys the code builds from a value (`t(\`board.${option}\`)`) are listed below, each with the template
 * that builds it and the values it is built from; the scan checks that every template is still in the
 * code and every listed key in its dictionary, so the list cannot outlive the code that needs it.
 */

const SRC = path.resolve(import.meta.dirname, '..');

interface Dynamic {
  /** The dictionary, relative to `src`. */
  dictionary: string;
  /** The template literal that builds the keys, as it stands in the code. */
  template: string;
  /** The keys it builds, separated by spaces. */
  keys: string;
  /** What the keys are built from. */
  reason: string;
}

const DYNAMIC: readonly Dynamic[] = [
  {
    dictionary: 'lib/i18n.ts',
    template: '`theme.${theme}`',
    keys: 'theme.dark theme.light',
    reason: 'the theme preference (lib/preferences.ts)',
  },
  {
    dictionary: 'lib/i18n.ts',
    template: '`colors.${option}`',
    keys: 'colors.red-up colors.green-up',
    reason: 'the colour-convention preference (lib/preferences.ts)',
  },
  {
    dictionary: 'lib/i18n.ts',
    template: '`session.${session.phase}`',
    keys: 'session.pre-open session.opening-auction session.continuous session.lunch-break session.closing-auction session.closed session.non-trading-day',
    reason: 'the market session phases (contract/market-session.ts)',
  },
  {
    dictionary: 'lib/i18n.ts',
    template: '`${prefix}.${key}`',
    keys: 'search.label search.placeholder search.loading search.empty search.error search.hint search.results',
    reason: "InstrumentCombobox's texts, comboboxLabels('search', t) in features/search",
  },
  {
    dictionary: 'lib/i18n.ts',
    template: '`asset.${type}`',
    keys: 'asset.a-share asset.a-share-index asset.fund-otc asset.fund-etf asset.fund-lof asset.fund-reits asset.forex asset.futures asset.futures-commodity-index asset.options',
    reason: "the search's asset types (contract/operations/meta.ts ASSET_TYPES)",
  },
  {
    dictionary: 'features/auction/messages.ts',
    template: '`stage.${stage}`',
    keys: 'stage.live stage.final',
    reason: 'the auction stage of the snapshot',
  },
  {
    dictionary: 'features/auction/messages.ts',
    template: '`${prefix}.${value}`',
    keys: 'phase.not_started phase.live phase.final',
    reason: 'auction_phase as the service names it (named() in SnapshotSection)',
  },
  {
    dictionary: 'features/auction/messages.ts',
    template: '`${prefix}.${value}`',
    keys: 'data.ready data.not_ready',
    reason: 'the data status as the service names it (named() in SnapshotSection)',
  },
  {
    dictionary: 'features/auction/messages.ts',
    template: '`bench.${auto.reason}`',
    keys: 'bench.pre-open bench.auction bench.non-trading',
    reason: "why the benchmark shows the last trading day's (benchmark-day.ts)",
  },
  {
    dictionary: 'features/dragon-tiger/messages.ts',
    template: '`board.${option}`',
    keys: 'board.all board.org board.hot_money',
    reason: 'DRAGON_TIGER_BOARDS (lib/dragon-tiger.ts)',
  },
  {
    dictionary: 'features/explorer/messages.ts',
    template: '`group.${group}`',
    keys: 'group.a-share group.financials group.special-data group.auction group.valuation group.index group.high-frequency group.capital-flow group.fund group.futures group.options group.hk-ipo group.market-dumps group.news group.meta',
    reason: "the catalog's operation groups",
  },
  {
    dictionary: 'features/explorer/messages.ts',
    template: '`cache.${op.cache}`',
    keys: 'cache.quote cache.intraday cache.daily cache.reference cache.link',
    reason: "the catalog's cache classes",
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`asset.${record.asset_type}`',
    keys: 'asset.fund-otc asset.fund-etf asset.fund-lof asset.fund-reits asset.a-share',
    reason: "the search's asset type of the code on the page",
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`tab.${tab}`',
    keys: 'tab.overview tab.performance tab.portfolio tab.holders tab.financials tab.tools',
    reason: 'the fund tabs (url-state.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`range.${range}`',
    keys: 'range.week range.month range.tmonth range.hyear range.year range.twoyear range.tyear range.fyear',
    reason: 'NAV_RANGES (contract/operations/fund-performance-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`period.${r.period}`',
    keys: 'period.week period.month period.tmonth period.hyear period.year period.twoyear period.tyear period.fyear period.nowyear period.now',
    reason: 'the return periods the service names',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`mrange.${r}`',
    keys: 'mrange.month mrange.tmonth mrange.year mrange.nowyear mrange.now',
    reason: 'the manager-performance ranges (contract/operations/fund-managers-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`chart.${view}`',
    keys: 'chart.nav chart.return chart.market',
    reason: 'the NAV chart views (url-state.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: "`${prefix}.${value ?? ''}`",
    keys: 'feeType.management feeType.custody feeType.sales_service feeType.subscription feeType.redemption',
    reason: 'rate_type of a fee as the service names it (OverviewTab)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: "`${prefix}.${value ?? ''}`",
    keys: 'feeMode.ongoing feeMode.front_end feeMode.back_end',
    reason: 'charge_mode of a fee as the service names it (OverviewTab)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`quartile.${quartile}`',
    keys: 'quartile.excellent quartile.good quartile.average quartile.poor',
    reason: 'the peer quartiles (quartile.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`diag.${key}`',
    keys: 'diag.return_score diag.risk_score diag.stability_score diag.timing_score diag.selection_score diag.resilience diag.experience_score',
    reason: "the diagnosis scores the service sends, and a manager's radar dimensions (HoldersTab)",
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: "`manager.horizon.${node.horizon ?? ''}`",
    keys: 'manager.horizon.1y manager.horizon.3y manager.horizon.5y',
    reason: "the horizons of a manager's radar nodes (radar_comparison, as documented)",
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: "`assetType.${type ?? ''}`",
    keys: 'assetType.stock assetType.bond assetType.fund',
    reason: "a holding's asset type as the service names it",
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`basis.${b}`',
    keys: 'basis.merged basis.separate',
    reason: 'the holder bases (url-state.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`fin.${s}`',
    keys: 'fin.indicators fin.income fin.balance',
    reason: 'the fund statements (url-state.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`tt.${tt}`',
    keys: 'tt.DAY_1 tt.WEEK_1 tt.MONTH_1',
    reason: 'the tool time spans (contract/operations/fund-tools-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`ind.${id}`',
    keys: 'ind.unit_nav ind.adj_nav ind.accumulated_nav ind.fund_scale ind.rsi_pct ind.donchian_channel ind.track_index_pe_ttm_five_year_percentile ind.return_month ind.return_year ind.max_drawdown_year',
    reason: 'the tool indicators (contract/operations/fund-tools-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`freq.${f}`',
    keys: 'freq.DAILY freq.WEEKLY freq.MONTHLY',
    reason: 'the back-test frequencies (contract/operations/fund-tools-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`bt.${r.type}`',
    keys: 'bt.BUY bt.SELL',
    reason: 'a back-test trade type',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`qtab.${q}`',
    keys: 'qtab.remen qtab.nazhi100 qtab.biaopu500 qtab.zhonggai qtab.hengsheng qtab.quanqiu qtab.yuanyou',
    reason: 'the QDII tabs (contract/operations/fund-tools-terms.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`buy.${b}`',
    keys: 'buy.all buy.yes buy.no',
    reason: 'the purchase filter (url-state.ts)',
  },
  {
    dictionary: 'features/fund/messages.ts',
    template: '`offer.${o}`',
    keys: 'offer.active offer.upcoming',
    reason: 'the offering filter (url-state.ts)',
  },
  {
    dictionary: 'features/futures/messages.ts',
    template: '`exchange.${code}`',
    keys: 'exchange.CFFEX exchange.SHFE exchange.INE exchange.DCE exchange.CZCE exchange.GFEX',
    reason: 'the futures exchanges (exchangeLabel in messages.ts)',
  },
  {
    dictionary: 'features/futures/messages.ts',
    template: '`kind.${kind}`',
    keys: 'kind.close kind.settle',
    reason: 'the basis kinds (basis.ts)',
  },
  {
    dictionary: 'features/hk-ipo/messages.ts',
    template: '`view.${view}`',
    keys: 'view.list view.grid',
    reason: 'the IPO views (url-state.ts)',
  },
  {
    dictionary: 'features/hk-ipo/messages.ts',
    template: '`status.${status}`',
    keys: 'status.all status.subscribable status.awaiting_listing',
    reason: 'the IPO statuses (contract/operations/hk-ipo-terms.ts) and "all"',
  },
  {
    dictionary: 'features/hk-ipo/messages.ts',
    template: '`section.${status}`',
    keys: 'section.subscribable section.awaiting_listing section.calendar',
    reason: 'the sections of the list view',
  },
  {
    dictionary: 'features/hk-ipo/messages.ts',
    template: '`event.${event.kind}`',
    keys: 'event.subscriptionEnd event.listing',
    reason: "the calendar's event kinds (model.ts)",
  },
  {
    dictionary: 'features/hk-ipo/messages.ts',
    template: '`weekday.${day}`',
    keys: 'weekday.0 weekday.1 weekday.2 weekday.3 weekday.4 weekday.5 weekday.6',
    reason: 'Date.getUTCDay() of a day',
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`view.${view}`',
    keys: 'view.rank view.history view.trend view.monitor',
    reason: 'the hot views (url-state.ts)',
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`list.${list}`',
    keys: 'list.hot list.skyrocket',
    reason: 'the hot lists (url-state.ts)',
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`period.${period}`',
    keys: 'period.day period.hour',
    reason: 'the hot periods (url-state.ts)',
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`trend.${trend}`',
    keys: 'trend.up trend.down trend.flat trend.unknown',
    reason: "a stock's rank trend",
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`date.${problem}`',
    keys: 'date.future date.too-old date.order date.too-long',
    reason: "what is wrong with the URL's days (loader.ts)",
  },
  {
    dictionary: 'features/hot/messages.ts',
    template: '`monitor.${state}`',
    keys: 'monitor.current monitor.history monitor.severe monitor.key',
    reason: 'the monitor states and kinds (model.ts)',
  },
  {
    dictionary: 'features/limit-up/messages.ts',
    template: '`pool.${p}`',
    keys: 'pool.up pool.down pool.break',
    reason: 'POOLS (api/limit-pools.ts)',
  },
  {
    dictionary: 'features/limit-up/messages.ts',
    template: '`filter.${b}`',
    keys: 'filter.all filter.main filter.chinext filter.star filter.bse',
    reason: 'BOARD_FILTERS (url-state.ts)',
  },
  {
    dictionary: 'features/limit-up/messages.ts',
    template: '`tag.${value}`',
    keys: 'tag.LIMIT_UP tag.LIMIT_DOWN tag.SHARP_RISE tag.SHARP_FALL tag.RAPID_RALLY tag.RAPID_DECLINE',
    reason: 'the anomaly tags (contract/operations/market-extras-terms.ts)',
  },
  {
    dictionary: 'features/market-home/messages.ts',
    template: '`period.${period}`',
    keys: 'period.day period.hour',
    reason: 'the hot-list periods',
  },
  {
    dictionary: 'features/market-home/messages.ts',
    template: '`breadth.${f.id}`',
    keys: 'breadth.advancers breadth.decliners breadth.unchanged breadth.limitUp breadth.limitDown',
    reason: 'the breadth figures (MarketCards)',
  },
  {
    dictionary: 'features/market-home/messages.ts',
    template: '`bucket.${bucket}`',
    keys: 'bucket.limitUp bucket.over7 bucket.from5to7 bucket.from3to5 bucket.from0to3 bucket.flat bucket.from0toMinus3 bucket.fromMinus3toMinus5 bucket.fromMinus5toMinus7 bucket.underMinus7 bucket.limitDown',
    reason: 'the change buckets (lib/breadth.ts)',
  },
  {
    dictionary: 'features/news/messages.ts',
    template: '`column.${id}`',
    keys: 'column.0 column.1 column.2 column.3 column.4 column.5 column.6 column.7',
    reason: 'the news columns by id',
  },
  {
    dictionary: 'features/options/messages.ts',
    template: "`settlement.${value ?? ''}`",
    keys: 'settlement.physical settlement.cash',
    reason: 'settlement as the service names it',
  },
  {
    dictionary: 'features/options/messages.ts',
    template: "`style.${style ?? ''}`",
    keys: 'style.european style.american style.bermudan',
    reason: 'exercise_style as the service names it',
  },
  {
    dictionary: 'features/options/messages.ts',
    template: '`session.${s}`',
    keys: 'session.pre_market session.intraday session.post_market',
    reason: 'OPTION_SESSIONS (contract/operations/options-terms.ts)',
  },
  {
    dictionary: 'features/sectors/messages.ts',
    template: '`tag.${tag}`',
    keys: 'tag.industry tag.cn_concept tag.region tag.tszs',
    reason: 'the index groups (contract/operations/index-group-terms.ts)',
  },
  {
    dictionary: 'features/sectors/messages.ts',
    template: '`range.${range}`',
    keys: 'range.3m range.6m range.1y range.3y range.5y',
    reason: 'INDEX_RANGES (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: "`exchange.${exchange ?? ''}`",
    keys: 'exchange.SH exchange.SZ exchange.BJ',
    reason: "the stock's exchange",
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`range.${range}`',
    keys: 'range.1m range.3m range.6m range.1y range.3y range.5y range.10y',
    reason: 'CHART_RANGES (dates.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`adjust.${adjust}`',
    keys: 'adjust.none adjust.forward adjust.backward',
    reason: 'ADJUSTS (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`tab.${tab}`',
    keys: 'tab.financials tab.indicators tab.actions tab.dragon-tiger tab.hot-rank tab.news tab.intraday',
    reason: 'STOCK_TABS (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`intraday.${r.bucket}`',
    keys: 'intraday.super_large intraday.large intraday.medium intraday.small',
    reason: 'the order-size buckets of the intraday flow',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`statement.${kind}`',
    keys: 'statement.income statement.balance statement.cashflow',
    reason: 'the statements (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`period.${period}`',
    keys: 'period.annual period.quarterly',
    reason: 'the statement periods (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`mode.${mode}`',
    keys: 'mode.latest mode.range',
    reason: 'the statement modes (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`report.${quarter}`',
    keys: 'report.1 report.2 report.3 report.4',
    reason: 'the quarter of a report',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`interval.${value}`',
    keys: 'interval.day interval.week interval.month',
    reason: 'BAR_INTERVALS (lib/bars.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`ind.${ind}`',
    keys: 'ind.none ind.macd ind.kdj ind.boll',
    reason: 'CHART_INDICATORS (url-state.ts)',
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`ind.${ind}Title`',
    keys: 'ind.macdTitle ind.kdjTitle ind.bollTitle',
    reason: "an indicator's definition, CHART_INDICATORS + Title",
  },
  {
    dictionary: 'features/stock/messages.ts',
    template: '`board.${limit.board}`',
    keys: 'board.main board.chinext board.star board.bse',
    reason: 'the boards of the price-limit rules (contract/price-limits.ts)',
  },
  {
    dictionary: 'features/watchlists/messages.ts',
    template: '`${prefix}.${key}`',
    keys: 'add.label add.placeholder add.results add.loading add.empty add.error add.hint',
    reason: "InstrumentCombobox's texts, comboboxLabels('add', t) in AddInstrumentBox",
  },
  {
    dictionary: 'features/watchlists/messages.ts',
    template: '`visibility.${list.visibility}`',
    keys: 'visibility.private visibility.team',
    reason: 'WATCHLIST visibilities (contract/watchlists.ts)',
  },
  {
    dictionary: 'features/watchlists/messages.ts',
    template: '`action.${version.action}`',
    keys: 'action.create action.rename action.add action.remove action.reorder action.note action.visibility action.restore_version action.snapshot',
    reason: 'the version actions (contract/watchlists.ts)',
  },
  {
    dictionary: 'features/watchlists/messages.ts',
    template: '`live.${state}`',
    keys: 'live.connecting live.live live.reconnecting live.paused',
    reason: "the live stream's states but 'off', which shows nothing (LiveState in live.ts)",
  },
  {
    dictionary: 'features/watchlists/messages.ts',
    template: '`live.hint.${state}`',
    keys: 'live.hint.connecting live.hint.live live.hint.reconnecting live.hint.paused',
    reason: "the live stream's states but 'off', which shows nothing (LiveState in live.ts)",
  },
];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Source files a key may be used in: code, not tests or test kits. */
function codeFiles(dir: string): string[] {
  return walk(dir).filter(
    (file) =>
      /\.(ts|tsx)$/.test(file) &&
      !/\.test\.tsx?$/.test(file) &&
      !/(\.testkit\.tsx?|\/testkit\.ts)$/.test(file) &&
      !file.endsWith('routeTree.gen.ts'),
  );
}

/** Where the one dictionary object of a messages file stands: its first and last line. */
function dictionaryLines(lines: readonly string[]): { start: number; end: number } {
  const start = lines.findIndex((line) => /^(export )?const \w+ = (defineMessages\()?\{$/.test(line));
  if (start < 0) throw new Error('no dictionary found');
  return { start, end: lines.findIndex((line, i) => i > start && /^\}/.test(line)) };
}

/** The keys of the one dictionary object in a messages file (top-level keys of its object literal). */
function dictionaryKeys(text: string): string[] {
  const lines = text.split('\n');
  const { start, end } = dictionaryLines(lines);
  return lines.slice(start + 1, end).flatMap((line) => {
    const match = /^ {2}(?:'([^']+)'|([A-Za-z_$][\w$]*)):/.exec(line);
    return match ? [match[1] ?? match[2] ?? ''] : [];
  });
}

/** A messages file without its dictionary: the helpers beside it may use its keys too. */
function besideDictionary(text: string): string {
  const lines = text.split('\n');
  const { start, end } = dictionaryLines(lines);
  return [...lines.slice(0, start), ...lines.slice(end + 1)].join('\n');
}

function quoted(key: string): RegExp {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(['"\`])${escaped}\\1`);
}

interface Dictionary {
  /** Relative to `src`. */
  file: string;
  keys: string[];
  /** The code that may use it. */
  code: string;
}

function dictionaries(): Dictionary[] {
  const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');
  const others = (files: string[], own: string) =>
    files
      .map((f) => (f === path.join(SRC, own) ? besideDictionary(read(own)) : readFileSync(f, 'utf8')))
      .join('\n');
  const app = 'lib/i18n.ts';
  const features = readdirSync(path.join(SRC, 'features')).filter((name) =>
    readdirSync(path.join(SRC, 'features', name)).includes('messages.ts'),
  );
  return [
    { file: app, keys: dictionaryKeys(read(app)), code: others(codeFiles(SRC), app) },
    ...features.map((name) => {
      const file = `features/${name}/messages.ts`;
      return {
        file,
        keys: dictionaryKeys(read(file)),
        code: others(codeFiles(path.join(SRC, 'features', name)), file),
      };
    }),
  ];
}

describe('message keys', () => {
  const all = dictionaries();

  it('reads every dictionary it is meant to', () => {
    expect(all.map((d) => d.file)).toContain('lib/i18n.ts');
    expect(all.length).toBeGreaterThan(10);
    for (const d of all) expect(d.keys.length, d.file).toBeGreaterThan(0);
  });

  it('finds a written-out key, and not one that only a longer key contains', () => {
    expect(quoted('page.title').test("t('page.title')")).toBe(true);
    expect(quoted('page.title').test('t(`page.title`)')).toBe(true);
    expect(quoted('page.title').test("t('page.titleHint')")).toBe(false);
    expect(
      dictionaryKeys(
        "const MESSAGES = {\n  'a.b': ['甲', 'A'],\n  c: [\n    '乙',\n    'C',\n  ],\n} as const;",
      ),
    ).toEqual(['a.b', 'c']);
  });

  it('every key is used by the code it belongs to', () => {
    const unused = all.flatMap((d) => {
      const built = new Set(
        DYNAMIC.filter((entry) => entry.dictionary === d.file).flatMap((entry) => entry.keys.split(' ')),
      );
      return d.keys
        .filter((key) => !built.has(key) && !quoted(key).test(d.code))
        .map((key) => `${d.file}: ${key}`);
    });
    expect(unused).toEqual([]);
  });

  it('every built key is still built: its template is in the code and the key in its dictionary', () => {
    const code = codeFiles(SRC)
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const entry of DYNAMIC) {
      const d = all.find((candidate) => candidate.file === entry.dictionary);
      expect(d, entry.dictionary).toBeDefined();
      expect(code.includes(entry.template), `${entry.dictionary}: ${entry.template}`).toBe(true);
      for (const key of entry.keys.split(' ')) expect(d?.keys, entry.dictionary).toContain(key);
    }
  });
});

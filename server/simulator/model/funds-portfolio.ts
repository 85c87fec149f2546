import {
  dateOf,
  dayOf,
  tradingDayAt,
  tradingIndexOnOrAfter,
  tradingIndexOnOrBefore,
  yearOf,
} from './calendar';
import { closeAt } from './prices';
import { Rng, fnv1a, mix, round, tri, unit } from './random';
import { allStocks, type Stock } from './universe';
import { targetEtf, type Fund, type Theme } from './funds';
import { navSeries, scaleAt, unitAt } from './funds-nav';
import { etfBar } from './funds-market';

/**
 * Periodic disclosure of funds: quarterly reports (top ten stocks, top five bonds), semi-annual and
 * annual reports (the full portfolio, financial statements, holder structure). A report exists once it
 * has been published; the portfolio of a report date is a pure function of the fund and the date, and
 * its stocks are simulated A-shares valued at their close on the report date.
 */

export type ReportType = 'quarter' | 'semi' | 'annual';

export interface Report {
  readonly type: ReportType;
  readonly year: number;
  /** 1-4 for quarterly reports, 2 for semi-annual, 4 for annual. */
  readonly quarter: number;
  readonly startDay: number;
  readonly endDay: number;
  readonly publishDay: number;
}

export const REPORT_TYPE_NAMES: Record<ReportType, string> = {
  quarter: '季度报告',
  semi: '中期报告',
  annual: '年度报告',
};

function quarterEnd(year: number, quarter: number): number {
  return dayOf(`${year}-${['03-31', '06-30', '09-30', '12-31'][quarter - 1] ?? '12-31'}`);
}

function report(fund: Fund, type: ReportType, year: number, quarter: number): Report | null {
  const endDay = quarterEnd(year, quarter);
  const periodStart =
    type === 'quarter'
      ? quarterEnd(quarter === 1 ? year - 1 : year, quarter === 1 ? 4 : quarter - 1) + 1
      : dayOf(`${year}-01-01`);
  // A fund less than two months old at the period end does not report for it.
  if (fund.inceptionDay > endDay - 60) return null;
  const publishDay =
    type === 'quarter'
      ? tradingDayAt(tradingIndexOnOrAfter(endDay + 21))
      : type === 'semi'
        ? tradingDayAt(tradingIndexOnOrBefore(dayOf(`${year}-08-30`)))
        : tradingDayAt(tradingIndexOnOrBefore(dayOf(`${year + 1}-03-30`)));
  return { type, year, quarter, startDay: Math.max(periodStart, fund.inceptionDay), endDay, publishDay };
}

/** Reports of a type published on or before a day, newest first (at most `limit`). */
export function publishedReports(fund: Fund, type: ReportType, day: number, limit = 12): Report[] {
  const out: Report[] = [];
  for (let year = yearOf(day); year >= yearOf(fund.inceptionDay) && out.length < limit; year--) {
    const quarters = type === 'quarter' ? [4, 3, 2, 1] : type === 'semi' ? [2] : [4];
    for (const q of quarters) {
      const r = report(fund, type, year, q);
      if (r && r.publishDay <= day && out.length < limit) out.push(r);
    }
  }
  return out;
}

/** The report of a type with a given period end, if published by a day. */
export function findReport(fund: Fund, type: ReportType, endDay: number, day: number): Report | null {
  const year = yearOf(endDay);
  for (let q = 1; q <= 4; q++) {
    if (quarterEnd(year, q) !== endDay) continue;
    if (type !== 'quarter' && q !== (type === 'semi' ? 2 : 4)) return null;
    const r = report(fund, type, year, q);
    return r && r.publishDay <= day ? r : null;
  }
  return null;
}

/** The quarterly report before a report (for position changes). */
function previousQuarter(fund: Fund, r: Report): Report | null {
  const q = r.quarter === 1 ? 4 : r.quarter - 1;
  return report(fund, 'quarter', r.quarter === 1 ? r.year - 1 : r.year, q);
}

// ---------------------------------------------------------------------------------------------------
// Asset allocation

export interface Allocation {
  /** Percent of net assets. */
  stock: number;
  bond: number;
  fund: number;
  deposit: number;
  other: number;
}

export function allocationAt(fund: Fund, endDay: number): Allocation {
  const r = new Rng(mix(fund.seed ^ 0x2545f491, endDay));
  const wave = Math.sin(endDay / 140 + (fund.seed % 97));
  let stock = 0;
  let bond = 0;
  let held = 0;
  let other = r.range(0.2, 1.2);
  // A feeder holds its ETF (one of the theme when the company has none in the code table).
  const feeder = fund.feeder && targetEtf(fund) !== undefined;
  switch (feeder ? 'feeder' : fund.kind) {
    case 'feeder':
      held = r.range(90, 95);
      stock = fund.fundType === 'otc' && fund.kind === 'index' ? r.range(0, 2) : 0;
      break;
    case 'index':
      stock = fund.enhanced ? r.range(90, 95) : r.range(97, 99.5);
      break;
    case 'equity':
      stock = r.range(85, 94);
      bond = r.range(0, 4);
      break;
    case 'hybrid':
      stock = 74 + 16 * wave + r.range(-3, 3);
      bond = r.range(0, 10);
      break;
    case 'bond':
      stock = fund.shareClass === 'C' ? 0 : r.range(0, 8);
      bond = r.range(95, 125);
      break;
    case 'money':
      bond = r.range(35, 60);
      other = r.range(5, 20);
      break;
    case 'qdii':
      if (fund.theme === 'oil') held = r.range(88, 95);
      else stock = fund.passive ? r.range(95, 98.5) : r.range(84, 93);
      break;
    case 'commodity':
      other = r.range(98, 99.5);
      break;
    case 'reit':
      other = r.range(94, 99);
      break;
  }
  const deposit = Math.max(0.3, 100 - stock - bond - held - other);
  return {
    stock: round(stock, 2),
    bond: round(bond, 2),
    fund: round(held, 2),
    deposit: round(fund.kind === 'bond' ? r.range(1, 5) : deposit, 2),
    other: round(other, 2),
  };
}

// ---------------------------------------------------------------------------------------------------
// Securities

export type AssetKind = 'stock' | 'bond' | 'fund' | 'commodity';

export interface Security {
  readonly thscode: string;
  readonly ticker: string;
  readonly name: string;
  readonly assetType: AssetKind;
  readonly industry: string;
  /** Relative size, for weights. */
  readonly size: number;
  readonly stock?: Stock;
  readonly fund?: Fund;
  /** Price level on the calibration day for securities outside the simulated A-share market. */
  readonly refPrice?: number;
}

// prettier-ignore
const FOREIGN_ROWS: readonly (readonly [code: string, name: string, industry: string, size: number, price: number, markets: string])[] = [
  ['AAPL.O', '苹果', '信息技术', 9, 230, 'us'], ['MSFT.O', '微软', '信息技术', 8.6, 470, 'us'],
  ['NVDA.O', '英伟达', '信息技术', 9.2, 175, 'us'], ['AMZN.O', '亚马逊', '可选消费', 5.6, 225, 'us'],
  ['AVGO.O', '博通', '信息技术', 5.1, 290, 'us'], ['META.O', 'Meta Platforms', '通信服务', 3.9, 720, 'us'],
  ['GOOGL.O', '谷歌-A', '通信服务', 3.6, 190, 'us'], ['TSLA.O', '特斯拉', '可选消费', 3.1, 320, 'us'],
  ['COST.O', '好市多', '日常消费', 2.5, 980, 'us'], ['NFLX.O', '奈飞', '通信服务', 2.2, 1200, 'us'],
  ['JPM.N', '摩根大通', '金融', 1.6, 280, 'us'], ['LLY.N', '礼来', '医疗保健', 1.4, 780, 'us'],
  ['V.N', 'VISA', '金融', 1.2, 350, 'us'], ['XOM.N', '埃克森美孚', '能源', 0.9, 110, 'us'],
  ['00700.HK', '腾讯控股', '通信服务', 10, 520, 'hk'], ['09988.HK', '阿里巴巴-W', '可选消费', 8.5, 130, 'hk'],
  ['03690.HK', '美团-W', '可选消费', 5.2, 120, 'hk'], ['01810.HK', '小米集团-W', '信息技术', 6.4, 52, 'hk'],
  ['09618.HK', '京东集团-SW', '可选消费', 3.6, 130, 'hk'], ['01024.HK', '快手-W', '通信服务', 2.8, 65, 'hk'],
  ['09999.HK', '网易-S', '通信服务', 3.1, 190, 'hk'], ['09888.HK', '百度集团-SW', '通信服务', 2.4, 88, 'hk'],
  ['00941.HK', '中国移动', '通信服务', 3.2, 85, 'hk'], ['00005.HK', '汇丰控股', '金融', 7.8, 98, 'hk'],
  ['01299.HK', '友邦保险', '金融', 4.2, 70, 'hk'], ['00388.HK', '香港交易所', '金融', 4.5, 420, 'hk'],
  ['00883.HK', '中国海洋石油', '能源', 2.6, 19, 'hk'], ['PDD.O', '拼多多', '可选消费', 4.4, 115, 'us'],
];

const FOREIGN: readonly Security[] = FOREIGN_ROWS.map(([code, name, industry, size, price]) => ({
  thscode: code,
  ticker: code.split('.')[0] ?? code,
  name,
  assetType: 'stock',
  industry,
  size,
  refPrice: price,
}));

function foreign(codes: readonly string[]): Security[] {
  return FOREIGN.filter((s) => codes.includes(s.thscode));
}

// prettier-ignore
const OIL_FUNDS: readonly Security[] = [
  { thscode: 'USO.P', ticker: 'USO', name: '美国原油基金', assetType: 'fund', industry: '能源', size: 5, refPrice: 78 },
  { thscode: 'BNO.P', ticker: 'BNO', name: '美国布伦特原油基金', assetType: 'fund', industry: '能源', size: 4, refPrice: 30 },
  { thscode: 'DBO.P', ticker: 'DBO', name: 'Invesco德银原油基金', assetType: 'fund', industry: '能源', size: 3, refPrice: 14 },
  { thscode: 'USL.P', ticker: 'USL', name: '美国12个月原油基金', assetType: 'fund', industry: '能源', size: 2, refPrice: 40 },
];

const GOLD: Security = {
  thscode: 'AU9999.SGE',
  ticker: 'AU9999',
  name: '黄金9999',
  assetType: 'commodity',
  industry: '贵金属',
  size: 1,
  refPrice: 760,
};

const SECTORS: Partial<Record<Theme, readonly string[]>> = {
  securities: ['证券', '保险'],
  semiconductor: ['半导体', '元件'],
  pv: ['光伏设备', '电力设备'],
  liquor: ['白酒', '饮料制造'],
  dividend: ['银行', '石油石化', '电力', '煤炭开采', '航运港口', '普钢'],
  gaming: ['游戏', '文化传媒', '影视院线'],
  medical: ['医疗器械', '生物制品', '化学制药', '中药', '医药商业', '医疗服务'],
  consumer: ['白酒', '食品加工', '白色家电', '饮料制造', '商贸零售', '小家电', '调味发酵品', '养殖业'],
  tech: ['半导体', '软件开发', '消费电子', '计算机设备', '通信设备', 'IT服务', '光学光电子'],
  growth: ['电池', '半导体', '光伏设备', '医疗器械', '软件开发', '自动化设备', '汽车整车'],
  value: ['银行', '保险', '白酒', '白色家电', '电力', '石油石化', '工业金属'],
};

const capOf = (s: Stock) => s.totalShares * s.refPrice;
const byCap = (a: Stock, b: Stock) => capOf(b) - capOf(a);

const poolCache = new Map<Theme, readonly Stock[]>();

/** The A-shares a theme invests in, largest first (index members or the theme's sectors). */
export function stockPool(theme: Theme): readonly Stock[] {
  const hit = poolCache.get(theme);
  if (hit) return hit;
  const all = allStocks().filter((s) => !s.st);
  const sorted = [...all].sort(byCap);
  let pool: Stock[];
  switch (theme) {
    case 'hs300':
    case 'peer-index':
    case 'peer-equity':
    case 'peer-hybrid':
      pool = sorted.slice(0, 300);
      break;
    case 'csi500':
      pool = sorted.slice(300, 800);
      break;
    case 'sse50':
      pool = sorted.filter((s) => s.exchange === 'SH' && s.board === 'main').slice(0, 50);
      break;
    case 'sse180':
      pool = sorted.filter((s) => s.exchange === 'SH' && s.board === 'main').slice(0, 180);
      break;
    case 'star50':
      pool = sorted.filter((s) => s.board === 'star').slice(0, 50);
      break;
    case 'chinext':
      pool = sorted.filter((s) => s.board === 'chinext').slice(0, 100);
      break;
    default: {
      const sectors = SECTORS[theme];
      pool = sectors ? sorted.filter((s) => sectors.includes(s.sector)).slice(0, 80) : sorted.slice(0, 300);
    }
  }
  poolCache.set(theme, pool);
  return pool;
}

function stockSecurity(s: Stock): Security {
  return {
    thscode: s.thscode,
    ticker: s.ticker,
    name: s.name,
    assetType: 'stock',
    industry: s.sector,
    size: capOf(s),
    stock: s,
  };
}

/** What a fund may hold in equities, largest first. */
function equityUniverse(fund: Fund): Security[] {
  switch (fund.theme) {
    case 'nasdaq':
      return foreign([
        'AAPL.O',
        'MSFT.O',
        'NVDA.O',
        'AMZN.O',
        'AVGO.O',
        'META.O',
        'GOOGL.O',
        'TSLA.O',
        'COST.O',
        'NFLX.O',
        'PDD.O',
      ]);
    case 'sp500':
    case 'global':
      return FOREIGN.filter((s) => s.thscode.endsWith('.O') || s.thscode.endsWith('.N'));
    case 'hk':
      return foreign([
        '00700.HK',
        '09988.HK',
        '00005.HK',
        '01810.HK',
        '03690.HK',
        '00388.HK',
        '01299.HK',
        '00941.HK',
        '09618.HK',
        '00883.HK',
      ]);
    case 'chinainternet':
      return foreign([
        '00700.HK',
        '09988.HK',
        '03690.HK',
        'PDD.O',
        '09618.HK',
        '09999.HK',
        '01024.HK',
        '09888.HK',
        '01810.HK',
      ]);
    case 'hkconnect':
      return [
        ...foreign([
          '00700.HK',
          '09988.HK',
          '03690.HK',
          '01810.HK',
          '00941.HK',
          '00883.HK',
          '01299.HK',
          '00388.HK',
        ]),
        ...stockPool('value').slice(0, 20).map(stockSecurity),
      ];
    default:
      return stockPool(fund.theme).map(stockSecurity);
  }
}

/** Price of a security on a report date (CNY for A-shares, local currency otherwise). */
function priceOn(sec: Security, endDay: number): number {
  const index = tradingIndexOnOrBefore(endDay);
  if (sec.stock) return closeAt(sec.stock, index);
  if (sec.fund) return etfBar(sec.fund, index)?.close ?? unitAt(navSeries(sec.fund), index);
  const wave =
    0.25 * Math.sin(index / 190 + (fnv1a(sec.thscode) % 60)) + 0.1 * tri(mix(fnv1a(sec.thscode), index));
  return round((sec.refPrice ?? 1) * Math.exp(wave), 2);
}

export interface Position {
  readonly security: Security;
  /** Percent of net assets. */
  readonly holdRatio: number;
  readonly price: number;
  readonly marketValue: number;
  readonly count: number;
  readonly rank: number;
}

/** Equities of a report date, ranked, at most `size` (weights in percent of net assets). */
function equityWeights(fund: Fund, endDay: number, stockRatio: number): { sec: Security; weight: number }[] {
  const candidates = equityUniverse(fund).filter((s) => !s.stock || s.stock.listDay <= endDay);
  if (candidates.length === 0 || stockRatio <= 0) return [];
  const quarter = Math.floor(endDay / 91);
  const scored = candidates.map((sec, rank) => {
    const h = fnv1a(`${fund.thscode}|${sec.thscode}`);
    // Passive funds weigh by size; active ones tilt by a conviction that drifts from quarter to quarter.
    const conviction =
      fund.passive && !fund.enhanced
        ? 1
        : Math.exp(0.9 * Math.sin(quarter * 0.7 + (h % 628) / 100) + 0.3 * tri(mix(h, quarter)));
    // Overseas sizes are relative weights: about 4e11 CNY of market value each, comparable to A-share caps.
    const cap = sec.stock ? capOf(sec.stock) : sec.size * 4e11;
    const size = cap ** (fund.passive ? 1 : 0.45);
    return { sec, score: size * conviction * (1 + 0.02 * tri(mix(h, rank))) };
  });
  // Active funds hold a concentrated book; index funds the whole index.
  const keep = fund.passive && !fund.enhanced ? scored.length : Math.min(scored.length, 40);
  const ranked = scored.sort((a, b) => b.score - a.score).slice(0, keep);
  const total = ranked.reduce((a, b) => a + b.score, 0);
  return ranked.map(({ sec, score }) => ({ sec, weight: (stockRatio * score) / total }));
}

/** Bonds on issue at a day: treasuries, policy-bank and bank capital bonds of recent years. */
function bondUniverse(endDay: number): Security[] {
  const out: Security[] = [];
  const year = yearOf(endDay);
  for (let y = year - 4; y <= year; y++) {
    const yy = String(y % 100).padStart(2, '0');
    for (let n = 1; n <= 20; n++) {
      const nn = String(n).padStart(2, '0');
      const issue = dayOf(`${y}-01-10`) + n * 17;
      if (issue > endDay) continue;
      const h = fnv1a(`bond|${y}|${n}`);
      const kind = h % 5;
      const [name, code] =
        kind === 0
          ? [`${yy}附息国债${nn}`, `${yy}00${nn}.IB`]
          : kind === 1
            ? [`${yy}国开${nn}`, `${yy}02${nn}.IB`]
            : kind === 2
              ? [`${yy}进出${nn}`, `${yy}03${nn}.IB`]
              : kind === 3
                ? [`${yy}农发${nn}`, `${yy}04${nn}.IB`]
                : [
                    `${yy}${['工商银行', '建设银行', '招商银行', '兴业银行'][h % 4] ?? '工商银行'}二级资本债${nn}`,
                    `2${yy}28${nn}.IB`,
                  ];
      const years = [3, 5, 7, 10][(h >>> 8) % 4] ?? 5;
      if (issue + years * 365 < endDay) continue;
      out.push({
        thscode: code,
        ticker: code.split('.')[0] ?? code,
        name,
        assetType: 'bond',
        industry: '债券',
        size: 1 + (h % 7),
        refPrice: 100,
      });
    }
  }
  return out;
}

function bondWeights(fund: Fund, endDay: number, bondRatio: number): { sec: Security; weight: number }[] {
  if (bondRatio <= 0) return [];
  const bonds = bondUniverse(endDay);
  const r = new Rng(mix(fund.seed ^ 0x6c8e9cf5, endDay));
  const picked = r.shuffle(bonds).slice(0, 25);
  const scores = picked.map((sec) => sec.size * r.range(0.3, 1.5));
  const total = scores.reduce((a, b) => a + b, 0);
  return picked
    .map((sec, i) => ({ sec, weight: (bondRatio * (scores[i] ?? 0)) / total }))
    .sort((a, b) => b.weight - a.weight);
}

function bondPrice(sec: Security, endDay: number): number {
  const h = fnv1a(sec.thscode);
  return round(100 + 2.5 * Math.sin(endDay / 120 + (h % 50)) + (h % 300) / 100, 4);
}

function heldFunds(fund: Fund, fundRatio: number): { sec: Security; weight: number }[] {
  if (fundRatio <= 0) return [];
  if (fund.theme === 'oil') {
    const total = OIL_FUNDS.reduce((a, b) => a + b.size, 0);
    return OIL_FUNDS.map((sec) => ({ sec, weight: (fundRatio * sec.size) / total }));
  }
  const etf = targetEtf(fund);
  if (!etf) return [];
  return [
    {
      sec: {
        thscode: etf.thscode,
        ticker: etf.ticker,
        name: etf.name,
        assetType: 'fund',
        industry: '基金',
        size: 1,
        fund: etf,
      },
      weight: fundRatio,
    },
  ];
}

function positions(fund: Fund, endDay: number, weights: { sec: Security; weight: number }[]): Position[] {
  const netAssets = scaleAt(navSeries(fund), tradingIndexOnOrBefore(endDay));
  return weights.map(({ sec, weight }, i) => {
    const price = sec.assetType === 'bond' ? bondPrice(sec, endDay) : priceOn(sec, endDay);
    const holdRatio = round(weight, 2);
    const marketValue = round((netAssets * weight) / 100, 2);
    // Shares in lots of 100, bonds in units of 10 (face value 100 each), others as they come.
    const lot = sec.assetType === 'stock' && sec.stock ? 100 : sec.assetType === 'bond' ? 10 : 1;
    const count = Math.max(lot, Math.round(marketValue / price / lot) * lot);
    return { security: sec, holdRatio, price, marketValue, count, rank: i + 1 };
  });
}

export interface Portfolio {
  readonly report: Report;
  readonly allocation: Allocation;
  readonly netAssets: number;
  /** Every equity held (ranked), and what the report lists. */
  readonly stocks: readonly Position[];
  readonly bonds: readonly Position[];
  readonly funds: readonly Position[];
  readonly commodities: readonly Position[];
}

const portfolioCache = new Map<string, Portfolio>();

/** The portfolio of a report. */
export function portfolioOf(fund: Fund, r: Report): Portfolio {
  // The fourth quarter's report and the annual one share an end date but not what they disclose.
  const key = `${fund.thscode}|${r.type}|${r.endDay}`;
  const hit = portfolioCache.get(key);
  if (hit) return hit;
  const allocation = allocationAt(fund, r.endDay);
  const stocks = positions(fund, r.endDay, equityWeights(fund, r.endDay, allocation.stock).slice(0, 30));
  const bonds = positions(fund, r.endDay, bondWeights(fund, r.endDay, allocation.bond).slice(0, 15));
  const funds = positions(fund, r.endDay, heldFunds(fund, allocation.fund));
  const commodities =
    fund.kind === 'commodity' ? positions(fund, r.endDay, [{ sec: GOLD, weight: allocation.other }]) : [];
  const portfolio = {
    report: r,
    allocation,
    netAssets: scaleAt(navSeries(fund), tradingIndexOnOrBefore(r.endDay)),
    stocks,
    bonds,
    funds,
    commodities,
  };
  if (portfolioCache.size > 2000) portfolioCache.clear();
  portfolioCache.set(key, portfolio);
  return portfolio;
}

/** What a report discloses: quarterly reports the top ten stocks and top five bonds, others up to 30/15. */
export function disclosed(p: Portfolio): {
  stocks: Position[];
  bonds: Position[];
  funds: Position[];
  other: Position[];
} {
  const quarterly = p.report.type === 'quarter';
  return {
    stocks: p.stocks.slice(0, quarterly ? 10 : 30),
    bonds: p.bonds.slice(0, quarterly ? 5 : 15),
    funds: [...p.funds],
    other: [...p.commodities],
  };
}

/** Change of a position's count against the previous quarter, percent; null for a new position. */
export function periodChange(fund: Fund, r: Report, pos: Position): number | null {
  const prev = previousQuarter(fund, r);
  if (!prev) return null;
  const before = portfolioOf(fund, prev);
  const list = [...before.stocks, ...before.bonds, ...before.funds, ...before.commodities];
  const old = list.find((p) => p.security.thscode === pos.security.thscode);
  return old ? round((pos.count / old.count - 1) * 100, 2) : null;
}

/** Industry weights of a portfolio's equities, percent of net assets, largest first. */
export function industries(p: Portfolio): { name: string; ratio: number }[] {
  const sums = new Map<string, number>();
  const held = p.stocks.reduce((a, b) => a + b.holdRatio, 0);
  for (const pos of p.stocks)
    sums.set(pos.security.industry, (sums.get(pos.security.industry) ?? 0) + pos.holdRatio);
  // The book beyond the listed names is spread like the listed part, so the total is the stock allocation.
  const scale = held > 0 ? p.allocation.stock / held : 0;
  return [...sums.entries()]
    .map(([name, ratio]) => ({ name, ratio: round(ratio * scale, 2) }))
    .sort((a, b) => b.ratio - a.ratio);
}

/** The dominant industry, or 均衡 (balanced) when none holds 30% of the equities. */
export function mainIndustry(p: Portfolio): string | null {
  const list = industries(p);
  const top = list[0];
  if (!top || p.allocation.stock <= 0) return null;
  return top.ratio >= 0.3 * p.allocation.stock ? top.name : '均衡';
}

/** Annual portfolio turnover, percent (active funds trade far more than index funds). */
export function turnoverRate(fund: Fund, r: Report): number {
  const base = fund.passive && !fund.enhanced ? 40 : fund.kind === 'bond' ? 150 : 260;
  return round(base * Math.exp(0.4 * tri(mix(fund.seed ^ 0x3c6ef372, r.endDay))), 2);
}

/** Fund size as last disclosed (the latest quarterly report's period end), else on `end`. */
export function disclosedScale(fund: Fund, today: number, end: number): number {
  const q = publishedReports(fund, 'quarter', today, 1)[0];
  return scaleAt(navSeries(fund), q ? Math.min(end, tradingIndexOnOrBefore(q.endDay)) : end);
}

/** Report dates as yyyy-MM-dd. */
export function reportDate(r: Report): string {
  return dateOf(r.endDay);
}

/** Unit of randomness shared by report-based figures. */
export function reportDraw(fund: Fund, r: Report, salt: number): number {
  return unit(mix(fund.seed ^ salt, r.endDay));
}

import { dateOf, dayOf, tradingDayAt, tradingIndexOnOrAfter } from './calendar';
import {
  CONCEPTS,
  FIRST_CHARS,
  FULLY_FLOATING,
  KNOWN_STOCKS,
  NAME_SUFFIXES,
  SECOND_CHARS,
  TECH_SUFFIXES,
  type KnownStock,
  type NameSuffix,
} from './names';
import { Rng, at, fnv1a } from './random';
import { limitPct, type Board } from '../../../src/contract/price-limits';

/**
 * The A-share universe: 5,515 stocks with board-correct codes (the count and exchange split of a real
 * code table in July 2026), listing dates that rise with the code number inside each prefix, float
 * shares, sector and magnitudes. Well-known stocks carry real names; the rest get unique generated ones.
 */

export type { Board };
export type StockExchange = 'SH' | 'SZ' | 'BJ';

export interface Stock {
  /** Position in the code-ordered universe. */
  readonly index: number;
  readonly thscode: string;
  readonly ticker: string;
  readonly exchange: StockExchange;
  readonly board: Board;
  readonly name: string;
  readonly nameEn: string;
  /** Pinyin initials of the name, upper case. */
  readonly initials: string;
  readonly listDay: number;
  readonly listDate: string;
  /** Float shares today (after every bonus issue). */
  readonly floatShares: number;
  readonly totalShares: number;
  readonly sector: string;
  readonly isBank: boolean;
  readonly st: boolean;
  readonly seed: number;
  /** Unadjusted price on the calibration day. */
  readonly refPrice: number;
  /** Usual daily turnover as a fraction of float shares. */
  readonly turnoverRate: number;
  /** Attention multiplier on the hot lists. */
  readonly fame: number;
  /** Operating income of the calibration year (CNY) and net margin. */
  readonly revenue: number;
  readonly netMargin: number;
  /** Extra yearly drift of the price curve (log units). */
  readonly drift: number;
  readonly concepts: readonly string[];
  readonly known: boolean;
}

interface Group {
  prefix: string;
  exchange: StockExchange;
  board: Board;
  count: number;
  first: number;
  last: number;
  listFrom: string;
  listTo: string;
}

// prettier-ignore
const GROUPS: readonly Group[] = [
  { prefix: '600', exchange: 'SH', board: 'main', count: 780, first: 600000, last: 600999, listFrom: '1990-12-19', listTo: '2005-06-01' },
  { prefix: '601', exchange: 'SH', board: 'main', count: 200, first: 601000, last: 601999, listFrom: '2006-01-01', listTo: '2019-12-31' },
  { prefix: '603', exchange: 'SH', board: 'main', count: 760, first: 603000, last: 603999, listFrom: '2011-01-01', listTo: '2023-12-31' },
  { prefix: '605', exchange: 'SH', board: 'main', count: 90, first: 605000, last: 605599, listFrom: '2020-03-01', listTo: '2023-06-30' },
  { prefix: '688', exchange: 'SH', board: 'star', count: 474, first: 688000, last: 688799, listFrom: '2019-07-22', listTo: '2026-05-29' },
  { prefix: '689', exchange: 'SH', board: 'star', count: 3, first: 689000, last: 689099, listFrom: '2020-01-01', listTo: '2021-12-31' },
  { prefix: '000', exchange: 'SZ', board: 'main', count: 460, first: 1, last: 999, listFrom: '1991-01-01', listTo: '2001-06-30' },
  { prefix: '001', exchange: 'SZ', board: 'main', count: 60, first: 1200, last: 1399, listFrom: '2021-01-01', listTo: '2025-12-31' },
  { prefix: '002', exchange: 'SZ', board: 'main', count: 930, first: 2001, last: 2999, listFrom: '2004-06-25', listTo: '2017-12-31' },
  { prefix: '003', exchange: 'SZ', board: 'main', count: 40, first: 3000, last: 3050, listFrom: '2020-09-01', listTo: '2021-12-31' },
  { prefix: '300', exchange: 'SZ', board: 'chinext', count: 960, first: 300001, last: 300999, listFrom: '2009-10-30', listTo: '2020-08-20' },
  { prefix: '301', exchange: 'SZ', board: 'chinext', count: 439, first: 301001, last: 301639, listFrom: '2020-08-24', listTo: '2026-05-29' },
  { prefix: '920', exchange: 'BJ', board: 'bse', count: 319, first: 920000, last: 920999, listFrom: '2021-11-15', listTo: '2026-05-29' },
];

/** Calibration day of prices and yearly magnitudes. */
export const REFERENCE_DATE = '2026-07-15';

// prettier-ignore
const GENERAL_SECTORS = [
  '通用设备', '专用设备', '化学制品', '汽车零部件', '电网设备', '元件', '饮料制造', '商贸零售', '建筑材料', '家居用品',
  '工程机械', '包装印刷', '航运港口', '中药', '医药商业', '养殖业', '塑料制品', '纺织制造', '教育', '游戏',
];

const BOARD_MAGNITUDES: Record<Board, { float: number; price: number; turnover: number }> = {
  main: { float: 4.5e8, price: 11, turnover: 0.025 },
  chinext: { float: 2.2e8, price: 22, turnover: 0.035 },
  star: { float: 1.6e8, price: 32, turnover: 0.028 },
  bse: { float: 0.7e8, price: 16, turnover: 0.04 },
};

function pad6(n: number): string {
  return String(n).padStart(6, '0');
}

/** The first trading day on or after a day. */
function listingDay(day: number): number {
  return tradingDayAt(tradingIndexOnOrAfter(day));
}

function conceptsFor(rng: Rng, sector: string): string[] {
  const picked = new Set<string>();
  if (sector === '半导体') picked.add('半导体');
  if (sector === '白酒') picked.add('白酒');
  if (sector === '银行') picked.add('高股息');
  while (picked.size < 3) picked.add(rng.pick(CONCEPTS));
  return [...picked];
}

function knownStock(k: KnownStock, index: number, board: Board, exchange: StockExchange): Stock {
  const seed = fnv1a(k.code);
  const rng = new Rng(seed ^ 0x2545f491);
  const ticker = k.code.slice(0, 6);
  const listDay = listingDay(dayOf(k.list));
  const floatShares = k.float * 1e9;
  // Drawn for every company, so the draws after it stay where they were.
  const totalToFloat = rng.range(1, 1.15);
  return {
    index,
    thscode: k.code,
    ticker,
    exchange,
    board,
    name: k.name,
    nameEn: k.en,
    initials: k.py,
    listDay,
    listDate: dateOf(listDay),
    floatShares,
    totalShares: FULLY_FLOATING.has(k.code) ? floatShares : Math.round(floatShares * totalToFloat),
    sector: k.sector,
    isBank: k.sector === '银行',
    st: false,
    seed,
    refPrice: k.price,
    turnoverRate: k.turnover / 100,
    fame: k.fame,
    revenue: k.revenue * 1e9,
    netMargin: k.netMargin,
    drift: k.code === '600519.SH' ? 0.13 : rng.range(0.01, 0.08),
    concepts: conceptsFor(rng, k.sector),
    known: true,
  };
}

function boardOf(code: string): { board: Board; exchange: StockExchange } {
  const group = GROUPS.find((g) => code.startsWith(g.prefix));
  if (!group) throw new Error(`no board for ${code}`);
  return { board: group.board, exchange: group.exchange };
}

interface GeneratedName {
  name: string;
  nameEn: string;
  initials: string;
  suffix: NameSuffix;
}

function generateName(rng: Rng, board: Board, taken: Set<string>): GeneratedName {
  const techOnly = (board === 'star' || board === 'chinext') && rng.chance(0.85);
  const pool = techOnly ? NAME_SUFFIXES.filter((s) => TECH_SUFFIXES.includes(s.text)) : NAME_SUFFIXES;
  for (;;) {
    const [c1, p1] = rng.pick(FIRST_CHARS);
    const [c2, p2] = rng.pick(SECOND_CHARS);
    const suffix = rng.pick(pool);
    const name = `${c1}${c2}${suffix.text}`;
    if (c1 === c2 || taken.has(name)) continue;
    taken.add(name);
    const cap = p1.charAt(0).toUpperCase() + p1.slice(1);
    return {
      name,
      nameEn: `${cap}${p2} ${suffix.en}`,
      initials: `${p1.charAt(0)}${p2.charAt(0)}`.toUpperCase() + suffix.py,
      suffix,
    };
  }
}

function buildUniverse(): Stock[] {
  const knownByCode = new Map(KNOWN_STOCKS.map((k) => [k.code, k]));
  const taken = new Set(KNOWN_STOCKS.map((k) => k.name));
  const codes: string[] = [];
  const listDays = new Map<string, number>();
  for (const g of GROUPS) {
    const suffix = `.${g.exchange}`;
    const forced = KNOWN_STOCKS.filter((k) => k.code.startsWith(g.prefix) && k.code.endsWith(suffix)).map(
      (k) => k.code,
    );
    const candidates: string[] = [];
    for (let n = g.first; n <= g.last; n++) {
      const code = `${pad6(n)}${suffix}`;
      if (!forced.includes(code)) candidates.push(code);
    }
    const chosen = [
      ...forced,
      ...Rng.of('universe', g.prefix)
        .shuffle(candidates)
        .slice(0, g.count - forced.length),
    ];
    chosen.sort();
    const from = dayOf(g.listFrom);
    const span = dayOf(g.listTo) - from;
    chosen.forEach((code, rank) => {
      const jitter = Rng.of(code, 'list').range(-45, 45);
      const day = Math.round(from + ((rank + 0.5) / chosen.length) * span + jitter);
      listDays.set(code, listingDay(Math.min(from + span, Math.max(from, day))));
      codes.push(code);
    });
  }
  codes.sort();

  // ST names: older main-board stocks with weak fundamentals.
  const stBefore = dayOf('2018-01-01');
  const stCandidates = codes.filter((c) => {
    const { board } = boardOf(c);
    const day = listDays.get(c) ?? 0;
    return board === 'main' && !knownByCode.has(c) && day < stBefore;
  });
  const stCodes = new Map<string, string>();
  Rng.of('universe', 'st')
    .shuffle(stCandidates)
    .slice(0, 45)
    .forEach((c, i) => stCodes.set(c, i < 20 ? '*ST' : 'ST'));

  return codes.map((code, index) => {
    const { board, exchange } = boardOf(code);
    const known = knownByCode.get(code);
    if (known) return knownStock(known, index, board, exchange);
    const seed = fnv1a(code);
    const rng = new Rng(seed);
    const generated = generateName(rng, board, taken);
    const stPrefix = stCodes.get(code);
    const st = stPrefix !== undefined;
    const mag = BOARD_MAGNITUDES[board];
    const floatShares = Math.round(rng.logNormal(mag.float, board === 'main' ? 0.9 : 0.7) / 1e4) * 1e4;
    const refPrice = Math.max(1.6, st ? rng.logNormal(3.5, 0.4) : rng.logNormal(mag.price, 0.65));
    const totalShares = Math.round(floatShares * rng.range(1, 1.6));
    const sector = generated.suffix.sector === '综合' ? rng.pick(GENERAL_SECTORS) : generated.suffix.sector;
    const priceToSales = rng.logNormal(2.5, 0.8);
    const listDay = listDays.get(code) ?? stBefore;
    return {
      index,
      thscode: code,
      ticker: code.slice(0, 6),
      exchange,
      board,
      name: st ? `${stPrefix}${generated.name}` : generated.name,
      nameEn: st ? `${stPrefix} ${generated.nameEn}` : generated.nameEn,
      initials: st ? `${stPrefix.replace('*', '')}${generated.initials}` : generated.initials,
      listDay,
      listDate: dateOf(listDay),
      floatShares,
      totalShares,
      sector,
      isBank: false,
      st,
      seed,
      refPrice: Math.round(refPrice * 100) / 100,
      turnoverRate: Math.min(0.15, Math.max(0.002, rng.logNormal(st ? 0.02 : mag.turnover, 0.6))),
      fame: rng.logNormal(1, 0.8),
      revenue: (totalShares * refPrice) / priceToSales,
      netMargin: st ? rng.range(-0.4, 0.02) : Math.max(-0.4, Math.min(0.35, 0.07 + 0.08 * rng.normal())),
      drift: rng.range(-0.04, 0.12),
      concepts: conceptsFor(rng, sector),
      known: false,
    };
  });
}

let universe: { stocks: readonly Stock[]; byCode: ReadonlyMap<string, Stock> } | null = null;

function getUniverse() {
  if (!universe) {
    const stocks = buildUniverse();
    universe = { stocks, byCode: new Map(stocks.map((s) => [s.thscode, s])) };
  }
  return universe;
}

/** Every stock, ascending by thscode (including ones listed after a given day). */
export function allStocks(): readonly Stock[] {
  return getUniverse().stocks;
}

export function stockByCode(thscode: string): Stock | undefined {
  return getUniverse().byCode.get(thscode);
}

export function stockAt(index: number): Stock {
  return at(getUniverse().stocks, index);
}

const listedCache = new Map<number, readonly Stock[]>();

/** Stocks listed on or before a day, ascending by thscode: the code table as of that day. */
export function listedStocks(day: number): readonly Stock[] {
  let hit = listedCache.get(day);
  if (!hit) {
    hit = allStocks().filter((s) => s.listDay <= day);
    if (listedCache.size > 64) listedCache.clear();
    listedCache.set(day, hit);
  }
  return hit;
}

/** Limits already looked up, per board and ST flag, by day number (the rule lookup formats a date). */
const limitMemo = new Map<string, Map<number, number>>();

/** Daily price limit as a fraction for a stock on a day: the contract's board rules (src/contract/price-limits.ts). */
export function priceLimit(stock: Stock, day: number): number {
  const key = stock.st ? `${stock.board}-st` : stock.board;
  let byDay = limitMemo.get(key);
  if (byDay === undefined) {
    byDay = new Map();
    limitMemo.set(key, byDay);
  }
  let limit = byDay.get(day);
  if (limit === undefined) {
    limit = limitPct(stock.board, stock.st, dateOf(day)) / 100;
    byDay.set(day, limit);
  }
  return limit;
}

import { dateOf, dayOf } from './calendar';
import { CONCEPTS } from './names';
import { Rng, fnv1a } from './random';
import { allStocks, listedStocks, type Stock } from './universe';
import type { Instrument } from './instruments';

/**
 * THS sector and concept indices (`.TI`) and the exchange indices, with the rule that decides their
 * current members. Members are always simulated A-shares: an industry index holds the stocks of its
 * sector, a concept index the stocks tagged with the concept, a region index the stocks registered in the
 * province, a thematic index a ranking of the universe. This module builds no prices (see indices.ts)
 * and imports no values from instruments.ts, which lists these indices in the code table.
 */

export type IndexTag = 'cn_concept' | 'region' | 'tszs' | 'industry';

export interface IndexDef {
  readonly thscode: string;
  readonly name: string;
  readonly nameEn: string;
  readonly initials: string;
  /** `SH` / `SZ` / `BJ` for exchange indices, null for THS indices. */
  readonly exchange: string | null;
  /** Null for exchange indices, which are not in the THS index list. */
  readonly tag: IndexTag | null;
  readonly listDate: string;
  /** Current members as of a day, ascending by thscode. */
  members(day: number): readonly Stock[];
}

/** Float market value at the calibration price: the ranking key of size-based indices. */
const floatCap = (s: Stock) => s.floatShares * s.refPrice;

function topBy(stocks: readonly Stock[], n: number, key: (s: Stock) => number, skip = 0): Stock[] {
  return [...stocks]
    .sort((a, b) => key(b) - key(a) || a.index - b.index)
    .slice(skip, skip + n)
    .sort((a, b) => a.index - b.index);
}

const notSt = (s: Stock) => !s.st;

/**
 * Stocks an exchange index may hold on a day: its members are reviewed twice a year, on 1 January and
 * 1 July (CSI and SSE review in June and December; indices.ts weighs them then), among the stocks listed
 * for at least two weeks by that day (about ten trading days, the SSE Composite's rule since 2020), so no
 * index holds a stock on the unlimited first days of its listing, and a listing joins at the next review.
 */
const SEASONING_DAYS = 14;
const seasoned = (day: number) => listedStocks(reviewStartDay(day) - SEASONING_DAYS);

/** The calendar day of the members' review that holds a day: 1 January or 1 July of its half-year. */
export function reviewStartDay(day: number): number {
  const [year, month] = dateOf(day).split('-').map(Number);
  return dayOf(`${year ?? 0}-${(month ?? 1) <= 6 ? '01' : '07'}-01`);
}

// prettier-ignore
const EXCHANGE_INDICES: readonly (readonly [string, string, string, string, string, (day: number) => Stock[]])[] = [
  ['000001.SH', '上证指数', 'SSE Composite Index', 'SZZS', '1991-07-15', (d) => seasoned(d).filter((s) => s.exchange === 'SH')],
  ['000016.SH', '上证50', 'SSE 50 Index', 'SZ50', '2004-01-02', (d) => topBy(seasoned(d).filter((s) => s.exchange === 'SH' && notSt(s)), 50, floatCap)],
  ['000300.SH', '沪深300', 'CSI 300 Index', 'HS300', '2005-04-08', (d) => topBy(seasoned(d).filter((s) => s.exchange !== 'BJ' && notSt(s)), 300, floatCap)],
  ['000905.SH', '中证500', 'CSI 500 Index', 'ZZ500', '2007-01-15', (d) => topBy(seasoned(d).filter((s) => s.exchange !== 'BJ' && notSt(s)), 500, floatCap, 300)],
  ['000852.SH', '中证1000', 'CSI 1000 Index', 'ZZ1000', '2014-10-17', (d) => topBy(seasoned(d).filter((s) => s.exchange !== 'BJ' && notSt(s)), 1000, floatCap, 800)],
  ['000688.SH', '科创50', 'STAR 50 Index', 'KC50', '2020-07-23', (d) => topBy(seasoned(d).filter((s) => s.board === 'star'), 50, floatCap)],
  ['399001.SZ', '深证成指', 'SZSE Component Index', 'SZCZ', '1995-01-23', (d) => topBy(seasoned(d).filter((s) => s.exchange === 'SZ' && notSt(s)), 500, floatCap)],
  ['399006.SZ', '创业板指', 'ChiNext Index', 'CYBZ', '2010-06-01', (d) => topBy(seasoned(d).filter((s) => s.board === 'chinext' && notSt(s)), 100, floatCap)],
  ['399005.SZ', '中小100', 'SZSE SME 100 Index', 'ZX100', '2006-01-24', (d) => topBy(seasoned(d).filter((s) => /^00[1-3]/.test(s.ticker) && notSt(s)), 100, floatCap)],
  ['399300.SZ', '沪深300', 'CSI 300 Index (SZSE)', 'HS300', '2005-04-08', (d) => topBy(seasoned(d).filter((s) => s.exchange !== 'BJ' && notSt(s)), 300, floatCap)],
  ['899050.BJ', '北证50', 'BSE 50 Index', 'BZ50', '2022-11-21', (d) => topBy(seasoned(d).filter((s) => s.exchange === 'BJ'), 50, floatCap)],
];

/** THS codes and names that already existed in the code table: kept exactly. */
const FIXED_INDUSTRIES: Record<string, readonly [string, string]> = {
  银行: ['881155.TI', '银行'],
  白酒: ['881121.TI', '白酒'],
  半导体: ['881129.TI', '半导体及元件'],
  元件: ['881129.TI', '半导体及元件'],
};
const FIXED_CONCEPTS: Record<string, readonly [string, string, string]> = {
  机器人概念: ['885517.TI', '机器人概念', '2015-02-16'],
  新能源汽车: ['885431.TI', '新能源汽车', '2014-01-02'],
  人工智能: ['885728.TI', '人工智能', '2016-12-26'],
  半导体: ['885756.TI', '芯片概念', '2018-04-23'],
  华为概念: ['885806.TI', '华为概念', '2019-05-20'],
  算力: ['886042.TI', '算力租赁', '2023-07-10'],
};
const FIXED_EN: Record<string, readonly [string, string]> = {
  '881155.TI': ['THS Banks', 'YH'],
  '881129.TI': ['THS Semiconductors and Components', 'BDTJYJ'],
  '881121.TI': ['THS Liquor', 'BJ'],
  '885517.TI': ['THS Robotics Concept', 'JQRGN'],
  '885431.TI': ['THS New Energy Vehicles', 'XNYQC'],
  '885728.TI': ['THS Artificial Intelligence', 'RGZN'],
  '885756.TI': ['THS Chip Concept', 'XPGN'],
  '885806.TI': ['THS Huawei Concept', 'HWGN'],
  '886042.TI': ['THS Computing Power Leasing', 'SLZL'],
};

/** Provinces with rough shares of listed companies (Guangdong, Zhejiang and Jiangsu lead). */
// prettier-ignore
const PROVINCES: readonly (readonly [string, string, number])[] = [
  ['广东', 'Guangdong', 16], ['浙江', 'Zhejiang', 13], ['江苏', 'Jiangsu', 13], ['北京', 'Beijing', 8], ['上海', 'Shanghai', 8],
  ['山东', 'Shandong', 6], ['福建', 'Fujian', 3.5], ['安徽', 'Anhui', 3.5], ['四川', 'Sichuan', 3], ['湖北', 'Hubei', 3],
  ['湖南', 'Hunan', 3], ['河南', 'Henan', 2], ['辽宁', 'Liaoning', 1.6], ['陕西', 'Shaanxi', 1.5], ['江西', 'Jiangxi', 1.6],
  ['天津', 'Tianjin', 1.4], ['河北', 'Hebei', 1.4], ['重庆', 'Chongqing', 1.4], ['新疆', 'Xinjiang', 1], ['吉林', 'Jilin', 0.9],
  ['云南', 'Yunnan', 0.8], ['广西', 'Guangxi', 0.8], ['山西', 'Shanxi', 0.8], ['黑龙江', 'Heilongjiang', 0.7],
  ['贵州', 'Guizhou', 0.7], ['海南', 'Hainan', 0.5], ['内蒙古', 'Inner Mongolia', 0.5], ['甘肃', 'Gansu', 0.6],
  ['西藏', 'Tibet', 0.4], ['宁夏', 'Ningxia', 0.3], ['青海', 'Qinghai', 0.2],
];
/** Provinces of some well-known companies, so that their region index is the true one. */
const KNOWN_PROVINCE: Record<string, string> = {
  '600519.SH': '贵州',
  '000001.SZ': '广东',
  '300033.SZ': '浙江',
  '601318.SH': '广东',
  '600036.SH': '广东',
  '000858.SZ': '四川',
  '300750.SZ': '福建',
  '002594.SZ': '广东',
  '688981.SH': '上海',
  '600900.SH': '湖北',
};

/** Province of registration of a stock (seeded, weighted like the real market). */
export function provinceOf(stock: Stock): string {
  const known = KNOWN_PROVINCE[stock.thscode];
  if (known) return known;
  const rng = Rng.of(stock.thscode, 'province');
  return rng.weighted(
    PROVINCES.map((p) => p[0]),
    PROVINCES.map((p) => p[2]),
  );
}

let defs: { list: readonly IndexDef[]; byCode: ReadonlyMap<string, IndexDef> } | null = null;

function build(): readonly IndexDef[] {
  const out: IndexDef[] = [];
  for (const [thscode, name, nameEn, initials, listDate, members] of EXCHANGE_INDICES) {
    out.push({
      thscode,
      name,
      nameEn,
      initials,
      exchange: thscode.slice(-2),
      tag: null,
      listDate,
      members,
    });
  }
  const thsIndex = (
    thscode: string,
    name: string,
    tag: IndexTag,
    listDate: string,
    member: (s: Stock) => boolean,
    fallbackEn: string,
  ): IndexDef => {
    const [nameEn, initials] = FIXED_EN[thscode] ?? [fallbackEn, ''];
    return {
      thscode,
      name,
      nameEn,
      initials,
      exchange: null,
      tag,
      listDate,
      members: (day) => listedStocks(day).filter(member),
    };
  };

  // Industries: one index per sector of the universe, in a stable (sorted) order.
  const sectors = [...new Set(allStocks().map((s) => s.sector))].sort();
  const industryCodes = new Map<string, readonly [string, string]>();
  let next = 881101;
  const fixedIndustryCodes = new Set(Object.values(FIXED_INDUSTRIES).map(([c]) => c));
  for (const sector of sectors) {
    const fixed = FIXED_INDUSTRIES[sector];
    if (fixed) {
      industryCodes.set(sector, fixed);
      continue;
    }
    while (fixedIndustryCodes.has(`${next}.TI`)) next++;
    industryCodes.set(sector, [`${next}.TI`, sector]);
    next++;
  }
  const industryByCode = new Map<string, { name: string; sectors: string[] }>();
  for (const [sector, [code, name]] of industryCodes) {
    const entry = industryByCode.get(code) ?? { name, sectors: [] };
    entry.sectors.push(sector);
    industryByCode.set(code, entry);
  }
  for (const [code, { name, sectors: members }] of industryByCode) {
    out.push(
      thsIndex(
        code,
        name,
        'industry',
        '2013-07-29',
        (s) => members.includes(s.sector),
        `THS Industry Index ${code.slice(0, 6)}`,
      ),
    );
  }

  // Concepts: one index per concept theme; a name that is also an industry gets the suffix 概念.
  const industryNames = new Set([...industryByCode.values()].map((v) => v.name));
  let conceptCode = 886001;
  const fixedConceptCodes = new Set(Object.values(FIXED_CONCEPTS).map(([c]) => c));
  for (const concept of CONCEPTS) {
    const fixed = FIXED_CONCEPTS[concept];
    let code: string;
    let name: string;
    let listDate: string;
    if (fixed) {
      [code, name, listDate] = fixed;
    } else {
      while (fixedConceptCodes.has(`${conceptCode}.TI`)) conceptCode++;
      code = `${conceptCode}.TI`;
      conceptCode++;
      name = industryNames.has(concept) ? `${concept}概念` : concept;
      const rng = Rng.of(concept, 'concept-list-date');
      listDate = `${rng.int(2014, 2023)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
    }
    out.push(
      thsIndex(
        code,
        name,
        'cn_concept',
        listDate,
        (s) => s.concepts.includes(concept),
        `THS Concept Index ${code.slice(0, 6)}`,
      ),
    );
  }

  // Regions.
  PROVINCES.forEach(([province, en], i) => {
    const code = `${882001 + i}.TI`;
    out.push(
      thsIndex(
        code,
        `${province}板块`,
        'region',
        '2013-07-29',
        (s) => provinceOf(s) === province,
        `THS ${en} Region Index`,
      ),
    );
  });

  // THS thematic indices: rankings of the universe.
  const thematic: readonly (readonly [string, string, string, (day: number) => Stock[]])[] = [
    [
      '883901.TI',
      '同花顺漂亮100',
      'THS Pretty 100',
      (d) =>
        topBy(
          listedStocks(d).filter((s) => notSt(s) && s.netMargin > 0.1),
          100,
          floatCap,
        ),
    ],
    [
      '883902.TI',
      '同花顺中特估100',
      'THS State-owned Value 100',
      (d) =>
        topBy(
          listedStocks(d).filter((s) => s.exchange === 'SH' && /^60[01]/.test(s.ticker) && notSt(s)),
          100,
          (s) => floatCap(s) * (s.isBank ? 2 : 1),
        ),
    ],
    [
      '883903.TI',
      '同花顺新质50',
      'THS New Productive Forces 50',
      (d) =>
        topBy(
          listedStocks(d).filter((s) => (s.board === 'star' || s.board === 'chinext') && notSt(s)),
          50,
          (s) => floatCap(s) * (1 + s.fame),
        ),
    ],
    [
      '883904.TI',
      '同花顺红利精选',
      'THS Dividend Select',
      (d) =>
        topBy(
          listedStocks(d).filter((s) => notSt(s) && (s.isBank || s.concepts.includes('高股息'))),
          60,
          floatCap,
        ),
    ],
  ];
  for (const [thscode, name, nameEn, members] of thematic) {
    out.push({
      thscode,
      name,
      nameEn,
      initials: '',
      exchange: null,
      tag: 'tszs',
      listDate: '2019-01-02',
      members,
    });
  }
  return out;
}

function getDefs() {
  if (!defs) {
    const list = build();
    defs = { list, byCode: new Map(list.map((d) => [d.thscode, d])) };
  }
  return defs;
}

/** Every index the simulator knows (exchange and THS), exchange indices first. */
export function indexDefs(): readonly IndexDef[] {
  return getDefs().list;
}

export function indexDefByCode(thscode: string): IndexDef | undefined {
  return getDefs().byCode.get(thscode);
}

/** The THS indices of a tag, ascending by thscode (the list operation's order). */
export function thsIndicesOfTag(tag: IndexTag): IndexDef[] {
  return indexDefs()
    .filter((d) => d.tag === tag)
    .sort((a, b) => (a.thscode < b.thscode ? -1 : 1));
}

/** Code-table records of the THS indices (the exchange indices are listed by instruments.ts itself). */
export function thsIndexInstruments(): Instrument[] {
  return indexDefs()
    .filter((d) => d.tag !== null)
    .map((d) => ({
      thscode: d.thscode,
      ticker: d.thscode.slice(0, 6),
      name: d.name,
      nameEn: d.nameEn,
      initials: d.initials,
      exchange: null,
      assetType: 'a-share-index' as const,
      currency: 'CNY',
      listDate: d.listDate,
      endDate: null,
      lastTradeDate: null,
      lastDeliveryDate: null,
    }));
}

/** A stable number per index, to seed its price curve. */
export function indexSeed(thscode: string): number {
  return fnv1a(`index|${thscode}`);
}

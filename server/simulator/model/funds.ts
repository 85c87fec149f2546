import { dayOf, tradingIndexOnOrAfter, tradingDayAt } from './calendar';
import { codeTable, type Instrument } from './instruments';
import { Rng, fnv1a } from './random';
import { fundTypeOf, type FundType } from '../../../src/contract/operations/fund-common';

/**
 * The fund universe: every fund of the code table (ETF, LOF, off-exchange, REITs), each with its company,
 * managers, investment theme, peer group, fees and disclosure habits. Names and codes come from the code
 * table, so they always equal the instrument search. Everything is a pure function of the fund code.
 */

export type { FundType };
/** Peer group used for peer averages and ranks. */
export type FundKind = 'equity' | 'hybrid' | 'bond' | 'money' | 'index' | 'qdii' | 'commodity' | 'reit';

export type Market = 'cn' | 'hk' | 'us' | 'bond' | 'money' | 'gold' | 'oil' | 'reit';

export interface ThemeSpec {
  readonly market: Market;
  /** Sensitivity to the market factor. */
  readonly beta: number;
  /** Annual volatility of the theme's own factor. */
  readonly vol: number;
  /** Annual log growth of the theme index over the long run. */
  readonly drift: number;
  /** PE (TTM) of the tracked index on the calibration day; null when there is no A-share valuation. */
  readonly pe: number | null;
  /** Tracked or benchmark index, for display. */
  readonly index: string;
}

// prettier-ignore
export const THEMES = {
  hs300: { market: 'cn', beta: 1, vol: 0.04, drift: 0.05, pe: 12.8, index: '沪深300指数' },
  csi500: { market: 'cn', beta: 1.1, vol: 0.08, drift: 0.05, pe: 24.5, index: '中证500指数' },
  sse50: { market: 'cn', beta: 0.95, vol: 0.05, drift: 0.045, pe: 10.9, index: '上证50指数' },
  sse180: { market: 'cn', beta: 0.97, vol: 0.04, drift: 0.045, pe: 11.6, index: '上证180指数' },
  star50: { market: 'cn', beta: 1.3, vol: 0.18, drift: 0.03, pe: 68, index: '科创50指数' },
  chinext: { market: 'cn', beta: 1.25, vol: 0.12, drift: 0.07, pe: 33, index: '创业板指数' },
  securities: { market: 'cn', beta: 1.4, vol: 0.16, drift: 0.02, pe: 19, index: '中证全指证券公司指数' },
  semiconductor: { market: 'cn', beta: 1.35, vol: 0.22, drift: 0.08, pe: 72, index: '中证全指半导体指数' },
  pv: { market: 'cn', beta: 1.25, vol: 0.22, drift: 0.03, pe: 21, index: '中证光伏产业指数' },
  liquor: { market: 'cn', beta: 0.95, vol: 0.2, drift: 0.1, pe: 24, index: '中证白酒指数' },
  dividend: { market: 'cn', beta: 0.7, vol: 0.07, drift: 0.07, pe: 7.4, index: '上证红利指数' },
  gaming: { market: 'cn', beta: 1.3, vol: 0.26, drift: 0.05, pe: 31, index: '中证动漫游戏指数' },
  medical: { market: 'cn', beta: 0.95, vol: 0.17, drift: 0.04, pe: 30, index: '中证医疗指数' },
  consumer: { market: 'cn', beta: 0.9, vol: 0.12, drift: 0.07, pe: 22, index: '中证主要消费指数' },
  tech: { market: 'cn', beta: 1.2, vol: 0.16, drift: 0.07, pe: 45, index: '中证科技指数' },
  growth: { market: 'cn', beta: 1.1, vol: 0.1, drift: 0.07, pe: 28, index: '中证800成长指数' },
  value: { market: 'cn', beta: 0.85, vol: 0.06, drift: 0.06, pe: 11, index: '中证800价值指数' },
  hkconnect: { market: 'hk', beta: 0.95, vol: 0.08, drift: 0.04, pe: null, index: '恒生综合指数' },
  hk: { market: 'hk', beta: 1, vol: 0.03, drift: 0.02, pe: null, index: '恒生指数' },
  nasdaq: { market: 'us', beta: 1.2, vol: 0.08, drift: 0.13, pe: null, index: '纳斯达克100指数' },
  sp500: { market: 'us', beta: 1, vol: 0.03, drift: 0.1, pe: null, index: '标普500指数' },
  chinainternet: { market: 'hk', beta: 1.3, vol: 0.2, drift: 0.02, pe: null, index: '中证海外中国互联网50指数' },
  global: { market: 'us', beta: 0.9, vol: 0.06, drift: 0.08, pe: null, index: 'MSCI全球指数' },
  oil: { market: 'oil', beta: 1, vol: 0.05, drift: 0.01, pe: null, index: '标普高盛原油商品指数' },
  gold: { market: 'gold', beta: 1, vol: 0.02, drift: 0.075, pe: null, index: '上海金交所黄金现货' },
  bond: { market: 'bond', beta: 1, vol: 0.008, drift: 0.036, pe: null, index: '中债综合财富指数' },
  money: { market: 'money', beta: 0, vol: 0, drift: 0.02, pe: null, index: '七天通知存款利率' },
  reit: { market: 'reit', beta: 1, vol: 0.08, drift: -0.02, pe: null, index: '中证REITs全收益指数' },
  // Peer-group composites (averages of a whole category), used for peer averages and benchmarks.
  'peer-equity': { market: 'cn', beta: 1.05, vol: 0.05, drift: 0.06, pe: null, index: '股票型基金指数' },
  'peer-hybrid': { market: 'cn', beta: 0.78, vol: 0.04, drift: 0.06, pe: null, index: '混合型基金指数' },
  'peer-index': { market: 'cn', beta: 1.02, vol: 0.03, drift: 0.05, pe: null, index: '指数型基金指数' },
  'peer-qdii': { market: 'us', beta: 0.85, vol: 0.07, drift: 0.07, pe: null, index: 'QDII基金指数' },
} as const satisfies Record<string, ThemeSpec>;

export type Theme = keyof typeof THEMES;

export interface FundCompany {
  readonly id: string;
  /** Short name as it appears in fund names. */
  readonly short: string;
  readonly name: string;
  readonly type: string;
  readonly established: string;
  readonly fundCount: number;
  /** Assets under management, CNY. */
  readonly scale: number;
}

// prettier-ignore
const COMPANY_ROWS: readonly (readonly [short: string, name: string, established: string, funds: number, scaleBn: number, aliases?: readonly string[]])[] = [
  ['易方达', '易方达基金管理有限公司', '2001-04-17', 586, 2050],
  ['华夏', '华夏基金管理有限公司', '1998-04-09', 612, 1980],
  ['广发', '广发基金管理有限公司', '2003-08-05', 598, 1520],
  ['南方', '南方基金管理股份有限公司', '1998-03-06', 574, 1480],
  ['嘉实', '嘉实基金管理有限公司', '1999-03-25', 421, 1160],
  ['博时', '博时基金管理有限公司', '1998-07-13', 462, 1290],
  ['富国', '富国基金管理有限公司', '1999-04-13', 438, 1240],
  ['汇添富', '汇添富基金管理股份有限公司', '2005-02-03', 452, 990],
  ['招商', '招商基金管理有限公司', '2002-12-27', 419, 1210],
  ['工银瑞信', '工银瑞信基金管理有限公司', '2005-06-21', 305, 1060],
  ['鹏华', '鹏华基金管理有限公司', '1998-12-22', 395, 960],
  ['中欧', '中欧基金管理有限公司', '2006-07-19', 221, 560],
  ['兴证全球', '兴证全球基金管理有限公司', '2003-09-30', 96, 690, ['兴全']],
  ['景顺长城', '景顺长城基金管理有限公司', '2003-06-12', 212, 640],
  ['交银施罗德', '交银施罗德基金管理有限公司', '2005-08-04', 176, 530],
  ['华泰柏瑞', '华泰柏瑞基金管理有限公司', '2004-11-18', 172, 690],
  ['华安', '华安基金管理有限公司', '1998-06-04', 268, 720],
  ['国泰', '国泰基金管理有限公司', '1998-03-05', 231, 620],
  ['国联安', '国联安基金管理有限公司', '2003-04-03', 82, 180],
  ['浙商', '浙商证券资产管理有限公司', '2013-04-18', 64, 120],
  ['东吴', '东吴基金管理有限公司', '2004-09-02', 58, 60],
  ['中金', '中金基金管理有限公司', '2014-02-10', 132, 240],
  ['平安', '平安基金管理有限公司', '2011-01-07', 205, 520],
  ['红土创新', '红土创新基金管理有限公司', '2014-06-18', 44, 70],
  ['大成', '大成基金管理有限公司', '1999-04-12', 241, 430],
];

function companyId(short: string): string {
  return String(fnv1a(`fund-company|${short}`) % 100000000).padStart(8, '0');
}

export const FUND_COMPANIES: readonly FundCompany[] = COMPANY_ROWS.map(
  ([short, name, established, funds, scaleBn]) => ({
    id: companyId(short),
    short,
    name,
    type: name.includes('资产管理') ? '证券公司资产管理子公司' : '基金管理公司',
    established,
    fundCount: funds,
    scale: scaleBn * 1e9,
  }),
);

const ALIASES: readonly (readonly [alias: string, company: FundCompany])[] = COMPANY_ROWS.flatMap(
  (row, i) => {
    const company = FUND_COMPANIES[i];
    if (!company) return [];
    return [row[0], ...(row[5] ?? [])].map((alias) => [alias, company] as const);
  },
);

/** The company of a fund: the short name that starts the fund name, else the one that ends it (ETFs). */
function companyOfName(name: string, code: string): FundCompany {
  const byLength = [...ALIASES].sort((a, b) => b[0].length - a[0].length);
  const head = byLength.find(([alias]) => name.startsWith(alias));
  if (head) return head[1];
  const tail = byLength.find(([alias]) => name.endsWith(alias));
  if (tail) return tail[1];
  return Rng.of(code, 'company').pick(FUND_COMPANIES);
}

export function companyById(id: string): FundCompany | undefined {
  return FUND_COMPANIES.find((c) => c.id === id);
}

export interface Fund {
  readonly thscode: string;
  readonly ticker: string;
  readonly name: string;
  readonly instrument: Instrument;
  readonly fundType: FundType;
  readonly kind: FundKind;
  readonly theme: Theme;
  /** Follows its theme index (ETF, index fund, ETF feeder, index-enhanced core). */
  readonly passive: boolean;
  /** An ETF feeder: holds the ETF of its theme. */
  readonly feeder: boolean;
  /** Index-enhanced: passive core plus an active part. */
  readonly enhanced: boolean;
  readonly shareClass: 'A' | 'C' | null;
  readonly company: FundCompany;
  /** Day number and trading index of the first net value (inception). */
  readonly inceptionDay: number;
  readonly inceptionIndex: number;
  readonly seed: number;
  /** Sensitivity to its theme (active funds) and own annual volatility and excess return. */
  readonly beta: number;
  readonly idioVol: number;
  readonly alpha: number;
  /** Unit net value aimed at on the calibration day, when it is known (ETFs with listed options). */
  readonly targetUnitNav: number | null;
  /** Fund size aimed at on the calibration day, CNY. */
  readonly targetScale: number;
  /** Annual fee rates, percent. */
  readonly managementFee: number;
  readonly custodyFee: number;
  readonly salesServiceFee: number;
  /** Which holder-structure bases the fund discloses. */
  readonly disclosure: 'both' | 'merged' | 'separate';
}

const THEME_WORDS: readonly (readonly [word: string, theme: Theme])[] = [
  ['REIT', 'reit'],
  ['货币', 'money'],
  ['债', 'bond'],
  ['纳斯达克', 'nasdaq'],
  ['纳指', 'nasdaq'],
  ['标普500', 'sp500'],
  ['中概', 'chinainternet'],
  ['中国互联网', 'chinainternet'],
  ['全球', 'global'],
  ['原油', 'oil'],
  ['黄金', 'gold'],
  ['恒生', 'hk'],
  ['港股通', 'hkconnect'],
  ['AH', 'sse50'],
  ['沪深300', 'hs300'],
  ['中证500', 'csi500'],
  ['上证50', 'sse50'],
  ['上证180', 'sse180'],
  ['科创50', 'star50'],
  ['创业板', 'chinext'],
  ['证券', 'securities'],
  ['半导体', 'semiconductor'],
  ['芯片', 'semiconductor'],
  ['光伏', 'pv'],
  ['酒', 'liquor'],
  ['红利', 'dividend'],
  ['游戏', 'gaming'],
  ['医疗', 'medical'],
  ['消费', 'consumer'],
  ['科技', 'tech'],
  ['成长', 'growth'],
  ['价值', 'value'],
  ['蓝筹', 'value'],
  ['合润', 'value'],
];

const QDII_THEMES: readonly Theme[] = ['nasdaq', 'sp500', 'chinainternet', 'global', 'oil', 'hk'];

function themeOf(name: string): Theme {
  return THEME_WORDS.find(([word]) => name.includes(word))?.[1] ?? 'growth';
}

function kindOf(i: Instrument, theme: Theme): FundKind {
  if (i.assetType === 'fund-reits') return 'reit';
  if (theme === 'money') return 'money';
  if (theme === 'bond') return 'bond';
  if (QDII_THEMES.includes(theme)) return 'qdii';
  if (theme === 'gold') return 'commodity';
  if (i.assetType === 'fund-etf' || i.name.includes('指数') || i.name.includes('联接')) return 'index';
  if (i.name.includes('股票')) return 'equity';
  return 'hybrid';
}

// Unit net values on the calibration day of the ETFs behind listed options (their level is common
// knowledge, and the option strikes of the simulator sit around them), and a few other well-known ones.
const TARGET_UNIT_NAV: Record<string, number> = {
  '510050.SH': 2.8,
  '510300.SH': 4.0,
  '510500.SH': 6.0,
  '588000.SH': 1.1,
  '159919.SZ': 4.1,
  '159915.SZ': 2.2,
  '510880.SH': 3.39,
  '518880.SH': 7.2,
  '513100.SH': 1.62,
  '159920.SZ': 1.45,
};

// Sizes of the large ETFs on the calibration day, CNY billions.
const TARGET_SCALE_BN: Record<string, number> = {
  '510300.SH': 380,
  '510500.SH': 110,
  '510050.SH': 150,
  '588000.SH': 52,
  '159919.SZ': 180,
  '159915.SZ': 92,
  '510880.SH': 20.2,
  '518880.SH': 51,
  '513100.SH': 11,
  '513050.SH': 31,
  '512880.SH': 42,
  '512480.SH': 24,
  '510180.SH': 22,
};

/** As the vendor says: from the code table's asset type, never from the suffix. */
function fundType(i: Instrument): FundType {
  const type = fundTypeOf(i.assetType);
  if (type === null) throw new Error(`${i.thscode} is not a fund (${i.assetType})`);
  return type;
}

function buildFund(i: Instrument): Fund {
  const company = companyOfName(i.name, i.thscode);
  // The company's short name can hold theme words (兴证全球): look at the rest of the name.
  const theme = themeOf(i.name.replace(company.short, ''));
  const kind = kindOf(i, theme);
  const seed = fnv1a(`fund|${i.thscode}`);
  const rng = new Rng(seed);
  const type = fundType(i);
  const feeder = i.name.includes('联接');
  const enhanced = i.name.includes('增强');
  // Index funds, feeders and commodity ETFs follow their theme index; index-enhanced ones add an active part.
  const passive =
    kind === 'index' ||
    kind === 'commodity' ||
    feeder ||
    (kind === 'qdii' && (i.name.includes('ETF') || i.name.includes('指数')));
  const shareClass = /C$/.test(i.name) ? 'C' : /A$/.test(i.name) ? 'A' : null;
  const inceptionDay = dayOf(i.listDate ?? '2010-01-04');
  const inceptionIndex = tradingIndexOnOrAfter(inceptionDay);
  const scaleMedian: Record<FundKind, number> = {
    equity: 3e9,
    hybrid: 4e9,
    bond: 6e9,
    money: 6e10,
    index: 8e9,
    qdii: 5e9,
    commodity: 1e10,
    reit: 4e9,
  };
  const targetScale = (TARGET_SCALE_BN[i.thscode] ?? 0) * 1e9 || rng.logNormal(scaleMedian[kind], 0.7);
  const fees: Record<FundKind, [number, number]> = {
    equity: [1.2, 0.2],
    hybrid: [1.2, 0.2],
    bond: [0.3, 0.1],
    money: [0.15, 0.05],
    index: [type === 'exchange' ? 0.15 : 0.5, type === 'exchange' ? 0.05 : 0.1],
    qdii: [0.8, 0.2],
    commodity: [0.15, 0.05],
    reit: [0.25, 0.01],
  };
  const [managementFee, custodyFee] = fees[kind];
  const disclosure: Fund['disclosure'] =
    shareClass === null ? 'separate' : rng.chance(0.25) ? 'merged' : 'both';
  return {
    thscode: i.thscode,
    ticker: i.ticker,
    name: i.name,
    instrument: i,
    fundType: type,
    kind,
    theme,
    passive,
    feeder,
    enhanced,
    shareClass,
    company,
    inceptionDay: tradingDayAt(inceptionIndex),
    inceptionIndex,
    seed,
    beta: kind === 'bond' ? rng.range(0.6, 1.6) : rng.range(0.8, 1.15),
    idioVol:
      kind === 'bond'
        ? rng.range(0.004, 0.012)
        : passive && !enhanced
          ? 0.004
          : enhanced
            ? rng.range(0.03, 0.05)
            : rng.range(0.06, 0.11),
    alpha:
      kind === 'money'
        ? rng.range(-0.002, 0.003)
        : kind === 'bond'
          ? rng.range(-0.004, 0.008)
          : passive && !enhanced
            ? 0
            : enhanced
              ? rng.range(0, 0.04)
              : rng.range(-0.03, 0.04),
    targetUnitNav: TARGET_UNIT_NAV[i.thscode] ?? null,
    targetScale,
    managementFee,
    custodyFee,
    salesServiceFee: shareClass === 'C' ? (kind === 'bond' ? 0.1 : kind === 'money' ? 0.25 : 0.4) : 0,
    disclosure,
  };
}

let registry: { funds: readonly Fund[]; byCode: ReadonlyMap<string, Fund> } | null = null;

function getRegistry() {
  if (!registry) {
    // The code table of a far day lists every fund whatever its inception.
    const instruments = codeTable(dayOf('2035-12-28')).filter(
      (i) =>
        i.assetType === 'fund-otc' ||
        i.assetType === 'fund-etf' ||
        i.assetType === 'fund-lof' ||
        i.assetType === 'fund-reits',
    );
    const funds = instruments.map(buildFund);
    registry = { funds, byCode: new Map(funds.map((f) => [f.thscode, f])) };
  }
  return registry;
}

/** Every fund, whatever its inception date, in code-table order. */
export function allFunds(): readonly Fund[] {
  return getRegistry().funds;
}

/** Funds that exist on a day. */
export function fundsOn(day: number): readonly Fund[] {
  return allFunds().filter((f) => f.inceptionDay <= day);
}

export function fundByCode(thscode: string): Fund | undefined {
  return getRegistry().byCode.get(thscode);
}

/** The ETF a feeder or an index fund follows: one of the same company first, else any of the theme. */
export function targetEtf(fund: Fund): Fund | undefined {
  const etfs = allFunds().filter(
    (f) => f.instrument.assetType === 'fund-etf' && f.theme === fund.theme && f !== fund,
  );
  return etfs.find((f) => f.company === fund.company) ?? etfs[0];
}

// ---------------------------------------------------------------------------------------------------
// Managers

export interface ManagerTenure {
  readonly fund: Fund;
  readonly startDay: number;
}

export interface FundManager {
  readonly id: string;
  readonly name: string;
  readonly sex: '男' | '女';
  readonly degree: string;
  readonly company: FundCompany;
  /** First day as a fund manager. */
  readonly careerStartDay: number;
  readonly seed: number;
  /** Current funds, ascending by tenure start. */
  readonly tenures: readonly ManagerTenure[];
}

// prettier-ignore
const SURNAMES = ['张', '王', '李', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗', '梁', '宋', '郑', '谢', '韩', '唐', '冯', '于', '董', '萧', '程', '曹', '袁', '邓', '许', '傅', '沈', '曾', '彭', '吕', '苏', '卢', '蒋', '蔡', '贾', '丁', '魏', '薛', '叶', '阎'];
// prettier-ignore
const GIVEN_MALE = ['伟', '强', '磊', '军', '洋', '勇', '杰', '涛', '明', '超', '浩', '鹏', '宇', '晨', '峰', '斌', '健', '睿', '骏', '昊', '志远', '海峰', '思源', '文博', '立新', '建华', '晓东', '子豪', '一鸣', '泽宇'];
// prettier-ignore
const GIVEN_FEMALE = ['敏', '静', '丽', '娟', '婷', '雪', '慧', '琳', '倩', '颖', '璐', '婧', '茜', '晓燕', '雅琴', '思琪', '梦瑶', '欣怡', '佳慧', '雨桐'];
const DEGREES = ['硕士', '硕士', '硕士', '博士', '学士'];

/** A fresh draw not taken yet (and now taken). */
function unique(taken: Set<string>, draw: () => string): string {
  for (;;) {
    const value = draw();
    if (!taken.has(value)) {
      taken.add(value);
      return value;
    }
  }
}

let managers: { list: readonly FundManager[]; byId: ReadonlyMap<string, FundManager> } | null = null;

function buildManagers(): { list: readonly FundManager[]; byId: ReadonlyMap<string, FundManager> } {
  const out: FundManager[] = [];
  const takenNames = new Set<string>();
  const takenIds = new Set<string>();
  for (const company of FUND_COMPANIES) {
    const funds = allFunds().filter((f) => f.company === company);
    if (funds.length === 0) continue;
    const count = Math.max(1, Math.ceil(funds.length / 2));
    const rng = Rng.of('managers', company.short);
    const people = Array.from({ length: count }, () => {
      const female = rng.chance(0.3);
      const name = unique(
        takenNames,
        () => rng.pick(SURNAMES) + rng.pick(female ? GIVEN_FEMALE : GIVEN_MALE),
      );
      const id = unique(takenIds, () => `T${100000000 + rng.int(0, 899999999)}`);
      const tenures: ManagerTenure[] = [];
      return { id, name, female, tenures };
    });
    funds.forEach((fund, i) => {
      const r = Rng.of(fund.thscode, 'managers');
      const lead = people[i % count];
      const start = (f: Fund) => {
        // Managers change: the current one took over some time after inception.
        const age = dayOf('2026-07-15') - f.inceptionDay;
        const offset = age > 400 && r.chance(0.75) ? r.int(0, age - 200) : 0;
        return tradingDayAt(tradingIndexOnOrAfter(f.inceptionDay + offset));
      };
      lead?.tenures.push({ fund, startDay: start(fund) });
      if (count > 1 && r.chance(0.35)) {
        const co = people[(i + 1) % count];
        co?.tenures.push({ fund, startDay: start(fund) });
      }
    });
    for (const p of people) {
      if (p.tenures.length === 0) continue;
      const tenures = [...p.tenures].sort((a, b) => a.startDay - b.startDay);
      const first = tenures[0]?.startDay ?? dayOf('2015-01-05');
      const r = Rng.of(p.id, 'career');
      out.push({
        id: p.id,
        name: p.name,
        sex: p.female ? '女' : '男',
        degree: r.pick(DEGREES),
        company,
        careerStartDay: first - r.int(0, 900),
        seed: fnv1a(`manager|${p.id}`),
        tenures,
      });
    }
  }
  return { list: out, byId: new Map(out.map((m) => [m.id, m])) };
}

export function allManagers(): readonly FundManager[] {
  managers ??= buildManagers();
  return managers.list;
}

export function managerById(id: string): FundManager | undefined {
  managers ??= buildManagers();
  return managers.byId.get(id);
}

/** Current managers of a fund on a day, lead first. */
export function managersOf(fund: Fund, day: number): { manager: FundManager; startDay: number }[] {
  const out: { manager: FundManager; startDay: number }[] = [];
  for (const m of allManagers()) {
    for (const t of m.tenures) {
      if (t.fund === fund && t.startDay <= day) out.push({ manager: m, startDay: t.startDay });
    }
  }
  return out.sort((a, b) => a.startDay - b.startDay);
}

/** Funds a manager runs on a day. */
export function tenuresOn(manager: FundManager, day: number): readonly ManagerTenure[] {
  return manager.tenures.filter((t) => t.startDay <= day && t.fund.inceptionDay <= day);
}

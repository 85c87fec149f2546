import { dayOf, tradingDayAt, tradingIndexOf } from './calendar';
import { indexByCode, indexCloseAt } from './indices';
import {
  FUTURES_SUFFIX,
  FUTURES_VARIETIES,
  futuresContractsOf,
  type FuturesContract,
  type FuturesExchange,
  type FuturesVariety,
} from './instruments';
import { Rng, fnv1a, mix, round, tri } from './random';
import { REFERENCE_DATE } from './universe';
import {
  NIGHT_SESSION,
  clockText,
  derivativeMarketOf,
  parseClock,
  tradingWindows,
} from '../../../src/contract/market-session';

/**
 * Futures varieties, their contracts' daily prices and the spot prices behind the basis.
 *
 * Units (the spec leaves them open; chosen once and used everywhere): `margin_rate` and
 * `transaction_fee_rate` are percent values (8 = 8%, 0.01 = 0.01% of the traded value);
 * `transaction_fee` is CNY per lot. The basis is converted spot − futures price, where the converted
 * spot is the spot in the futures' own price unit (eggs are quoted per jin on the spot market and per
 * 500 kg on the exchange); `*_basis_rate` is basis / futures price × 100, a percent value.
 *
 * Prices are closed-form in the trading-day index: the main contract of a commodity follows a seeded
 * curve, other months add a seeded carry per month; index futures follow their index (indices.ts) with
 * a small discount. The spot follows the main contract with a slowly changing premium, so the basis
 * wanders around a variety-specific level.
 */

export interface VarietySpec {
  /** Main contract price on the calibration day. */
  price: number;
  tick: number;
  /** Quantity per lot, in `tradeUnit`. */
  multiplier: number;
  tradeUnit: string;
  priceUnit: string;
  marginPct: number;
  /** CNY per lot, or a percent of the traded value. */
  fee: number | null;
  feeRatePct: number | null;
  /** End of the night session, or null without one. */
  night: '23:00' | '01:00' | '02:30' | null;
  plate: string;
  /** Months that become the main contract. */
  mainMonths: readonly number[];
  /** Spot: reference site, factor from spot unit to futures unit; null without a spot (bond futures). */
  spot: { site: string; factor: number; name: string } | null;
  /** Index behind an index future. */
  index?: string;
}

const M159 = [1, 5, 9];
const M1510 = [1, 5, 10];
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const Q = [3, 6, 9, 12];

const SMM = '上海有色网';
const SGE = '上海黄金交易所';
const MYSTEEL = '我的钢铁网';
const SCI = '生意社';
const GRAIN = '中国粮油信息网';
const CSI = '中证指数有限公司';

// prettier-ignore
export const VARIETY_SPECS: Record<string, VarietySpec> = {
  CU: { price: 78500, tick: 10, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: null, feeRatePct: 0.005, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '1#电解铜' } },
  AL: { price: 20600, tick: 5, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 3, feeRatePct: null, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: 'A00铝' } },
  ZN: { price: 22800, tick: 5, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 3, feeRatePct: null, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '0#锌锭' } },
  NI: { price: 124000, tick: 10, multiplier: 1, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: 3, feeRatePct: null, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '1#电解镍' } },
  SN: { price: 262000, tick: 10, multiplier: 1, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 13, fee: 3, feeRatePct: null, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '1#锡' } },
  AU: { price: 782, tick: 0.02, multiplier: 1000, tradeUnit: '克', priceUnit: '元/克', marginPct: 14, fee: 10, feeRatePct: null, night: '02:30', plate: '贵金属', mainMonths: [6, 12], spot: { site: SGE, factor: 1, name: 'Au99.99' } },
  AG: { price: 9100, tick: 1, multiplier: 15, tradeUnit: '千克', priceUnit: '元/千克', marginPct: 15, fee: null, feeRatePct: 0.005, night: '02:30', plate: '贵金属', mainMonths: [6, 12], spot: { site: SGE, factor: 1, name: 'Ag(T+D)' } },
  RB: { price: 3180, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: null, feeRatePct: 0.01, night: '23:00', plate: '黑色系', mainMonths: M1510, spot: { site: MYSTEEL, factor: 1, name: 'HRB400E 20mm 上海' } },
  HC: { price: 3330, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: null, feeRatePct: 0.01, night: '23:00', plate: '黑色系', mainMonths: M1510, spot: { site: MYSTEEL, factor: 1, name: 'Q235B 4.75mm 上海' } },
  RU: { price: 15400, tick: 5, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 3, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '国产全乳胶' } },
  FU: { price: 3010, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 10, fee: null, feeRatePct: 0.005, night: '23:00', plate: '能源', mainMonths: M159, spot: { site: SCI, factor: 1, name: '180CST燃料油' } },
  BU: { price: 3520, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 10, fee: null, feeRatePct: 0.005, night: '23:00', plate: '能源', mainMonths: [6, 12], spot: { site: SCI, factor: 1, name: '重交沥青' } },
  SP: { price: 5580, tick: 2, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: null, feeRatePct: 0.005, night: '23:00', plate: '软商品', mainMonths: M159, spot: { site: SCI, factor: 1, name: '银星针叶浆' } },
  SS: { price: 13050, tick: 5, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 2, feeRatePct: null, night: '01:00', plate: '黑色系', mainMonths: ALL, spot: { site: MYSTEEL, factor: 1, name: '304/2B 2.0mm 无锡' } },
  AO: { price: 3280, tick: 1, multiplier: 20, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: null, feeRatePct: 0.01, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '氧化铝(山东)' } },
  SC: { price: 525, tick: 0.1, multiplier: 1000, tradeUnit: '桶', priceUnit: '元/桶', marginPct: 10, fee: 20, feeRatePct: null, night: '02:30', plate: '能源', mainMonths: ALL, spot: { site: SCI, factor: 1, name: '阿曼原油' } },
  LU: { price: 3620, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 10, fee: null, feeRatePct: 0.01, night: '23:00', plate: '能源', mainMonths: ALL, spot: { site: SCI, factor: 1, name: '低硫燃料油(舟山)' } },
  NR: { price: 12450, tick: 5, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: null, feeRatePct: 0.01, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '泰国20号标胶' } },
  BC: { price: 70100, tick: 10, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: null, feeRatePct: 0.001, night: '01:00', plate: '有色金属', mainMonths: ALL, spot: { site: SMM, factor: 1, name: '1#电解铜(保税)' } },
  EC: { price: 1820, tick: 0.1, multiplier: 50, tradeUnit: '元/点', priceUnit: '点', marginPct: 18, fee: null, feeRatePct: 0.06, night: null, plate: '航运', mainMonths: ALL, spot: { site: '上海航运交易所', factor: 1, name: 'SCFIS欧洲航线' } },
  I: { price: 785, tick: 0.5, multiplier: 100, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 11, fee: null, feeRatePct: 0.01, night: '23:00', plate: '黑色系', mainMonths: M159, spot: { site: MYSTEEL, factor: 1, name: 'PB粉(日照港)' } },
  M: { price: 2920, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 1.5, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '豆粕(张家港)' } },
  Y: { price: 7820, tick: 2, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 2.5, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '一级豆油(张家港)' } },
  P: { price: 8480, tick: 2, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 2.5, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '24度棕榈油(广州)' } },
  C: { price: 2310, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 1.2, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '玉米(锦州港)' } },
  JM: { price: 1120, tick: 0.5, multiplier: 60, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: null, feeRatePct: 0.01, night: '23:00', plate: '黑色系', mainMonths: M159, spot: { site: MYSTEEL, factor: 1, name: '主焦煤(山西)' } },
  J: { price: 1660, tick: 0.5, multiplier: 100, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: null, feeRatePct: 0.01, night: '23:00', plate: '黑色系', mainMonths: M159, spot: { site: MYSTEEL, factor: 1, name: '准一级冶金焦(日照港)' } },
  L: { price: 7290, tick: 1, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 1, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: 'LLDPE(华东)' } },
  V: { price: 4980, tick: 1, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 1, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: 'PVC电石法(华东)' } },
  PP: { price: 7120, tick: 1, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 1, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: 'PP拉丝(华东)' } },
  EG: { price: 4410, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 3, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '乙二醇(张家港)' } },
  LH: { price: 14200, tick: 5, multiplier: 16, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: null, feeRatePct: 0.02, night: null, plate: '农产品', mainMonths: M159, spot: { site: SCI, factor: 1000, name: '外三元生猪(元/千克)' } },
  JD: { price: 3610, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/500千克', marginPct: 9, fee: null, feeRatePct: 0.015, night: null, plate: '农产品', mainMonths: M159, spot: { site: SCI, factor: 1000, name: '鸡蛋(元/斤)' } },
  SR: { price: 5890, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 3, feeRatePct: null, night: '23:00', plate: '软商品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '白糖(南宁)' } },
  CF: { price: 13820, tick: 5, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 4.3, feeRatePct: null, night: '23:00', plate: '软商品', mainMonths: M159, spot: { site: SCI, factor: 1, name: '3128B棉花' } },
  TA: { price: 4790, tick: 2, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 7, fee: 3, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: 'PTA(华东)' } },
  MA: { price: 2410, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 2, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '甲醇(太仓)' } },
  RM: { price: 2480, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 1.5, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '菜粕(广东)' } },
  OI: { price: 9210, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 2, feeRatePct: null, night: '23:00', plate: '农产品', mainMonths: M159, spot: { site: GRAIN, factor: 1, name: '四级菜油(江苏)' } },
  FG: { price: 1160, tick: 1, multiplier: 20, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 6, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '浮法玻璃(沙河)' } },
  SA: { price: 1350, tick: 1, multiplier: 20, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 3.5, feeRatePct: null, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '重质纯碱(沙河)' } },
  UR: { price: 1760, tick: 1, multiplier: 20, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: 5, feeRatePct: null, night: null, plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: '小颗粒尿素(山东)' } },
  AP: { price: 7480, tick: 1, multiplier: 10, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 10, fee: 5, feeRatePct: null, night: null, plate: '农产品', mainMonths: M1510, spot: { site: SCI, factor: 1, name: '80#富士苹果(栖霞)' } },
  SF: { price: 5790, tick: 2, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 3, feeRatePct: null, night: null, plate: '黑色系', mainMonths: M159, spot: { site: MYSTEEL, factor: 1, name: '72#硅铁(宁夏)' } },
  SM: { price: 5920, tick: 2, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: 3, feeRatePct: null, night: null, plate: '黑色系', mainMonths: M159, spot: { site: MYSTEEL, factor: 1, name: '6517锰硅(内蒙)' } },
  PX: { price: 6790, tick: 2, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 8, fee: null, feeRatePct: 0.01, night: '23:00', plate: '化工', mainMonths: M159, spot: { site: SCI, factor: 1, name: 'PX(CFR中国)' } },
  IF: { price: 4000, tick: 0.2, multiplier: 300, tradeUnit: '元/点', priceUnit: '点', marginPct: 12, fee: null, feeRatePct: 0.0023, night: null, plate: '股指', mainMonths: ALL, spot: { site: CSI, factor: 1, name: '沪深300指数' }, index: '000300.SH' },
  IH: { price: 2800, tick: 0.2, multiplier: 300, tradeUnit: '元/点', priceUnit: '点', marginPct: 12, fee: null, feeRatePct: 0.0023, night: null, plate: '股指', mainMonths: ALL, spot: { site: CSI, factor: 1, name: '上证50指数' }, index: '000016.SH' },
  IC: { price: 6000, tick: 0.2, multiplier: 200, tradeUnit: '元/点', priceUnit: '点', marginPct: 14, fee: null, feeRatePct: 0.0023, night: null, plate: '股指', mainMonths: ALL, spot: { site: CSI, factor: 1, name: '中证500指数' }, index: '000905.SH' },
  IM: { price: 6000, tick: 0.2, multiplier: 200, tradeUnit: '元/点', priceUnit: '点', marginPct: 14, fee: null, feeRatePct: 0.0023, night: null, plate: '股指', mainMonths: ALL, spot: { site: CSI, factor: 1, name: '中证1000指数' }, index: '000852.SH' },
  T: { price: 108.5, tick: 0.005, multiplier: 10000, tradeUnit: '元/点', priceUnit: '元(百元面值)', marginPct: 2, fee: 3, feeRatePct: null, night: null, plate: '国债', mainMonths: Q, spot: null },
  TF: { price: 105.9, tick: 0.005, multiplier: 10000, tradeUnit: '元/点', priceUnit: '元(百元面值)', marginPct: 1.2, fee: 3, feeRatePct: null, night: null, plate: '国债', mainMonths: Q, spot: null },
  TS: { price: 102.4, tick: 0.002, multiplier: 20000, tradeUnit: '元/点', priceUnit: '元(百元面值)', marginPct: 0.5, fee: 3, feeRatePct: null, night: null, plate: '国债', mainMonths: Q, spot: null },
  TL: { price: 118.2, tick: 0.01, multiplier: 10000, tradeUnit: '元/点', priceUnit: '元(百元面值)', marginPct: 3.5, fee: 3, feeRatePct: null, night: null, plate: '国债', mainMonths: Q, spot: null },
  SI: { price: 9050, tick: 5, multiplier: 5, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 9, fee: null, feeRatePct: 0.01, night: null, plate: '新能源', mainMonths: M159, spot: { site: SMM, factor: 1, name: '553#工业硅(华东)' } },
  LC: { price: 74800, tick: 20, multiplier: 1, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: null, feeRatePct: 0.032, night: null, plate: '新能源', mainMonths: M159, spot: { site: SMM, factor: 1, name: '电池级碳酸锂' } },
  PS: { price: 45200, tick: 5, multiplier: 3, tradeUnit: '吨', priceUnit: '元/吨', marginPct: 12, fee: null, feeRatePct: 0.05, night: null, plate: '新能源', mainMonths: M159, spot: { site: SMM, factor: 1, name: 'N型致密料' } },
};

export const EXCHANGE_NAMES: Record<FuturesExchange, string> = {
  SHFE: '上海期货交易所',
  INE: '上海国际能源交易中心',
  DCE: '大连商品交易所',
  CZCE: '郑州商品交易所',
  CFFEX: '中国金融期货交易所',
  GFEX: '广州期货交易所',
};

// A type alias, not an interface: it must fit the loose (index-signature) objects of the data schemas.
export type TradeSession = {
  start_time: string;
  end_time: string;
  session_type: string;
};

/**
 * The continuous sessions of a variety as the service lists them: night session (if any) first, then the
 * day. The times are the contract's exchange timetables (src/contract/market-session.ts).
 */
export function tradeSessions(exchange: FuturesExchange, night: string | null, variety = ''): TradeSession[] {
  const open = parseClock(night);
  const close = open === null ? null : open < NIGHT_SESSION.open ? open + 24 * 3600 : open;
  return tradingWindows(derivativeMarketOf(exchange, variety), close)
    .filter((w) => w.kind === 'continuous')
    .map((w) => ({
      start_time: clockText(w.start),
      end_time: clockText(w.end),
      session_type: w.night ? 'night' : 'day',
    }));
}

export function specOf(v: FuturesVariety): VarietySpec {
  const spec = VARIETY_SPECS[v.code];
  if (!spec) throw new Error(`no futures spec for ${v.code}`);
  return spec;
}

export function varietyByCode(code: string): FuturesVariety | undefined {
  return FUTURES_VARIETIES.find((v) => v.code === code);
}

/** Tick-rounded price, without binary noise. */
export function toTick(x: number, tick: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(tick) - 1e-9));
  return round(Math.round(x / tick) * tick, decimals);
}

// ---------------------------------------------------------------------------------------------------
// Prices

const REF_INDEX = tradingIndexOf(dayOf(REFERENCE_DATE));

interface Curve {
  seed: number;
  amps: number[];
  freqs: number[];
  phases: number[];
  vol: number;
  logScale: number;
  /** Log price change per month further out (contango > 0). */
  carry: number;
  /** Spot premium over the main contract: mean, amplitude and period (days). */
  premium: number;
  premiumAmp: number;
  premiumPeriod: number;
}

const curves = new Map<string, Curve>();

function curveOf(v: FuturesVariety): Curve {
  const hit = curves.get(v.code);
  if (hit) return hit;
  const spec = specOf(v);
  const seed = fnv1a(`futures|${v.code}`);
  const rng = new Rng(seed);
  const financial = spec.index !== undefined || spec.spot === null;
  const vol = financial ? rng.range(0.15, 0.3) : rng.range(0.8, 1.4);
  const periods = [rng.range(500, 1000), rng.range(120, 260), rng.range(30, 70), rng.range(6, 14)];
  const curve: Curve = {
    seed,
    amps: [rng.range(0.12, 0.25), rng.range(0.05, 0.1), rng.range(0.02, 0.04), rng.range(0.004, 0.01)].map(
      (a) => a * vol,
    ),
    freqs: periods.map((p) => (2 * Math.PI) / p),
    phases: periods.map(() => rng.range(0, 2 * Math.PI)),
    vol,
    logScale: 0,
    carry:
      spec.index !== undefined
        ? -rng.range(0.001, spec.index === '000300.SH' || spec.index === '000016.SH' ? 0.002 : 0.007)
        : rng.range(-0.008, 0.008),
    premium: spec.index !== undefined ? rng.range(0.001, 0.008) : rng.range(-0.02, 0.03),
    premiumAmp: spec.index !== undefined ? 0.004 : rng.range(0.01, 0.025),
    premiumPeriod: rng.range(40, 120),
  };
  curve.logScale = Math.log(spec.price) - logCurve(curve, REF_INDEX);
  curves.set(v.code, curve);
  return curve;
}

function logCurve(c: Curve, t: number): number {
  let l = 0.011 * c.vol * tri(mix(c.seed, t));
  for (let k = 0; k < 4; k++) l += (c.amps[k] ?? 0) * Math.sin((c.freqs[k] ?? 0) * t + (c.phases[k] ?? 0));
  return l;
}

/** Months from the calendar month of a day to a contract's delivery month. */
function monthsAhead(contract: { year: number; month: number }, day: number): number {
  const d = new Date(day * 86400000);
  return contract.year * 12 + contract.month - (d.getUTCFullYear() * 12 + d.getUTCMonth() + 1);
}

/** Raw (unrounded) price of the main-contract level of a variety on trading index t. */
function mainLevel(v: FuturesVariety, t: number): number {
  const spec = specOf(v);
  const c = curveOf(v);
  const index = spec.index === undefined ? undefined : indexByCode(spec.index);
  if (index) return indexCloseAt(index, t) * (1 - c.premium - c.premiumAmp * spotWave(c, t));
  return Math.exp(c.logScale + logCurve(c, t));
}

function spotWave(c: Curve, t: number): number {
  return Math.sin((2 * Math.PI * t) / c.premiumPeriod) + 0.4 * tri(mix(c.seed ^ 0x5f0f, t));
}

export interface FuturesQuote {
  close: number;
  settle: number;
}

/** Close and settlement price of a contract on trading index t. */
export function contractQuote(contract: FuturesContract, t: number): FuturesQuote {
  const v = contract.variety;
  const spec = specOf(v);
  const c = curveOf(v);
  const main = mainContractOf(v, tradingDayAt(t));
  const day = tradingDayAt(t);
  const index = spec.index === undefined ? undefined : indexByCode(spec.index);
  if (index && contract.lastTradeDate !== null) {
    // An index future trades at a discount to its index that shrinks with the time left (an annual
    // rate of a few percent, moving slowly), and meets the index on its last trading day.
    const years = Math.max(0, dayOf(contract.lastTradeDate) - day) / 365;
    const near = Math.min(1, years * 12);
    const rate = 6 * (c.premium + c.premiumAmp * spotWave(c, t));
    const raw =
      indexCloseAt(index, t) *
      Math.exp(-rate * years + 0.0015 * near * tri(mix(c.seed ^ fnv1a(contract.thscode), t)));
    const settle = raw * (1 + 0.002 * near * tri(mix(c.seed ^ 0x7e77, t)));
    return { close: toTick(raw, spec.tick), settle: toTick(settle, spec.tick) };
  }
  const ahead = main ? monthsAhead(contract, day) - monthsAhead(main, day) : 0;
  const raw =
    mainLevel(v, t) * Math.exp(c.carry * ahead + 0.0015 * tri(mix(c.seed ^ fnv1a(contract.thscode), t)));
  const settle = raw * (1 + 0.002 * tri(mix(c.seed ^ 0x7e77, t)));
  return { close: toTick(raw, spec.tick), settle: toTick(settle, spec.tick) };
}

/** The contract that holds the main position on a day: the first main month at least a month out. */
export function mainContractOf(v: FuturesVariety, day: number): FuturesContract | undefined {
  const live = futuresContractsOf(v, day);
  const spec = specOf(v);
  const margin = v.exchange === 'CFFEX' && spec.index !== undefined ? 3 : v.code === 'SC' ? 45 : 25;
  const far = live.filter((k) => k.lastTradeDate !== null && dayOf(k.lastTradeDate) - day >= margin);
  return far.find((k) => spec.mainMonths.includes(k.month)) ?? far[0] ?? live[0];
}

/** The next main month after the main contract. */
export function secondaryMainOf(v: FuturesVariety, day: number): FuturesContract | undefined {
  const main = mainContractOf(v, day);
  if (!main) return undefined;
  const spec = specOf(v);
  const later = futuresContractsOf(v, day).filter((k) => k.year * 12 + k.month > main.year * 12 + main.month);
  return later.find((k) => spec.mainMonths.includes(k.month)) ?? later[0];
}

export interface SpotIndicator {
  id: string;
  site: string;
  name: string;
  /** Premium of this quote over the default one. */
  offset: number;
}

/** Spot indicators of a variety: the default one first, then an alternative site. */
export function spotIndicators(v: FuturesVariety): SpotIndicator[] {
  const spec = specOf(v);
  if (!spec.spot) return [];
  const base = 1000000 + (fnv1a(`spot|${v.code}`) % 8000000);
  const alternative = spec.spot.site === SCI ? MYSTEEL : SCI;
  return [
    { id: `S${base}`, site: spec.spot.site, name: spec.spot.name, offset: 0 },
    {
      id: `S${base + 1}`,
      site: spec.index ? CSI : alternative,
      name: `${spec.spot.name}(${alternative})`,
      offset: spec.index ? 0 : 0.006,
    },
  ];
}

export interface BasisPoint {
  date: number;
  spot: number;
  convertedSpot: number;
  close: number;
  settle: number;
  closeBasis: number;
  settleBasis: number;
  closeRatePct: number;
  settleRatePct: number;
}

/**
 * Spot of a variety on trading index t in the spot's own unit, and in the futures unit. Index futures:
 * the index close itself (indices.ts), so the basis of IF is the CSI 300 close minus the IF price.
 */
export function spotOn(
  v: FuturesVariety,
  t: number,
  indicator: SpotIndicator,
): { spot: number; converted: number } {
  const spec = specOf(v);
  const factor = spec.spot?.factor ?? 1;
  const index = spec.index === undefined ? undefined : indexByCode(spec.index);
  if (index) {
    const level = indexCloseAt(index, t);
    return { spot: level, converted: level };
  }
  const c = curveOf(v);
  const level = mainLevel(v, t) * (1 + c.premium + c.premiumAmp * spotWave(c, t)) * (1 + indicator.offset);
  // Spot quotes carry the decimals of the futures tick (eggs and hogs: two decimals per jin or kg).
  const spot = factor > 1 ? round(level / factor, 2) : toTick(level, spec.tick < 1 ? spec.tick : 1);
  return { spot, converted: round(spot * factor, 2) };
}

/** Basis of a contract (or of the main-continuous series when `contract` is null) on trading index t. */
export function basisOn(
  v: FuturesVariety,
  contract: FuturesContract | null,
  t: number,
  indicator: SpotIndicator,
): BasisPoint | null {
  const day = tradingDayAt(t);
  const held = contract ?? mainContractOf(v, day);
  if (!held) return null;
  const quote = contractQuote(held, t);
  const { spot, converted } = spotOn(v, t, indicator);
  const closeBasis = round(converted - quote.close, 4);
  const settleBasis = round(converted - quote.settle, 4);
  return {
    date: day,
    spot,
    convertedSpot: converted,
    close: quote.close,
    settle: quote.settle,
    closeBasis,
    settleBasis,
    closeRatePct: round((closeBasis / quote.close) * 100, 4),
    settleRatePct: round((settleBasis / quote.settle) * 100, 4),
  };
}

/** Main-continuous code of a variety (as in the code table). */
export function mainContinuousCode(v: FuturesVariety): string {
  return `${v.code}ZL.${FUTURES_SUFFIX[v.exchange]}`;
}

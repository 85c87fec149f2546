import { adjustmentFactor, closeAt, dailyBar, firstBarIndex } from './prices';
import { Rng, fnv1a, mixAll, round } from './random';
import { allStocks, type Stock } from './universe';

/**
 * The dragon-tiger list of a trading day, derived from the simulated bars: a stock is listed when its
 * day qualifies (close change of 7% or more either way, amplitude of 15%, or turnover of 20% of the float;
 * a 3-day record on the day the 3-day cumulative change first reaches 20%, 30% on ChiNext and STAR). The five top buying and selling branches
 * and their amounts are seeded per stock, day and range, so the list and the institution detail agree.
 */

export type DepartmentKind = 'org' | 'hot' | 'north' | 'broker';

export interface Department {
  id: string;
  name: string;
  amount: number;
  kind: DepartmentKind;
  /** Hot-money nickname when kind = hot. */
  seat: string | null;
}

export interface DtRecord {
  stock: Stock;
  rangeDays: 1 | 3;
  startIndex: number;
  endIndex: number;
  /** Close change over the range as a fraction (ex-rights aware). */
  change: number;
  reason: string;
  /** Traded amount over the range (CNY). */
  turnover: number;
  buy: Department[];
  sell: Department[];
  buyValue: number;
  sellValue: number;
  orgBuyValue: number;
  orgSellValue: number;
  orgBuyNum: number;
  orgSellNum: number;
  /** Net of each hot-money seat on this record. */
  hotSeats: { seat: string; net: number }[];
}

// prettier-ignore
export const HOT_MONEY_SEATS: readonly (readonly [string, string])[] = [
  ['章盟主', '国泰君安证券股份有限公司上海江苏路证券营业部'],
  ['炒股养家', '华鑫证券有限责任公司上海宛平南路证券营业部'],
  ['赵老哥', '中国银河证券股份有限公司北京阜成路证券营业部'],
  ['方新侠', '兴业证券股份有限公司陕西分公司'],
  ['作手新一', '国泰君安证券股份有限公司南京太平南路证券营业部'],
  ['小鳄鱼', '南京证券股份有限公司南京大钟亭证券营业部'],
  ['宁波桑田路', '国盛证券有限责任公司宁波桑田路证券营业部'],
  ['上塘路', '财通证券股份有限公司杭州上塘路证券营业部'],
  ['溧阳路', '中信证券股份有限公司上海溧阳路证券营业部'],
  ['T王', '中国银河证券股份有限公司宁波翠柏路证券营业部'],
  ['量化打板', '华泰证券股份有限公司总部'],
  ['欢乐海岸', '中泰证券股份有限公司深圳欢乐海岸证券营业部'],
  ['佛山系', '光大证券股份有限公司佛山绿景路证券营业部'],
  ['成都系', '华泰证券股份有限公司成都南一环路第二证券营业部'],
  ['消闲派', '中信证券股份有限公司杭州延安路证券营业部'],
  ['北京炒家', '中国银河证券股份有限公司北京中关村大街证券营业部'],
  ['瑞鹤仙', '东方证券股份有限公司上海浦东新区源深路证券营业部'],
  ['交易猿', '华鑫证券有限责任公司上海分公司'],
  ['苏南帮', '华泰证券股份有限公司无锡金融一街证券营业部'],
];

// prettier-ignore
const BROKER_BRANCHES: readonly string[] = [
  '东方财富证券股份有限公司拉萨团结路第二证券营业部', '东方财富证券股份有限公司拉萨东环路第二证券营业部',
  '东方财富证券股份有限公司拉萨金融城南环路证券营业部', '华泰证券股份有限公司浙江分公司',
  '招商证券股份有限公司深圳蛇口工业七路证券营业部', '国信证券股份有限公司浙江互联网分公司',
  '开源证券股份有限公司西安太华路证券营业部', '甬兴证券有限公司青岛分公司',
  '中国中金财富证券有限公司北京宋庄路证券营业部', '湘财证券股份有限公司上海陆家嘴证券营业部',
  '申万宏源证券有限公司上海闵行区东川路证券营业部', '方正证券股份有限公司杭州延安路证券营业部',
  '广发证券股份有限公司深圳深南大道证券营业部', '中泰证券股份有限公司深圳分公司',
  '平安证券股份有限公司深圳深南东路罗湖商务中心证券营业部', '兴业证券股份有限公司福州湖东路证券营业部',
  '长城证券股份有限公司仙桃钱沟路证券营业部', '东莞证券股份有限公司北京分公司',
  '中信建投证券股份有限公司北京东城分公司', '国金证券股份有限公司上海互联网证券分公司',
  '海通证券股份有限公司上海建国西路证券营业部', '光大证券股份有限公司宁波解放南路证券营业部',
  '中国银河证券股份有限公司绍兴证券营业部', '财通证券股份有限公司温岭东辉北路证券营业部',
];

const ORG = '机构专用';
const SALT = 0x27d4eb2f;

function departmentId(name: string): string {
  return name === ORG ? '10000000' : String(10000001 + (fnv1a(name) % 89999999));
}

function departments(rng: Rng, stock: Stock, total: number): Department[] {
  const weights = [0, 1, 2, 3, 4].map((k) => Math.exp(-0.45 * k) * rng.range(0.7, 1.3));
  const sum = weights.reduce((a, b) => a + b, 0);
  const orgChance = stock.floatShares * stock.refPrice > 3e10 ? 0.2 : 0.1;
  return weights.map((w) => {
    const amount = round((total * w) / sum, 2);
    const r = rng.next();
    if (r < orgChance) return { id: departmentId(ORG), name: ORG, amount, kind: 'org', seat: null };
    if (r < orgChance + 0.14) {
      const [seat, branch] = rng.pick(HOT_MONEY_SEATS);
      return { id: departmentId(branch), name: branch, amount, kind: 'hot', seat };
    }
    if (r < orgChance + 0.2 && stock.exchange !== 'BJ') {
      const name = stock.exchange === 'SH' ? '沪股通专用' : '深股通专用';
      return { id: departmentId(name), name, amount, kind: 'north', seat: null };
    }
    const name = rng.pick(BROKER_BRANCHES);
    return { id: departmentId(name), name, amount, kind: 'broker', seat: null };
  });
}

function record(
  stock: Stock,
  rangeDays: 1 | 3,
  start: number,
  end: number,
  change: number,
  reason: string,
  turnover: number,
): DtRecord {
  const rng = new Rng(mixAll(stock.seed ^ SALT, end, rangeDays));
  const buyShare = rng.range(0.06, 0.3);
  const sellShare = buyShare * (change > 0 ? rng.range(0.4, 1.15) : rng.range(0.9, 2));
  const buy = departments(rng, stock, turnover * buyShare);
  const sell = departments(rng, stock, turnover * Math.min(0.45, sellShare));
  const sumOf = (list: Department[], kind?: DepartmentKind) =>
    round(
      list.filter((d) => kind === undefined || d.kind === kind).reduce((a, d) => a + d.amount, 0),
      2,
    );
  const seats = new Map<string, number>();
  for (const d of buy) if (d.seat) seats.set(d.seat, (seats.get(d.seat) ?? 0) + d.amount);
  for (const d of sell) if (d.seat) seats.set(d.seat, (seats.get(d.seat) ?? 0) - d.amount);
  return {
    stock,
    rangeDays,
    startIndex: start,
    endIndex: end,
    change: round(change, 4),
    reason,
    turnover,
    buy,
    sell,
    buyValue: sumOf(buy),
    sellValue: sumOf(sell),
    orgBuyValue: sumOf(buy, 'org'),
    orgSellValue: sumOf(sell, 'org'),
    orgBuyNum: buy.filter((d) => d.kind === 'org').length,
    orgSellNum: sell.filter((d) => d.kind === 'org').length,
    hotSeats: [...seats].map(([seat, net]) => ({ seat, net: round(net, 2) })),
  };
}

function recordsOfStock(stock: Stock, t: number): DtRecord[] {
  if (firstBarIndex(stock) > t - 5) return [];
  const bar = dailyBar(stock, t);
  if (!bar) return [];
  const out: DtRecord[] = [];
  const change = bar.close / bar.ref - 1;
  const amplitude = (bar.high - bar.low) / bar.ref;
  const turnoverRate = bar.volume / bar.floatShares;
  let reason: string | null = null;
  if (change >= 0.07) reason = '日涨幅偏离值达到7%的证券';
  else if (change <= -0.07) reason = '日跌幅偏离值达到7%的证券';
  else if (amplitude >= 0.15) reason = '日振幅值达到15%的证券';
  else if (turnoverRate >= 0.2) reason = '日换手率达到20%的证券';
  if (reason) out.push(record(stock, 1, t, t, change, reason, bar.turnover));
  // Cumulative 3-day deviation: 20% on the main board (30% on ChiNext and STAR, 40% in Beijing, as the
  // exchanges' rules scale with the price limit); recorded on the day it is first reached.
  const threshold = stock.board === 'main' ? 0.2 : stock.board === 'bse' ? 0.4 : 0.3;
  const adjusted = (k: number) => closeAt(stock, t - k) * adjustmentFactor(stock, t - k);
  const cumulative = adjusted(0) / adjusted(3) - 1;
  const previous = adjusted(1) / adjusted(4) - 1;
  if (Math.abs(cumulative) >= threshold && Math.abs(previous) < threshold) {
    let turnover = bar.turnover;
    for (const k of [1, 2]) turnover += dailyBar(stock, t - k)?.turnover ?? 0;
    const pct = Math.round(threshold * 100);
    const text =
      cumulative > 0
        ? `连续三个交易日内，涨幅偏离值累计达到${pct}%的证券`
        : `连续三个交易日内，跌幅偏离值累计达到${pct}%的证券`;
    out.push(record(stock, 3, t - 2, t, cumulative, text, turnover));
  }
  return out;
}

const cache = new Map<number, DtRecord[]>();

/** Every record of a trading day, largest net buying first. */
export function dragonTigerRecords(index: number): readonly DtRecord[] {
  const hit = cache.get(index);
  if (hit) return hit;
  const out: DtRecord[] = [];
  for (const stock of allStocks()) out.push(...recordsOfStock(stock, index));
  out.sort((a, b) => b.buyValue - b.sellValue - (a.buyValue - a.sellValue) || a.stock.index - b.stock.index);
  if (cache.size >= 32) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(index, out);
  return out;
}

/** Records of one stock on a trading day (1-day and 3-day when both exist). */
export function dragonTigerOfStock(stock: Stock, index: number): DtRecord[] {
  return dragonTigerRecords(index).filter((r) => r.stock === stock);
}

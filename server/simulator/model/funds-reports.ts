import { midnightMs, tradingIndexOnOrBefore } from './calendar';
import { Rng, fnv1a, mix, round, tri, unit } from './random';
import type { Fund, FundKind } from './funds';
import { accumulatedAt, adjAt, navSeries, scaleAt, unitAt, unitsAt } from './funds-nav';
import { allocationAt, turnoverRate, type Report } from './funds-portfolio';

/**
 * Figures of the semi-annual and annual reports: financial indicators, income statement and balance
 * sheet (all derived from the net-value series, the units outstanding and the asset allocation, so that
 * the period profit is what the net value earned), the holder structure and the top holders.
 */

export interface FundFinancials {
  readonly report: Report;
  readonly indicators: {
    distribution_profit: number;
    current_profit: number;
    current_income: number;
    distribution_share_profit: number;
    average_nav_profit_margin: number;
    average_share_current_profit: number;
    share_nav: number;
    sum_share_nav: number;
    asset_nav: number;
    sum_nav_rate: number;
    nav_rate: number;
  };
  readonly income: {
    income: number;
    total_income: number;
    investment_income: number;
    stock_investment_income: number;
    bond_investment_income: number;
    fund_investment_income: number;
    dividend_income: number;
    interest_income: number;
    fair_value_income: number;
    exchange_income: number;
    other_income: number;
    fee: number;
    total_fee: number;
    manager_reward: number;
    custodian_fee: number;
    transaction_cost: number;
    tax_surcharge: number;
    total_profit: number;
    net_profit: number;
  };
  readonly balance: {
    total_assets: number;
    bank_deposit: number;
    fund_investment: number;
    stock_investment: number;
    bond_investment: number;
    transactional_financial_assets: number;
    other_assets: number;
    total_liability: number;
    other_liability: number;
    owner_total_equity: number;
    undistributed_profit: number;
    liability_and_owner_equity: number;
  };
}

const cny = (x: number) => round(x, 2);

const cache = new Map<string, FundFinancials>();

export function financialsOf(fund: Fund, r: Report): FundFinancials {
  const key = `${fund.thscode}|${r.type}|${r.endDay}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const series = navSeries(fund);
  // Net value before the period (inception for the first one) and at its end.
  const a = Math.max(series.first, tradingIndexOnOrBefore(r.startDay - 1));
  const b = tradingIndexOnOrBefore(r.endDay);
  let profit = 0;
  let sumNa = 0;
  let sumUnits = 0;
  for (let t = a + 1; t <= b; t++) {
    const paid = series.dividends.find((d) => d.index === t)?.cash ?? 0;
    profit += unitsAt(series, t - 1) * (unitAt(series, t) - unitAt(series, t - 1) + paid);
    sumNa += scaleAt(series, t);
    sumUnits += unitsAt(series, t);
  }
  const days = Math.max(1, b - a);
  const avgNa = sumNa / days || scaleAt(series, b);
  const avgUnits = sumUnits / days || unitsAt(series, b);
  const frac = (r.endDay - r.startDay + 1) / 365;
  const alloc = allocationAt(fund, r.endDay);
  const rng = new Rng(mix(fund.seed ^ 0x7f4a7c15, r.endDay));

  const managerReward = (fund.managementFee / 100) * avgNa * frac;
  const custodian = (fund.custodyFee / 100) * avgNa * frac;
  const salesService = (fund.salesServiceFee / 100) * avgNa * frac;
  const transaction = (turnoverRate(fund, r) / 100) * (alloc.stock / 100) * avgNa * frac * 0.0012;
  const otherFees = 120_000 * frac;
  const fee = managerReward + custodian + salesService + transaction + otherFees;
  const tax = 0.0002 * avgNa * (alloc.bond / 100) * frac;
  const totalFee = fee + tax;
  const totalIncome = profit + totalFee;
  const dividendIncome = (alloc.stock / 100) * avgNa * 0.018 * frac;
  const interest = ((alloc.bond / 100) * 0.028 + (alloc.deposit / 100) * 0.012) * avgNa * frac;
  const exchange = fund.kind === 'qdii' ? avgNa * 0.004 * tri(mix(fund.seed, r.endDay)) : 0;
  let other = avgNa * 0.00005 * frac;
  const rest = totalIncome - dividendIncome - interest - exchange - other;
  const realized = rest * rng.range(0.3, 0.7);
  const fairValue = rest - realized;
  const invested = alloc.stock + alloc.bond + alloc.fund;
  const part = (w: number) => (invested > 0 ? (realized * w) / invested : 0);
  // Gold and infrastructure funds realise their gains outside securities.
  if (invested <= 0) other += realized;
  const stockIncome = part(alloc.stock);
  const bondIncome = part(alloc.bond);
  const fundIncome = part(alloc.fund);
  const investmentIncome = stockIncome + bondIncome + fundIncome + dividendIncome;

  const na = scaleAt(series, b);
  const units = unitsAt(series, b);
  const par = unitAt(series, series.first);
  const undistributed = na - units * par;
  const distributable = undistributed > 0 ? undistributed * rng.range(0.6, 0.95) : undistributed;

  const stock = (na * alloc.stock) / 100;
  const bond = (na * alloc.bond) / 100;
  const held = (na * alloc.fund) / 100;
  const deposit = (na * alloc.deposit) / 100;
  const liability = Math.max(0, stock + bond + held + deposit - na) + na * rng.range(0.003, 0.015);
  const totalAssets = na + liability;

  const result: FundFinancials = {
    report: r,
    indicators: {
      distribution_profit: cny(distributable),
      current_profit: cny(profit),
      current_income: cny(profit - fairValue),
      distribution_share_profit: round(distributable / units, 4),
      average_nav_profit_margin: round((profit / avgNa) * 100, 2),
      average_share_current_profit: round(profit / avgUnits, 4),
      share_nav: unitAt(series, b),
      sum_share_nav: accumulatedAt(series, b),
      asset_nav: na,
      sum_nav_rate: round((adjAt(series, b) / adjAt(series, series.first) - 1) * 100, 2),
      nav_rate: round((adjAt(series, b) / adjAt(series, a) - 1) * 100, 2),
    },
    income: {
      income: cny(totalIncome),
      total_income: cny(totalIncome),
      investment_income: cny(investmentIncome),
      stock_investment_income: cny(stockIncome),
      bond_investment_income: cny(bondIncome),
      fund_investment_income: cny(fundIncome),
      dividend_income: cny(dividendIncome),
      interest_income: cny(interest),
      fair_value_income: cny(fairValue),
      exchange_income: cny(exchange),
      other_income: cny(other),
      fee: cny(fee),
      total_fee: cny(totalFee),
      manager_reward: cny(managerReward),
      custodian_fee: cny(custodian),
      transaction_cost: cny(transaction),
      tax_surcharge: cny(tax),
      total_profit: cny(profit),
      net_profit: cny(profit),
    },
    balance: {
      total_assets: cny(totalAssets),
      bank_deposit: cny(deposit),
      fund_investment: cny(held),
      stock_investment: cny(stock),
      bond_investment: cny(bond),
      transactional_financial_assets: cny(stock + bond + held),
      other_assets: cny(totalAssets - stock - bond - held - deposit),
      total_liability: cny(liability),
      other_liability: cny(liability * 0.3),
      owner_total_equity: na,
      undistributed_profit: cny(undistributed),
      liability_and_owner_equity: cny(totalAssets),
    },
  };
  if (cache.size > 2000) cache.clear();
  cache.set(key, result);
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Holders

export type Basis = 'merged' | 'separate';

export interface HolderStructure {
  basis: Basis;
  reportDateMs: number;
  insPosition: number;
  holderAmount: number;
  avgHolderShare: number;
  psnlRate: number;
  staffRate: number;
}

const INSTITUTIONAL: Record<FundKind, [number, number]> = {
  equity: [5, 30],
  hybrid: [5, 35],
  bond: [55, 98],
  money: [5, 25],
  index: [30, 85],
  qdii: [10, 45],
  commodity: [30, 70],
  reit: [70, 92],
};

const AVG_SHARE: Record<FundKind, number> = {
  equity: 30_000,
  hybrid: 35_000,
  bond: 400_000,
  money: 60_000,
  index: 25_000,
  qdii: 20_000,
  commodity: 40_000,
  reit: 150_000,
};

/** Which bases a fund discloses (single-class funds report their class only). */
export function disclosedBases(fund: Fund): Basis[] {
  return fund.disclosure === 'both' ? ['merged', 'separate'] : [fund.disclosure];
}

export function holderStructure(fund: Fund, r: Report, basis: Basis): HolderStructure {
  const series = navSeries(fund);
  const b = tradingIndexOnOrBefore(r.endDay);
  const rng = new Rng(mix(fund.seed ^ (basis === 'merged' ? 0x68e31da4 : 0x1f83d9ab), r.endDay));
  const [lo, hi] = INSTITUTIONAL[fund.kind];
  const classUnits = unitsAt(series, b);
  const otherClass = 0.2 + 1.3 * unit(mix(fund.seed, 0x5be0cd19));
  const units = basis === 'merged' && fund.shareClass !== null ? classUnits * (1 + otherClass) : classUnits;
  const ins = round(rng.range(lo, hi), 2);
  const avg = rng.logNormal(AVG_SHARE[fund.kind], 0.5);
  const holders = Math.max(1, Math.round(units / avg));
  return {
    basis,
    reportDateMs: midnightMs(r.endDay),
    insPosition: ins,
    holderAmount: holders,
    avgHolderShare: round(units / holders, 2),
    psnlRate: round(100 - ins, 2),
    staffRate: round(rng.range(0, fund.kind === 'money' ? 0.5 : 0.2), 4),
  };
}

export interface TopHolder {
  holderId: string;
  holderCode: string | null;
  holderName: string;
  holderType: string;
  rank: number;
  holdShare: number;
  holdRatePct: number;
}

// prettier-ignore
const INSTITUTIONS: readonly string[] = [
  '中央汇金资产管理有限责任公司', '中国人寿保险股份有限公司-分红-个人分红-005L-FH002沪', '中国平安人寿保险股份有限公司-分红-个险分红',
  '华泰证券股份有限公司', '中信证券股份有限公司', '国泰海通证券股份有限公司', '招商证券股份有限公司', '全国社保基金一一四组合',
  '基本养老保险基金一二零二组合', '香港中央结算有限公司', '太平人寿保险有限公司-传统-普通保险产品',
  '新华人寿保险股份有限公司-分红-个人分红-018L-FH002沪', '中国银河证券股份有限公司', '东方财富证券股份有限公司',
  '中国太平洋人寿保险股份有限公司-传统-普通保险产品', '阳光人寿保险股份有限公司-传统保险产品', '摩根士丹利国际股份有限公司',
  'UBS AG', '申万宏源证券有限公司', '中国国际金融股份有限公司',
];

const SPONSORS: Record<string, string> = {
  '508000.SH': '上海张江(集团)有限公司',
  '508001.SH': '浙江沪杭甬高速公路股份有限公司',
  '508027.SH': '苏州工业园区建屋产业园开发有限公司',
  '508056.SH': '普洛斯中国控股有限公司',
  '180101.SZ': '招商局蛇口工业区控股股份有限公司',
  '180201.SZ': '广州交通投资集团有限公司',
  '180301.SZ': '深圳市盐田港集团有限公司',
};

// prettier-ignore
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '林', '罗', '高'];
// prettier-ignore
const GIVEN = ['建国', '秀英', '志强', '丽华', '海燕', '伟民', '淑珍', '国平', '玉兰', '德明', '桂芳', '永红', '晓明', '春梅', '文杰'];

/** The ten largest holders of a listed fund on a report (off-exchange funds publish no such list). */
export function topHolders(fund: Fund, r: Report): TopHolder[] {
  if (fund.fundType === 'otc') return [];
  const series = navSeries(fund);
  const units = unitsAt(series, tradingIndexOnOrBefore(r.endDay));
  const structure = holderStructure(fund, r, fund.disclosure === 'merged' ? 'merged' : 'separate');
  const rng = new Rng(mix(fund.seed ^ 0x0a3e1c2d, r.endDay));
  const sponsor = SPONSORS[fund.thscode];
  const names = rng.shuffle(INSTITUTIONS).slice(0, 7);
  // Shares fall off with rank; institutions' total stays under their disclosed share.
  const budget = (structure.insPosition / 100) * 0.8;
  const rows: { name: string; type: string; code: string | null; share: number }[] = [];
  if (sponsor)
    rows.push({ name: sponsor, type: '原始权益人', code: code(sponsor), share: rng.range(0.2, 0.34) });
  if (['hs300', 'sse50', 'csi500', 'chinext', 'star50'].includes(fund.theme) && fund.kind === 'index') {
    rows.push({
      name: '中央汇金投资有限责任公司',
      type: '机构投资者',
      code: code('中央汇金投资有限责任公司'),
      share: rng.range(0.08, 0.3),
    });
  }
  let weight = rng.range(0.08, 0.16);
  for (const name of names) {
    if (rows.some((x) => x.name === name)) continue;
    rows.push({ name, type: '机构投资者', code: code(name), share: weight });
    weight *= rng.range(0.55, 0.85);
  }
  for (let i = 0; rows.length < 10; i++) {
    const name = `${rng.pick(SURNAMES)}${rng.pick(GIVEN)}`;
    if (rows.some((x) => x.name === name)) continue;
    rows.push({ name, type: '个人投资者', code: null, share: rng.range(0.0005, 0.004) });
  }
  const instTotal = rows.filter((x) => x.code !== null).reduce((a, b2) => a + b2.share, 0);
  const scale = instTotal > budget ? budget / instTotal : 1;
  return rows
    .map((x) => ({ ...x, share: x.code !== null ? x.share * scale : x.share }))
    .sort((a, b2) => b2.share - a.share)
    .map((x, i) => ({
      holderId: String(fnv1a(`holder|${x.name}`)),
      holderCode: x.code,
      holderName: x.name,
      holderType: x.type,
      rank: i + 1,
      holdShare: Math.round((units * x.share) / 100) * 100,
      holdRatePct: round(x.share * 100, 2),
    }));
}

function code(name: string): string {
  return String(80000000 + (fnv1a(`org|${name}`) % 10000000));
}

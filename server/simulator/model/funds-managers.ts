import { tradingIndexOnOrAfter, tradingIndexOnOrBefore, tradingDayAt } from './calendar';
import { Rng, at, round } from './random';
import { THEMES, tenuresOn, type Fund, type FundManager, type Theme } from './funds';
import { adjAt, navSeries, scaleAt, themeLog } from './funds-nav';
import { PEER_THEME } from './funds-peers';
import { disclosedScale } from './funds-portfolio';

/**
 * What the manager operations report, derived from the funds a manager runs: tenure returns, the
 * composite return (equal weights of the managed funds, each from its tenure start), scale and style.
 */

/** A tenure's return from the start day's net value to `end`, percent. */
export function tenureReturn(fund: Fund, startDay: number, end: number): number {
  const series = navSeries(fund);
  const start = Math.max(series.first, tradingIndexOnOrBefore(startDay));
  return round((adjAt(series, end) / adjAt(series, start) - 1) * 100, 2);
}

/** The manager's largest fund on a trading day. */
export function representativeFund(manager: FundManager, end: number): Fund | null {
  let best: Fund | null = null;
  let size = -1;
  for (const t of tenuresOn(manager, tradingDayAt(end))) {
    const s = scaleAt(navSeries(t.fund), end);
    if (s > size) {
      size = s;
      best = t.fund;
    }
  }
  return best;
}

/** Sum of the disclosed sizes of the funds a manager runs. */
export function totalScale(manager: FundManager, today: number, end: number): number {
  return round(
    tenuresOn(manager, tradingDayAt(end)).reduce((a, t) => a + disclosedScale(t.fund, today, end), 0),
    2,
  );
}

/**
 * Cumulative composite return (percent) at each trading index in [from, to]: the mean daily return of
 * the funds under management that day.
 */
export function compositeReturns(manager: FundManager, from: number, to: number): number[] {
  const tenures = tenuresOn(manager, tradingDayAt(to)).map((t) => ({
    series: navSeries(t.fund),
    start: Math.max(navSeries(t.fund).first, tradingIndexOnOrAfter(t.startDay)),
  }));
  const out: number[] = [];
  let level = 1;
  for (let t = from; t <= to; t++) {
    if (t > from) {
      let sum = 0;
      let n = 0;
      for (const x of tenures) {
        if (t <= x.start) continue;
        sum += adjAt(x.series, t) / adjAt(x.series, t - 1) - 1;
        n++;
      }
      level *= 1 + (n > 0 ? sum / n : 0);
    }
    out.push(round((level - 1) * 100, 2));
  }
  return out;
}

/** Cumulative return (percent) of a theme index at each trading index in [from, to]. */
export function themeReturns(theme: Theme, from: number, to: number): number[] {
  const level = themeLog(theme);
  const out: number[] = [];
  for (let t = from; t <= to; t++) out.push(round((Math.exp(at(level, t) - at(level, from)) - 1) * 100, 2));
  return out;
}

/** The benchmark of a fund: its own index when passive, a broad one otherwise. */
export function benchmarkTheme(fund: Fund): Theme {
  if (fund.passive || fund.kind === 'qdii' || fund.kind === 'reit' || fund.kind === 'commodity')
    return fund.theme;
  if (fund.kind === 'bond' || fund.kind === 'money') return fund.kind;
  return 'hs300';
}

export function peerTheme(fund: Fund): Theme {
  return PEER_THEME[fund.kind];
}

/** First trading index of the manager's current tenures. */
export function careerIndex(manager: FundManager, end: number): number {
  const starts = tenuresOn(manager, tradingDayAt(end)).map((t) =>
    Math.max(navSeries(t.fund).first, tradingIndexOnOrAfter(t.startDay)),
  );
  return Math.min(end, ...starts);
}

const IDEAS: Partial<Record<Theme, string>> = {
  value: '坚持价值投资，自下而上精选估值合理、现金流稳定、分红持续的优质公司，以合理价格长期持有。',
  growth: '聚焦景气度向上的成长赛道，精选具备核心竞争力和业绩持续高增长的公司，注重估值与成长的匹配。',
  tech: '围绕科技创新主线，深度研究半导体、软件与智能硬件产业链，把握国产替代和技术突破带来的机会。',
  medical: '深耕医药医疗领域，重视创新药、医疗器械和医疗服务的长期成长性，严格控制个股集中度风险。',
  consumer: '关注消费升级与品牌力，偏好竞争格局稳定、定价能力强的消费龙头，追求长期稳健回报。',
  bond: '以利率债和高等级信用债为底仓，灵活调整久期与杠杆，严控信用风险，追求绝对收益。',
  money: '以流动性管理为首要目标，配置短久期高评级资产，在保证安全性的前提下获取稳定收益。',
  hkconnect: '立足港股市场的估值优势，精选互联网、消费与高股息龙头，兼顾成长与安全边际。',
};

export function investmentIdea(fund: Fund | null): string | null {
  if (!fund) return null;
  if (fund.passive) {
    return `采用被动式指数化投资，紧密跟踪${THEMES[fund.theme].index}，力求跟踪偏离度和跟踪误差最小化。`;
  }
  return IDEAS[fund.theme] ?? IDEAS.growth ?? null;
}

export function resume(manager: FundManager): string {
  const r = Rng.of(manager.id, 'resume');
  const school = r.pick([
    '北京大学',
    '清华大学',
    '复旦大学',
    '上海交通大学',
    '中国人民大学',
    '浙江大学',
    '南开大学',
  ]);
  const before = r.pick(['证券公司研究所', '保险资产管理公司', '私募基金', '会计师事务所']);
  const year = Number(new Date(manager.careerStartDay * 86_400_000).getUTCFullYear());
  return `${manager.name}，${school}${manager.degree}。曾任职于${before}，从事行业研究工作，${year - r.int(3, 8)}年加入${manager.company.name}，历任研究员、基金经理助理，${year}年起担任基金经理。`;
}

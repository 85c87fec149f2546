import { catalog } from '../../../src/contract/catalog';
import { ErrorCode } from '../../../src/contract/envelope';
import { SimError, defineHandler } from '../route';
import { barFields, barRange, clockOf } from './common';
import { requireFund } from './fund-common';
import { midnightMs } from '../model/calendar';
import type { MarketClock } from '../model/session';
import type { Fund } from '../model/funds';
import { etfBarAsOf, forwardFactor, latestEtfBar } from '../model/funds-market';
import { round } from '../model/random';

/** Exchange market data is open for ETFs only: LOFs, off-exchange funds and REITs get 3004. */
function requireEtf(thscode: string, clock: MarketClock): Fund {
  const fund = requireFund(thscode, clock);
  if (fund.instrument.assetType !== 'fund-etf') {
    throw new SimError(
      ErrorCode.UNSUPPORTED_TYPE,
      `Market data is available for ETFs only; ${thscode} is a ${fund.instrument.assetType} fund`,
    );
  }
  return fund;
}

export const fundMarketRoutes = [
  defineHandler(catalog['fund/market/snapshot'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireEtf(params.thscode, clock);
    const bar = latestEtfBar(fund, clock);
    if (!bar) return { timestamp: null, item: [] };
    return {
      timestamp: clock.barTimeMs,
      item: [
        {
          thscode: fund.thscode,
          ticker: fund.ticker,
          last_price: bar.close,
          open_price: bar.open,
          high_price: bar.high,
          low_price: bar.low,
          prev_price: bar.ref,
          price_change_ratio_pct: round((bar.close / bar.ref - 1) * 100, 2),
          price_change: round(bar.close - bar.ref, 3),
          price_amplitude_ratio_pct: round(((bar.high - bar.low) / bar.ref) * 100, 2),
          volume: bar.volume,
          turnover: bar.turnover,
          turnover_ratio_pct: round((bar.volume / bar.units) * 100, 4),
        },
      ],
    };
  }),

  defineHandler(catalog['fund/market/historical'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const fund = requireEtf(params.thscode, clock);
    const { from, to } = barRange(params.start, params.end, fund.inceptionIndex, clock.barIndex);
    const item = [];
    for (let t = from; t <= to; t++) {
      const bar = etfBarAsOf(fund, t, clock);
      if (!bar) continue;
      const f = forwardFactor(fund, t, clock.barIndex);
      item.push({
        date_ms: midnightMs(bar.day),
        ...barFields(bar, (p) => round(p * f, 3)),
      });
    }
    const newest = item[item.length - 1];
    return {
      timestamp: newest ? newest.date_ms : null,
      thscode: fund.thscode,
      // No `adjust` key: the docs say fund bars have none.
      interval: '1d',
      item,
    };
  }),
];

import { catalog } from '../../../src/contract/catalog';
import { addYearsToDate } from '../../../src/contract/time';
import { compactDateOf, dateOf, dayOf, midnightMs, tradingDaysBetween } from '../model/calendar';
import { corporateEvents } from '../model/prices';
import { defineHandler } from '../route';
import { clockOf, requireStock } from './common';

export const calendarRoutes = [
  defineHandler(catalog['a-share/calendar/trading-days'], (_params, ctx) => {
    const clock = clockOf(ctx.now);
    const from = dayOf(addYearsToDate(dateOf(clock.today), -1));
    return {
      timestamp: midnightMs(clock.today),
      item: tradingDaysBetween(from, clock.today).map((day) => ({
        date_ms: midnightMs(day),
        date: compactDateOf(day),
      })),
    };
  }),

  defineHandler(catalog['a-share/corporate-actions/adjustment-factors'], (params, ctx) => {
    const clock = clockOf(ctx.now);
    const stock = requireStock(params.thscode, clock);
    const item = corporateEvents(stock)
      .filter((e) => {
        const date = dateOf(e.day);
        return (
          e.day <= clock.today &&
          (params.from === undefined || date >= params.from) &&
          (params.to === undefined || date <= params.to)
        );
      })
      .reverse()
      .map((e) => ({
        ticker: stock.ticker,
        ex_date_ms: midnightMs(e.day),
        dividend_per_share: e.dividend,
        per_share_bonus: e.bonus,
      }));
    return { thscode: stock.thscode, ticker: stock.ticker, item };
  }),
];

import { z } from 'zod';
import { BACKTEST_FREQUENCIES, BACKTEST_PLAN_LIMITS } from './fund-tools-terms';

/**
 * A back-test plan as the dashboard keeps it (in a link, and as its form's output) before it becomes the
 * `fund/backtest/result` parameters. Builders, so that importing this file builds nothing.
 */

/** One condition: indicator code, operator and threshold, as the service's indicator list offers them. */
export const buildBacktestConditionSchema = () =>
  z.object({
    i: z.string().regex(/^[\w.-]{1,64}$/),
    o: z.string().regex(/^[<>=!]{1,2}$/),
    v: z.number().finite(),
  });

/** Buy and sell conditions, check frequency, most buys (`n`) and amount per buy (`a`). */
export const buildBacktestPlanSchema = () =>
  z.object({
    buy: z.array(buildBacktestConditionSchema()).min(1).max(BACKTEST_PLAN_LIMITS.conditions),
    sell: z.array(buildBacktestConditionSchema()).max(BACKTEST_PLAN_LIMITS.conditions),
    f: z.enum(BACKTEST_FREQUENCIES),
    n: z.number().int().min(1).max(BACKTEST_PLAN_LIMITS.maxBuys),
    a: z.number().positive().max(BACKTEST_PLAN_LIMITS.perBuyMax),
  });

export type BacktestPlan = z.output<ReturnType<typeof buildBacktestPlanSchema>>;

import { z } from 'zod';
import { ErrorCode } from './envelope';
import { A_SHARE_CODE_RE, canonicalCode, code, fail, int, ms, oneOf } from './params';
import { TAPE_MAX_DAYS } from './market-data';

/**
 * The parameters of the plane's routes (src/contract/market-data.ts), built with the contract's parameter
 * builders: a module of their own, so that pages reading the plane's answer shapes do not load the builders.
 */

/** Parameters of `MARKET_DATA_ROUTES.daily` (checked as the /api operations are, codes 1001-1004). */
export const panelDailyParamsSchema = z
  .object({
    thscode: code({ pattern: A_SHARE_CODE_RE }),
    adjust: oneOf(['none', 'forward', 'backward']).default('forward'),
    start: ms().optional(),
    end: ms().optional(),
  })
  .check((ctx) => {
    const { start, end } = ctx.value;
    if (start !== undefined && end !== undefined && end < start)
      fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
  });
export type PanelDailyParams = z.output<typeof panelDailyParamsSchema>;

const TAPE_CODE_RE = /^[0-9A-Z]{6}\.(SH|SZ|BJ|TI)$/;
const TAPE_CODE_RULE = 'must be a stock, index or sector code: six characters, a dot, SH, SZ, BJ or TI';

/** `GET MARKET_DATA_BASE_PATH + MARKET_DATA_ROUTES.intraday` parameters. */
export const intradayParamsSchema = z.object({
  thscode: z
    .string()
    .transform(canonicalCode)
    .pipe(code({ pattern: TAPE_CODE_RE, rule: TAPE_CODE_RULE })),
  days: int({ min: 1, max: TAPE_MAX_DAYS }).default(1),
});
export type IntradayParams = z.output<typeof intradayParamsSchema>;

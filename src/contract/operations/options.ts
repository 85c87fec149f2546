import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, fail, ms, oneOf } from '../params';
import { barFigures, msOrNull, numOrNull, str, strOrNull } from '../common';
import { ErrorCode } from '../envelope';
import {
  contractYearDigits,
  contractYearText,
  listingYears,
  tradeSession,
  type ContractSearch,
} from './futures';
import { SEARCH_EXCHANGES, SEARCH_LIMIT_MAX } from './meta';
import { OPTION_SESSIONS } from './options-terms';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export { OPTION_SESSIONS } from './options-terms';

/**
 * A full option contract code: exchange-listed ETF options are digits (`10008123.SH`), futures options
 * carry variety, month, C/P and strike, sometimes separated by hyphens (`IO2512-C-4000.CFX`).
 */
export const OPTION_CODE_RE = /^[0-9A-Za-z][0-9A-Za-z-]{0,31}\.[A-Za-z]{2,6}$/;

const optionCode = () =>
  code({ pattern: OPTION_CODE_RE, rule: 'must be a full option contract code such as 10008123.SH' });

/**
 * Options on exchange-traded funds: the variety code is the fund's six digits, and the exchanges name
 * the contracts after the fund's short name, a call or put mark, the month and the strike
 * (`50ETF购7月2800`, `50ETF沽7月2800`). The short names of the listed funds:
 */
export const ETF_OPTION_SHORT_NAMES: Readonly<Record<string, string>> = {
  '510050': '50ETF',
  '510300': '300ETF',
  '510500': '500ETF',
  '588000': '科创50ETF',
  '159919': '沪深300ETF',
  '159915': '创业板ETF',
};

/** The call and put marks of ETF option names. */
export const ETF_OPTION_MARKS = { call: '购', put: '沽' } as const;

/** An option variety as the listing needs it (fields of the variety list). */
export interface OptionVarietyKey {
  variety_code: string | null;
  exchange_code: string | null;
}

/** Letters of a futures or index option variety (`IO`, `CU` of `CU_O`), or null for ETF options. */
function optionRoot(varietyCode: string): string | null {
  return /^[A-Za-z]+/.exec(varietyCode)?.[0]?.toUpperCase() ?? null;
}

/**
 * The instrument searches that list a variety's option contracts (the catalog has no contract list):
 * - ETF options: the fund's short name with the call mark and with the put mark, on the variety's
 *   exchange (four months of a few dozen strikes per side);
 * - index and commodity options, whose codes begin with the variety and the delivery year and month
 *   (`IO2608-C-4000.CFX`): one search per delivery year, as for futures (`listingYears`).
 * A search that returns its limit may have left contracts out; `isListedOptionOf` keeps only the
 * variety's own contracts (a search for `50ETF购` also finds `科创50ETF购…`).
 */
export function optionContractSearches(variety: OptionVarietyKey, today: string): ContractSearch[] {
  const code = variety.variety_code ?? '';
  const short = ETF_OPTION_SHORT_NAMES[code];
  const limit = SEARCH_LIMIT_MAX;
  if (short !== undefined) {
    const exchange = SEARCH_EXCHANGES.find((e) => e === variety.exchange_code?.toUpperCase());
    return [ETF_OPTION_MARKS.call, ETF_OPTION_MARKS.put].map((mark) => ({
      q: `${short}${mark}`,
      asset_type: 'options',
      ...(exchange !== undefined && { exchange }),
      limit,
    }));
  }
  const root = optionRoot(code);
  if (root === null) return [];
  const digits = contractYearDigits(variety.exchange_code);
  return listingYears(today).map((ahead) => ({
    q: `${root}${contractYearText(today, ahead, digits)}`,
    asset_type: 'options',
    limit,
  }));
}

/** Whether a search row is a contract of the variety (see `optionContractSearches`). */
export function isListedOptionOf(row: { thscode: string; name: string }, variety: OptionVarietyKey): boolean {
  const code = variety.variety_code ?? '';
  const short = ETF_OPTION_SHORT_NAMES[code];
  if (short !== undefined)
    return (
      row.name.startsWith(`${short}${ETF_OPTION_MARKS.call}`) ||
      row.name.startsWith(`${short}${ETF_OPTION_MARKS.put}`)
    );
  const root = optionRoot(code);
  return root !== null && new RegExp(`^${root}\\d{3,4}`, 'i').test(row.thscode);
}

export const optionVariety = z.looseObject({
  variety_code: strOrNull,
  name: strOrNull,
  exchange_code: strOrNull,
  exchange_name: strOrNull,
  price_unit: strOrNull,
  trade_unit: strOrNull,
  has_night_session: z.boolean().nullable(),
  margin_rate: numOrNull,
  trade_amount: numOrNull,
  price_coefficient: numOrNull,
  tick_size: numOrNull,
  contract_multiplier: numOrNull,
  transaction_fee: numOrNull,
  exercise_fee: numOrNull,
  /** `physical` or `cash`; unknown values are kept raw. */
  settlement_type: strOrNull,
  trade_sessions: z.array(tradeSession),
});

export const optionContractDetail = z.looseObject({
  timestamp: msOrNull,
  thscode: strOrNull,
  ticker: strOrNull,
  display_code: strOrNull,
  name: strOrNull,
  variety_code: strOrNull,
  pinyin: strOrNull,
  list_date: strOrNull,
  end_date: strOrNull,
  last_trade_date: strOrNull,
  last_delivery_date: strOrNull,
  margin_rate: numOrNull,
  strike_price: numOrNull,
  trade_amount: numOrNull,
  /** Upstream code of the underlying, not guaranteed to be a canonical thscode. */
  underlying_code: strOrNull,
  /** `bermudan`, `american` or `european`. */
  exercise_style: strOrNull,
  /** `call` or `put`. */
  option_type: strOrNull,
});

export const optionTick = z.looseObject({
  timestamp: msOrNull,
  price: numOrNull,
  volume: numOrNull,
  turnover: numOrNull,
});

export const optionBar = z.looseObject({ timestamp: msOrNull, ...barFigures(numOrNull) });

export const optionOperations = defineOperations(
  { group: 'options', access: 'open', source: 'spec' },
  {
    'options/varieties/list': {
      summary: 'Option varieties with exchange, units, margin, fees, settlement and trading sessions',
      params: z.object({}),
      data: z.looseObject({ timestamp: msOrNull, item: z.array(optionVariety) }),
      cache: 'reference',
    },
    'options/contracts/detail': {
      summary: 'Terms of one option contract: underlying, strike, style, type and dates',
      params: z.object({ thscode: optionCode() }),
      data: optionContractDetail,
      cache: 'reference',
    },
    'options/prices/intraday': {
      summary: 'Intraday price points of one option contract for one session',
      params: z.object({
        thscode: optionCode(),
        session: oneOf(OPTION_SESSIONS).default('intraday'),
      }),
      data: z.looseObject({
        timestamp: msOrNull,
        thscode: str,
        date: strOrNull,
        session: str,
        item: z.array(optionTick),
      }),
      cache: 'quote',
    },
    'options/prices/daily': {
      summary: 'Daily bars of one option contract: a start/end window, or the latest 100 bars',
      params: z
        .object({
          thscode: optionCode(),
          start: ms({ positive: true }).optional(),
          end: ms({ positive: true }).optional(),
        })
        .check((ctx) => {
          const { start, end } = ctx.value;
          if (start === undefined && end !== undefined)
            fail(ctx, 'start', ErrorCode.PARAM_CONFLICT, "must be sent together with 'end'");
          else if (start !== undefined && end === undefined)
            fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must be sent together with 'start'");
          else if (start !== undefined && end !== undefined && end < start)
            fail(ctx, 'end', ErrorCode.PARAM_CONFLICT, "must not be earlier than 'start'");
        }),
      data: z.looseObject({
        timestamp: msOrNull,
        thscode: str,
        /** Always `1d`. */
        interval: str,
        item: z.array(optionBar),
      }),
      cache: 'daily',
    },
  },
);

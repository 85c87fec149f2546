import { z } from 'zod';
import { defineOperations } from '../operation';
import { code, text } from '../params';
import { intOrNull, msOrNull, numOrNull, strOrNull } from '../common';
import { SEARCH_LIMIT_MAX, type SEARCH_EXCHANGES } from './meta';

// Spec 001: futures fields are null-able everywhere, including the response time.

/**
 * A futures contract: variety letters, optional month digits or a continuous marker, then an exchange
 * suffix (`.SHF`, `.DCE`, `.CFX` seen; `.ZCE`, `.INE`, `.GFEX` likely). Starting with a letter keeps
 * stock and fund codes out.
 */
export const FUTURES_CODE_RE = /^[A-Za-z]{1,6}[0-9A-Za-z]{0,10}\.[A-Za-z]{2,6}$/;

/** A main-continuous series: the variety's letters and `ZL` (`IFZL.CFX`, `RBZL.SHF`). */
export const MAIN_CONTINUOUS_RE = /^([A-Za-z]{1,4})ZL\.[A-Za-z]{2,6}$/;

/** A dated contract: the variety's letters, then the delivery year and month (`RB2610.SHF`, `SR609.CZC`). */
export const DATED_CONTRACT_RE = /^([A-Za-z]{1,4})(\d{3,4})\.[A-Za-z]{2,6}$/;

export function isMainContinuous(thscode: string): boolean {
  return MAIN_CONTINUOUS_RE.test(thscode);
}

/** The variety code (upper case) of a main-continuous series or a dated contract, or null. */
export function futuresVarietyOf(thscode: string): string | null {
  const match = MAIN_CONTINUOUS_RE.exec(thscode) ?? DATED_CONTRACT_RE.exec(thscode);
  return match?.[1]?.toUpperCase() ?? null;
}

/** CZCE writes the delivery year with one digit (`SR609`); the other exchanges with two (`RB2610`). */
export function contractYearDigits(exchangeCode: string | null): 1 | 2 {
  return (exchangeCode ?? '').toUpperCase() === 'CZCE' ? 1 : 2;
}

/** The year as a contract code writes it, from a `yyyy-MM-dd` day plus `ahead` years. */
export function contractYearText(today: string, ahead: number, digits: 1 | 2): string {
  return String(Number(today.slice(0, 4)) + ahead).slice(-digits);
}

/** Parameters of one instrument search that lists contracts. */
export interface ContractSearch {
  q: string;
  asset_type: 'futures' | 'options';
  exchange?: (typeof SEARCH_EXCHANGES)[number];
  limit: number;
}

/**
 * The catalog lists only the main and secondary-main contracts; every listed month is found through the
 * instrument search. Contract codes are the variety and the delivery year and month, and contracts are
 * listed at most 14 months ahead, so one search per delivery year (this one, the next, and in the last
 * months of a year the one after) finds a variety's months in a dozen rows each, far below the search's
 * limit. `isDatedContractOf` keeps only them.
 */
export function futuresContractSearches(
  varietyCode: string,
  exchangeCode: string | null,
  today: string,
): ContractSearch[] {
  const digits = contractYearDigits(exchangeCode);
  return listingYears(today).map((ahead) => ({
    q: `${varietyCode.toUpperCase()}${contractYearText(today, ahead, digits)}`,
    asset_type: 'futures',
    limit: SEARCH_LIMIT_MAX,
  }));
}

/** Contracts are listed up to this many months ahead (twelve consecutive months from the next one). */
export const LISTING_MONTHS_AHEAD = 14;

/** Years (0 = this one) in which the contracts listed on a `yyyy-MM-dd` day deliver. */
export function listingYears(today: string): number[] {
  const month = Number(today.slice(5, 7));
  const last = Math.floor((month - 1 + LISTING_MONTHS_AHEAD) / 12);
  return Array.from({ length: last + 1 }, (_, ahead) => ahead);
}

export function isDatedContractOf(thscode: string, varietyCode: string): boolean {
  const match = DATED_CONTRACT_RE.exec(thscode);
  return match?.[1]?.toUpperCase() === varietyCode.toUpperCase();
}

/** One trading session, shared with options varieties. */
export const tradeSession = z.looseObject({
  start_time: strOrNull,
  end_time: strOrNull,
  session_type: strOrNull,
});

export const futuresVarietyPlate = z.looseObject({
  variety_code: strOrNull,
  name: strOrNull,
  plate_name: strOrNull,
  plate_level: intOrNull,
});

const contractIdentity = {
  thscode: strOrNull,
  ticker: strOrNull,
  name: strOrNull,
  variety_code: strOrNull,
  variety_name: strOrNull,
  exchange_code: strOrNull,
};

export const futuresMainContinuous = z.looseObject({
  ...contractIdentity,
  minute_visit_count: intOrNull,
  kline_visit_count: intOrNull,
  statistics_date: strOrNull,
});

/** Main and secondary-main contracts share this shape. */
export const futuresMainContract = z.looseObject({
  ...contractIdentity,
  list_date: strOrNull,
  end_date: strOrNull,
  last_trade_date: strOrNull,
  last_delivery_date: strOrNull,
  margin_rate: numOrNull,
  transaction_fee: numOrNull,
  transaction_fee_rate: numOrNull,
});

export const futuresCommodityIndex = z.looseObject({
  thscode: strOrNull,
  ticker: strOrNull,
  name: strOrNull,
  list_date: strOrNull,
  end_date: strOrNull,
});

export const futuresVariety = z.looseObject({
  variety_code: strOrNull,
  quote_code: strOrNull,
  name: strOrNull,
  exchange_code: strOrNull,
  exchange_name: strOrNull,
  price_unit: strOrNull,
  trade_unit: strOrNull,
  main_contract_thscode: strOrNull,
  has_night_session: z.boolean().nullable(),
  margin_rate: numOrNull,
  capital_flow: numOrNull,
  long_short_ratio: numOrNull,
  /** Quantity per trade unit; its unit is given by `trade_unit`. */
  trade_amount: numOrNull,
  price_coefficient: numOrNull,
  tick_size: numOrNull,
  contract_multiplier: numOrNull,
  transaction_fee: numOrNull,
  transaction_fee_rate: numOrNull,
  trade_sessions: z.array(tradeSession).nullable(),
});

const basisFigures = {
  spot_price: numOrNull,
  converted_spot_price: numOrNull,
  close_price: numOrNull,
  settle_price: numOrNull,
  close_basis: numOrNull,
  settle_basis: numOrNull,
  close_basis_rate: numOrNull,
  settle_basis_rate: numOrNull,
};

export const futuresLatestBasis = z.looseObject({
  thscode: strOrNull,
  ticker: strOrNull,
  name: strOrNull,
  variety_name: strOrNull,
  reference_site: strOrNull,
  updated_at: strOrNull,
  spot_publish_date: strOrNull,
  spot_indicator_id: strOrNull,
  default_value: strOrNull,
  ...basisFigures,
  average_close_basis: numOrNull,
  average_settle_basis: numOrNull,
});

export const futuresHistoricalBasis = z.looseObject({ date: strOrNull, ...basisFigures });

function futuresItems<T extends z.ZodType>(item: T) {
  return z.looseObject({ timestamp: msOrNull, item: z.array(item) });
}

const PLANNED = ' (documented as planned for a later release, not yet an external entry point)';

export const futuresOperations = defineOperations(
  { group: 'futures', access: 'open', source: 'spec' },
  {
    'futures/variety-plates/list': {
      planned: true,
      summary: `Futures varieties grouped into plates${PLANNED}`,
      params: z.object({}),
      data: futuresItems(futuresVarietyPlate),
      cache: 'reference',
    },
    'futures/contracts/main-continuous-list': {
      planned: true,
      summary: `Main-continuous futures contracts with visit counts${PLANNED}`,
      params: z.object({}),
      data: futuresItems(futuresMainContinuous),
      cache: 'reference',
    },
    'futures/contracts/main-list': {
      planned: true,
      summary: `Main futures contracts with dates, margin and fees${PLANNED}`,
      params: z.object({}),
      data: futuresItems(futuresMainContract),
      cache: 'reference',
    },
    'futures/contracts/secondary-main-list': {
      planned: true,
      summary: `Secondary-main futures contracts, same fields as the main list${PLANNED}`,
      params: z.object({}),
      data: futuresItems(futuresMainContract),
      cache: 'reference',
    },
    'futures/contracts/commodity-index-list': {
      planned: true,
      summary: `Commodity futures indices${PLANNED}`,
      params: z.object({}),
      data: futuresItems(futuresCommodityIndex),
      cache: 'reference',
    },
    'futures/varieties/list': {
      summary: 'Futures varieties with exchange, units, margin, fees and trading sessions',
      params: z.object({}),
      data: futuresItems(futuresVariety),
      cache: 'reference',
    },
    'futures/basis/main-continuous-latest': {
      summary: 'Latest spot-futures basis of every main-continuous contract',
      params: z.object({}),
      data: futuresItems(futuresLatestBasis),
      cache: 'intraday',
    },
    'futures/basis/historical': {
      summary: 'Daily basis history of one futures contract against a spot indicator',
      params: z.object({
        thscode: code({
          pattern: FUTURES_CODE_RE,
          rule: 'must be a full futures contract code such as RB2510.SHF',
        }),
        // Omitted: the upstream default basis.
        spot_indicator_id: text({ max: 64 }).optional(),
      }),
      data: futuresItems(futuresHistoricalBasis),
      cache: 'daily',
    },
  },
);

import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';
import type { OPTION_SESSIONS } from '../../contract/operations/options-terms';

/**
 * One `queryOptions` factory per use of an operation on the options page. The route loader and the
 * components build the same options from the same inputs; live intervals are added by the components
 * (they follow the variety's exchange timetable).
 */

export type OptionVariety = DataOf<'options/varieties/list'>['item'][number];
export type OptionDetail = DataOf<'options/contracts/detail'>;
export type OptionBar = DataOf<'options/prices/daily'>['item'][number];
export type OptionTick = DataOf<'options/prices/intraday'>['item'][number];
export type OptionSession = (typeof OPTION_SESSIONS)[number];

export function optionVarietiesQuery() {
  return operationQuery('options/varieties/list', {});
}

export function optionDetailQuery(thscode: string) {
  return operationQuery('options/contracts/detail', { thscode });
}

/** The latest 100 daily bars: the chain's quotes and the contract's chart read the same answer. */
export function optionDailyQuery(thscode: string) {
  return operationQuery('options/prices/daily', { thscode });
}

export function optionIntradayQuery(thscode: string, session: OptionSession) {
  return operationQuery('options/prices/intraday', { thscode, session }, { keepPrevious: true });
}

/** The underlying of an ETF option: the fund's market snapshot. */
export function etfQuoteQuery(thscode: string) {
  return operationQuery('fund/market/snapshot', { thscode });
}

/** The underlying of an index option: the index snapshot. */
export function indexQuoteQuery(thscode: string) {
  return operationQuery('a-share-index/prices/snapshot', { thscodes: thscode });
}

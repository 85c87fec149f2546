import { operationQuery } from '../../api/query';
import type { DataOf } from '../../contract/catalog';

/**
 * One `queryOptions` factory per use of an operation on the futures pages. The route loaders and the
 * components build the same options from the same inputs, so a prefetch is what a component reads.
 * Live refresh intervals are added by the components (they follow the exchanges' timetables).
 */

export type Variety = DataOf<'futures/varieties/list'>['item'][number];
export type VarietyPlate = DataOf<'futures/variety-plates/list'>['item'][number];
export type MainContinuous = DataOf<'futures/contracts/main-continuous-list'>['item'][number];
export type MainContract = DataOf<'futures/contracts/main-list'>['item'][number];
export type CommodityIndex = DataOf<'futures/contracts/commodity-index-list'>['item'][number];
export type LatestBasis = DataOf<'futures/basis/main-continuous-latest'>['item'][number];
export type HistoricalBasis = DataOf<'futures/basis/historical'>['item'][number];

export function varietiesQuery() {
  return operationQuery('futures/varieties/list', {});
}

export function platesQuery() {
  return operationQuery('futures/variety-plates/list', {});
}

export function mainContinuousQuery() {
  return operationQuery('futures/contracts/main-continuous-list', {});
}

export function mainListQuery() {
  return operationQuery('futures/contracts/main-list', {});
}

export function secondaryMainQuery() {
  return operationQuery('futures/contracts/secondary-main-list', {});
}

export function commodityIndexQuery() {
  return operationQuery('futures/contracts/commodity-index-list', {});
}

export function latestBasisQuery() {
  return operationQuery('futures/basis/main-continuous-latest', {});
}

/** A contract's daily basis; `spot` omitted means the service's default spot quote. */
export function basisHistoryQuery(thscode: string, spot: string | undefined) {
  return operationQuery(
    'futures/basis/historical',
    spot === undefined ? { thscode } : { thscode, spot_indicator_id: spot },
    // Switching the spot quote keeps the chart on screen until the new series arrives.
    { keepPrevious: true },
  );
}

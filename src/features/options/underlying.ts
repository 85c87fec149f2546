import { useQuery } from '@tanstack/react-query';
import { underlyingKindOf, type UnderlyingKind } from '../../contract/first-screens';
import { etfQuoteQuery, indexQuoteQuery } from './queries';

export { underlyingKindOf, type UnderlyingKind } from '../../contract/first-screens';

export interface UnderlyingQuote {
  kind: UnderlyingKind;
  price: number | null;
  changePct: number | null;
  time: number | null;
  pending: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The underlying's latest price: the fund market snapshot of an ETF, the index snapshot of an index.
 * Futures underlyings have no quote operation in the catalog: no price (the chain then marks no
 * at-the-money strike and says why).
 */
export function useUnderlyingQuote(
  code: string | null,
  exchangeCode: string | null | undefined,
  refetchInterval: number | false,
): UnderlyingQuote {
  const kind = underlyingKindOf(exchangeCode);
  const etf = useQuery({
    ...etfQuoteQuery(code ?? ''),
    enabled: code !== null && kind === 'etf',
    refetchInterval,
  });
  const index = useQuery({
    ...indexQuoteQuery(code ?? ''),
    enabled: code !== null && kind === 'index',
    refetchInterval,
  });
  if (kind === 'etf') {
    const item = etf.data?.item.find((i) => i.thscode.toUpperCase() === code?.toUpperCase());
    return {
      kind,
      price: item?.last_price ?? null,
      changePct: item?.price_change_ratio_pct ?? null,
      time: etf.data?.timestamp ?? null,
      pending: code !== null && etf.isPending,
      error: etf.error,
      refetch: () => void etf.refetch(),
    };
  }
  if (kind === 'index') {
    const item = index.data?.item.find((i) => i.thscode.toUpperCase() === code?.toUpperCase());
    return {
      kind,
      price: item?.last_price ?? null,
      changePct: item?.price_change_ratio_pct ?? null,
      time: index.data?.timestamp ?? null,
      pending: code !== null && index.isPending,
      error: index.error,
      refetch: () => void index.refetch(),
    };
  }
  return {
    kind,
    price: null,
    changePct: null,
    time: null,
    pending: false,
    error: null,
    refetch: () => undefined,
  };
}

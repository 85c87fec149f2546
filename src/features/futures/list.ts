import { futuresVarietyOf } from '../../contract/operations/futures';
import type { LatestBasis, MainContinuous, Variety, VarietyPlate } from './queries';

/** The order exchanges are shown in: financial futures first, then the commodity exchanges. */
export const EXCHANGE_ORDER = ['CFFEX', 'SHFE', 'INE', 'DCE', 'CZCE', 'GFEX'] as const;

/** A variety with its plates and the visits of its main-continuous chart, as the tables show it. */
export interface VarietyRow {
  variety: Variety;
  code: string;
  /** The finest plate (highest level), or null. */
  plate: string | null;
  /** The coarsest plate (financial or commodity futures), or null. */
  sector: string | null;
  visits: number | null;
}

export interface ExchangeGroup {
  exchange: string;
  name: string;
  rows: VarietyRow[];
}

/** Case-insensitive match of the filter text in any of the texts; an empty filter matches all. */
export function matchesFilter(texts: readonly (string | null | undefined)[], q: string): boolean {
  const needle = q.trim().toLowerCase();
  return needle === '' || texts.some((t) => (t ?? '').toLowerCase().includes(needle));
}

function platesOf(plates: readonly VarietyPlate[] | undefined, code: string) {
  const own = (plates ?? [])
    .filter((p) => p.variety_code?.toUpperCase() === code)
    .sort((a, b) => (a.plate_level ?? 0) - (b.plate_level ?? 0));
  return { sector: own[0]?.plate_name ?? null, plate: own[own.length - 1]?.plate_name ?? null };
}

function exchangeRank(exchange: string): number {
  const i = EXCHANGE_ORDER.findIndex((e) => e === exchange);
  return i < 0 ? EXCHANGE_ORDER.length : i;
}

/**
 * Varieties grouped by exchange (in `EXCHANGE_ORDER`, others after), each group by plate then code,
 * narrowed by the exchange choice and the filter text (code, name, exchange, plate).
 */
export function groupVarieties(
  varieties: readonly Variety[],
  plates: readonly VarietyPlate[] | undefined,
  visits: readonly MainContinuous[] | undefined,
  exchange: string,
  q: string,
): ExchangeGroup[] {
  const groups = new Map<string, ExchangeGroup>();
  for (const variety of varieties) {
    const code = variety.variety_code?.toUpperCase() ?? '';
    const ex = variety.exchange_code?.toUpperCase() ?? '';
    if (code === '' || (exchange !== 'all' && ex !== exchange)) continue;
    const { plate, sector } = platesOf(plates, code);
    const texts = [code, variety.name, ex, variety.exchange_name, plate, sector];
    if (!matchesFilter(texts, q)) continue;
    const seen = visits?.find((v) => v.variety_code?.toUpperCase() === code);
    const row = { variety, code, plate, sector, visits: seen?.kline_visit_count ?? null };
    const group = groups.get(ex) ?? { exchange: ex, name: variety.exchange_name ?? ex, rows: [] };
    group.rows.push(row);
    groups.set(ex, group);
  }
  const out = [...groups.values()].sort((a, b) => exchangeRank(a.exchange) - exchangeRank(b.exchange));
  for (const group of out)
    group.rows.sort(
      (a, b) => (a.plate ?? '').localeCompare(b.plate ?? '', 'zh-CN') || a.code.localeCompare(b.code),
    );
  return out;
}

/**
 * Latest basis rows in exchange order (index futures first), narrowed by exchange (through the variety
 * list) and the filter text.
 */
export function filterBasis(
  rows: readonly LatestBasis[],
  varieties: readonly Variety[] | undefined,
  exchange: string,
  q: string,
): LatestBasis[] {
  const exchangeOf = (row: LatestBasis) => {
    const code = futuresVarietyOf(row.thscode ?? '');
    return varieties?.find((v) => v.variety_code?.toUpperCase() === code);
  };
  // Financial futures first, then by exchange as the variety groups; the service's order within one.
  const ranked = rows
    .map((row, index) => ({
      row,
      index,
      rank: exchangeRank(exchangeOf(row)?.exchange_code?.toUpperCase() ?? ''),
    }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.row);
  return ranked.filter((row) => {
    const code = futuresVarietyOf(row.thscode ?? '');
    const variety = exchangeOf(row);
    if (exchange !== 'all' && variety?.exchange_code?.toUpperCase() !== exchange) return false;
    return matchesFilter(
      [row.thscode, row.name, row.variety_name, code, variety?.exchange_name, variety?.exchange_code],
      q,
    );
  });
}

/** The exchanges that have varieties, in display order. */
export function exchangesOf(varieties: readonly Variety[] | undefined): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const v of varieties ?? []) {
    const code = v.exchange_code?.toUpperCase();
    if (code && !seen.has(code)) seen.set(code, v.exchange_name ?? code);
  }
  return [...seen.entries()]
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => exchangeRank(a.code) - exchangeRank(b.code));
}

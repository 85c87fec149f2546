import type { InfiniteData } from '@tanstack/react-query';
import type { DataOf } from '../../contract/catalog';
import { wholeSecondMs } from '../../contract/operations/news';
import { shanghaiDate } from '../../contract/time';

/**
 * The flash stream as the page holds it: pages from the list operation and batches from the refresh
 * operation merged into one list without repeats, newest first, and the stocks an item names.
 */

export type FlashItem = DataOf<'news/flash/list'>['items'][number];
export type FlashPage = DataOf<'news/flash/list'>;

/**
 * Orders two opaque sequences as the integers their digits spell, without turning them into numbers
 * (they exceed 2^53): longer is larger, then digit by digit.
 */
export function compareSeq(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Newest first: by creation time, then by sequence, then by id. */
function newestFirst(a: FlashItem, b: FlashItem): number {
  return b.create_time_ms - a.create_time_ms || compareSeq(b.seq, a.seq) || compareSeq(b.id, a.id);
}

/**
 * Every item of the lists once (by id), newest first. A record the service sent twice (refresh may
 * repeat records, and an edited flash comes back with a later `update_time_ms`) keeps its latest edit.
 */
export function mergeFlashes(...lists: readonly (readonly FlashItem[])[]): FlashItem[] {
  const byId = new Map<string, FlashItem>();
  for (const list of lists) {
    for (const item of list) {
      const known = byId.get(item.id);
      if (known === undefined || item.update_time_ms > known.update_time_ms) byId.set(item.id, item);
    }
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * The refresh operation's "latest known" pair: the highest sequence and the latest creation time in
 * whole seconds (the contract's `create_time_ms` rule); null when nothing is known yet.
 */
export function latestKnown(items: readonly FlashItem[]): { seq: string; createTimeMs: number } | null {
  let seq: string | null = null;
  let createTimeMs = 0;
  for (const item of items) {
    if (seq === null || compareSeq(item.seq, seq) > 0) seq = item.seq;
    createTimeMs = Math.max(createTimeMs, item.create_time_ms);
  }
  return seq === null ? null : { seq, createTimeMs: wholeSecondMs(createTimeMs) };
}

/** Ids of incoming items the list did not hold yet, in the incoming order. */
export function newIds(known: readonly FlashItem[], incoming: readonly FlashItem[]): string[] {
  const ids = new Set(known.map((item) => item.id));
  const out: string[] = [];
  for (const item of incoming) {
    if (ids.has(item.id)) continue;
    ids.add(item.id);
    out.push(item.id);
  }
  return out;
}

/** Pages of the list with a refresh batch merged into the first (the later pages' cursors stay). */
export function mergeIntoFirstPage(
  data: InfiniteData<FlashPage, string>,
  items: readonly FlashItem[],
): InfiniteData<FlashPage, string> {
  const [first, ...rest] = data.pages;
  if (first === undefined || items.length === 0) return data;
  return { ...data, pages: [{ ...first, items: mergeFlashes(items, first.items) }, ...rest] };
}

/** Items grouped by their Shanghai day, in the list's order. */
export function groupByDay(items: readonly FlashItem[]): { date: string; items: FlashItem[] }[] {
  const groups: { date: string; items: FlashItem[] }[] = [];
  for (const item of items) {
    const date = shanghaiDate(item.create_time_ms);
    const last = groups.at(-1);
    if (last?.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}

// ---- stocks named in a flash ----

export interface StockName {
  thscode: string;
  ticker: string;
  name: string;
}

/** Names shorter than this (in characters) match common words too often to be taken for a stock. */
const MIN_NAME_LENGTH = 3;
const TICKER_RE = /(?<!\d)(\d{6})(?!\d)/g;

/**
 * A finder of the stocks a text names, by full name (longest name first where names overlap, so
 * "中国平安" is not read as "中国") or by a six-digit ticker standing alone.
 */
export function stockFinder(stocks: readonly StockName[]): (text: string) => StockName[] {
  const byFirst = new Map<string, StockName[]>();
  const byTicker = new Map<string, StockName>();
  for (const stock of stocks) {
    byTicker.set(stock.ticker, stock);
    const name = stock.name.trim();
    if ([...name].length < MIN_NAME_LENGTH) continue;
    const first = name.charAt(0);
    byFirst.set(first, [...(byFirst.get(first) ?? []), { ...stock, name }]);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.name.length - a.name.length);

  return (text) => {
    const found = new Map<string, StockName>();
    for (let i = 0; i < text.length;) {
      const hit = byFirst.get(text.charAt(i))?.find((stock) => text.startsWith(stock.name, i));
      if (hit) {
        if (!found.has(hit.thscode)) found.set(hit.thscode, hit);
        i += hit.name.length;
      } else i += 1;
    }
    for (const match of text.matchAll(TICKER_RE)) {
      const stock = match[1] === undefined ? undefined : byTicker.get(match[1]);
      if (stock && !found.has(stock.thscode)) found.set(stock.thscode, stock);
    }
    return [...found.values()];
  };
}

/** The text of an item that may name stocks: its title and summary. */
export function flashText(item: FlashItem): string {
  return item.summary === null ? item.title : `${item.title}\n${item.summary}`;
}

/** Whether an item names one stock, by its name or its ticker (no code table needed). */
export function namesStock(item: FlashItem, stock: { name: string; ticker: string }): boolean {
  const text = flashText(item);
  if (stock.name !== '' && text.includes(stock.name)) return true;
  return [...text.matchAll(TICKER_RE)].some((match) => match[1] === stock.ticker);
}

/**
 * `fn` over every item with at most `limit` calls under way at once, results in the items' order; the
 * first failure rejects. Pages that need many small calls (a pool count per day, the members of every
 * industry) use it so that their burst never fills the server's queue ahead of the page's own requests,
 * and the server so that a watchlist import resolves its codes a few at a time.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function worker(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await fn(item, index);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

import { useServerClock } from '../../api/live';
import { shanghaiDate } from '../../contract/time';
import type { HotSearch } from './search';

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = (patch: Partial<HotSearch>, opts?: { replace?: boolean }) => void;

/**
 * The server's Shanghai day, or null until the server clock is known: the history day and the trend
 * window are computed from it (the loader computes the same day, so their query keys agree).
 */
export function useServerToday(): string | null {
  const { now, known } = useServerClock();
  return known ? shanghaiDate(now()) : null;
}

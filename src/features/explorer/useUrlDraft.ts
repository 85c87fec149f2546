import { useCallback, useState } from 'react';

interface Draft<T> {
  value: T;
  /** Keys of values written to the URL and not seen back yet (navigation is asynchronous). */
  writes: readonly string[];
  /** The key of the URL value last taken in. */
  seen: string;
}

/**
 * Text the user types that the URL follows: the input reads the local draft, so a navigation that lands
 * a keystroke late never rewinds it. A URL value this draft wrote is recognised when it comes back;
 * any other (back, forward, a link) replaces the draft. `keyOf` must be a stable function.
 */
export function useUrlDraft<T>(fromUrl: T, keyOf: (value: T) => string): [T, (next: T) => void] {
  const urlKey = keyOf(fromUrl);
  const [draft, setDraft] = useState<Draft<T>>(() => ({ value: fromUrl, writes: [], seen: urlKey }));
  let current = draft;
  if (draft.seen !== urlKey) {
    const index = draft.writes.indexOf(urlKey);
    current =
      index >= 0
        ? { ...draft, writes: draft.writes.slice(index + 1), seen: urlKey }
        : { value: fromUrl, writes: [], seen: urlKey };
    setDraft(current);
  }
  const set = useCallback(
    (next: T) =>
      setDraft((state) => {
        const key = keyOf(next);
        const unchanged = key === state.seen && state.writes.length === 0;
        return { ...state, value: next, writes: unchanged ? state.writes : [...state.writes, key] };
      }),
    [keyOf],
  );
  return [current.value, set];
}

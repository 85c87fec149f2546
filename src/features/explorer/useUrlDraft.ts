import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/**
 * What a draft the URL follows knows of the URL: the keys of values it wrote and has not seen back yet
 * (navigation is asynchronous), and the key of the URL value last taken in.
 */
interface Writes {
  writes: readonly string[];
  seen: string;
}

/**
 * The URL now holds `urlKey`: a value this draft wrote is recognised (it and the writes before it are
 * done); any other (back, forward, a link) is foreign and replaces the draft.
 */
function arrive(state: Writes, urlKey: string): Writes & { foreign: boolean } {
  const index = state.writes.indexOf(urlKey);
  return index >= 0
    ? { writes: state.writes.slice(index + 1), seen: urlKey, foreign: false }
    : { writes: [], seen: urlKey, foreign: true };
}

/** The draft wrote a value with `key` to the URL (nothing to wait for when the URL already holds it). */
function wrote(state: Writes, key: string): Writes {
  const unchanged = key === state.seen && state.writes.length === 0;
  return { ...state, writes: unchanged ? state.writes : [...state.writes, key] };
}

/**
 * Text the user types that the URL follows: the input reads the local draft, so a navigation that lands
 * a keystroke late never rewinds it. A URL value this draft wrote is recognised when it comes back;
 * any other (back, forward, a link) replaces the draft. `keyOf` must be a stable function.
 */
export function useUrlDraft<T>(fromUrl: T, keyOf: (value: T) => string): [T, (next: T) => void] {
  const urlKey = keyOf(fromUrl);
  const [draft, setDraft] = useState<Writes & { value: T }>(() => ({
    value: fromUrl,
    writes: [],
    seen: urlKey,
  }));
  let current = draft;
  if (draft.seen !== urlKey) {
    const next = arrive(draft, urlKey);
    current = { value: next.foreign ? fromUrl : draft.value, writes: next.writes, seen: next.seen };
    setDraft(current);
  }
  const set = useCallback(
    (next: T) => setDraft((state) => ({ ...state, ...wrote(state, keyOf(next)), value: next })),
    [keyOf],
  );
  return [current.value, set];
}

/**
 * The same rule for a draft kept elsewhere (a form library's values): `onForeign` takes in a URL value
 * this draft did not write (before the browser paints); the returned function records a value written
 * to the URL, with the same `keyOf`.
 */
export function useUrlWrites<T>(
  fromUrl: T,
  keyOf: (value: T) => string,
  onForeign: (value: T) => void,
): (written: T) => void {
  const urlKey = keyOf(fromUrl);
  const state = useRef<Writes>({ writes: [], seen: urlKey });
  // Runs on every new URL value; does nothing until the URL's key changes.
  useLayoutEffect(() => {
    if (state.current.seen === urlKey) return;
    const { foreign, ...next } = arrive(state.current, urlKey);
    state.current = next;
    if (foreign) onForeign(fromUrl);
  }, [urlKey, fromUrl, onForeign]);
  return useCallback(
    (written: T) => {
      state.current = wrote(state.current, keyOf(written));
    },
    [keyOf],
  );
}

import { useCallback } from 'react';

/** Changes part of a route's view state; `replace` keeps the change out of the back button's history. */
export type SearchPatch<S> = (patch: Partial<S>, opts?: { replace?: boolean }) => void;

/**
 * The `onSearch` of a route: merges a patch into the current search parameters through the route's own
 * `navigate` (so the route's schema and middlewares still apply).
 */
export function useSearchPatch<S extends object>(
  navigate: (options: { search: (prev: S) => S; replace: boolean }) => Promise<void>,
): SearchPatch<S> {
  return useCallback(
    (patch, opts) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: opts?.replace ?? false }),
    [navigate],
  );
}

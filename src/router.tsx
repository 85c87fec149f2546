import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { parseSearch, stringifySearch } from './lib/search-params';

/** `history` is for tests (memory history); the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history && { history }),
    context: { queryClient },
    // Route loaders prefetch on hover/focus; freshness is the query cache's business, not the router's.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // A route whose data is not there within 100 ms shows its skeleton in the shell (the default, 1 s,
    // leaves the screen blank that long on a first load: nothing paints before the first route renders),
    // and gives way to the page as soon as its data is in: a skeleton has the page's layout, so the swap
    // is no flash, and holding it at least 200 ms (as before) put off the first load's largest paint by
    // 30-100 ms on the data pages (median of five loads each of the stock, options, futures, sector and
    // fund-comparison pages).
    defaultPendingMs: 100,
    defaultPendingMinMs: 0,
    scrollRestoration: true,
    parseSearch,
    stringifySearch,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

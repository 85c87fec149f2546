import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from './lib/i18n';
import { createAppRouter } from './router';

/**
 * The whole app as it runs, at a path, for route-level tests: one query cache shared by the route
 * loaders and the components (no retries, so a failure shows at once), in memory history.
 */
export function renderAppAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return router;
}

/**
 * A shared table (components/DataTable) by its accessible name, once its rows are drawn: a table's
 * first rows come in a deferred render, a moment after the table itself, and its box is busy till then.
 */
export function findDrawnTable(name: string, timeout = 5000): Promise<HTMLElement> {
  return waitFor(
    () => {
      const table = screen.getByRole('table', { name });
      if (table.closest('.dt__scroll')?.getAttribute('aria-busy') === 'true') {
        throw new Error(`the table ${name} is not drawn yet`);
      }
      return table;
    },
    { timeout },
  );
}

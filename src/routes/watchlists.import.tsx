import { createFileRoute } from '@tanstack/react-router';
import { watchlistIndexQuery } from '../api/watchlists';
import { ImportView } from '../features/watchlists/ImportView';
import { importSearchSchema } from '../features/watchlists/url-state';

/**
 * A shared list (`?name=…&codes=…&notes=…`) or a CSV file, previewed before it is saved as a new list.
 * The existing names are fetched first so the suggested name is free.
 */
export const Route = createFileRoute('/watchlists/import')({
  validateSearch: importSearchSchema,
  loader: ({ context }) => context.queryClient.prefetchQuery(watchlistIndexQuery()),
  component: ImportRoute,
});

function ImportRoute() {
  const search = Route.useSearch();
  return <ImportView search={search} />;
}

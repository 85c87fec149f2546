import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { ExplorerIndex } from '../features/explorer/ExplorerIndex';
import { EXPLORER_INDEX_DEFAULTS, explorerIndexSchema } from '../features/explorer/url-state';

/** The API explorer's index: every operation of the catalog, grouped and searchable. */
export const Route = createFileRoute('/explorer/')({
  validateSearch: explorerIndexSchema,
  search: { middlewares: [stripSearchParams(EXPLORER_INDEX_DEFAULTS)] },
  component: ExplorerIndexRoute,
});

function ExplorerIndexRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ExplorerIndex
      search={search}
      onSearch={(next) => void navigate({ search: next, replace: true })}
      onOpen={(id) => void navigate({ to: '/explorer/$', params: { _splat: id } })}
    />
  );
}

import { createFileRoute, useLocation } from '@tanstack/react-router';
import { loadExplorerOperation } from '../features/explorer/loader';
import { OperationPage } from '../features/explorer/OperationPage';
import { parseExplorerSearch } from '../features/explorer/url-state';

/**
 * One operation in the API explorer, at its own path (`/explorer/a-share/prices/snapshot`, like
 * `/api/a-share/prices/snapshot`); the form values are the search parameters, read from the location's
 * query string as written. The loader is split off
 * with the component, so the explorer adds only this declaration to the entry chunk.
 */
export const Route = createFileRoute('/explorer/$')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: parseExplorerSearch,
  loaderDeps: ({ search }) => ({ search }),
  loader: ({ context, params, location, cause }) =>
    loadExplorerOperation(context.queryClient, params._splat ?? '', location.searchStr, {
      wait: cause !== 'stay',
    }),
  component: OperationRoute,
});

function OperationRoute() {
  const { _splat: id = '' } = Route.useParams();
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const navigate = Route.useNavigate();
  return (
    <OperationPage
      id={id}
      searchStr={searchStr}
      onSearch={(next, { replace }) => void navigate({ search: next, replace })}
      onOpen={(next) => void navigate({ params: { _splat: next }, search: {} })}
    />
  );
}

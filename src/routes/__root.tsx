import { Link, Outlet, createRootRouteWithContext, type ErrorComponentProps } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppShell } from '../components/AppShell';
import { ErrorState } from '../components/states';
import { InstrumentSearch } from '../features/search/InstrumentSearch';
import { useI18n } from '../lib/i18n';

export interface RouterContext {
  queryClient: QueryClient;
}

function RootLayout() {
  return (
    <AppShell search={<InstrumentSearch shortcut />}>
      <Outlet />
    </AppShell>
  );
}

function NotFound() {
  const { t } = useI18n();
  return (
    <section className="panel">
      <h1 className="panel__title">{t('notFound.title')}</h1>
      <Link to="/">{t('nav.home')}</Link>
    </section>
  );
}

function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useI18n();
  return (
    <section className="panel">
      <ErrorState error={error} title={t('error.title')} onRetry={reset} />
    </section>
  );
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

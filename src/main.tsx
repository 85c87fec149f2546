import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient, modeQuery } from './api/query';
import { prepareNumberFormats } from './lib/format';
import { I18nProvider, languagePreference } from './lib/i18n';
import { applyStoredAppearance } from './lib/preferences';
import { createAppRouter } from './router';
import './styles.css';

// Before the first render, so the remembered theme and colours never flash the other ones.
applyStoredAppearance();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves in a later task, so that the browser may handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start, in tasks of its own after the scripts' evaluation (itself one task): together they kept the
 * page from answering input for well over 50 ms (a long task) on every first visit.
 */
async function start(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  // The server's clock (and mode) is asked for first: loaders need its day, and it comes back while the
  // router is made and the route's chunks load instead of after them.
  void queryClient.prefetchQuery(modeQuery());
  await nextTask();
  const router = createAppRouter(queryClient);
  await nextTask();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          <RouterProvider router={router} />
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  // While the route's chunks and data are on their way.
  await nextTask();
  prepareNumberFormats(languagePreference.read());
}

void start(container);

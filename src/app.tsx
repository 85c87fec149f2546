import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { prepareNumberFormats } from './lib/format';
import { I18nProvider, languagePreference } from './lib/i18n';
import { createAppRouter } from './router';

/**
 * The last stage of the start (src/main.tsx): the router, the first render and, while the route's chunks
 * and data are on their way, the number formats. `nextTask` separates them, so no step holds the page
 * longer than it must.
 */
export async function mountApp(
  root: HTMLElement,
  queryClient: QueryClient,
  nextTask: () => Promise<void>,
): Promise<void> {
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
  await nextTask();
  prepareNumberFormats(languagePreference.read());
}

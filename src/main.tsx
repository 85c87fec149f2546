import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient, modeQuery } from './api/query';
import { I18nProvider } from './lib/i18n';
import { applyStoredAppearance } from './lib/preferences';
import { createAppRouter } from './router';
import './styles.css';

// Before the first render, so the remembered theme and colours never flash the other ones.
applyStoredAppearance();

const queryClient = createQueryClient();
// The server's clock (and mode) is asked for at once: loaders need its day, and it comes back while the
// route's chunks load instead of after them.
void queryClient.prefetchQuery(modeQuery());
const router = createAppRouter(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);

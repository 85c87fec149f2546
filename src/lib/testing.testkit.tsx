import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nProvider } from './i18n';
import { shouldRetry } from '../api/query';

/** Test helpers for components: the same providers as the app, a fresh cache per test, retries instant. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, retryDelay: 0 } },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function envelope(data: unknown, code = 0, message = 'success') {
  return new Response(
    JSON.stringify({ code, message, request_id: `test-${code}`, data: code === 0 ? data : null }),
    {
      status: 200,
      headers: { 'content-type': 'application/json' },
    },
  );
}

/** The path and query of a request URL given to fetch. */
export function requestOf(input: unknown): URL {
  const text =
    typeof input === 'string'
      ? input
      : input instanceof URL
        ? input.href
        : input instanceof Request
          ? input.url
          : '';
  return new URL(text, 'http://localhost');
}

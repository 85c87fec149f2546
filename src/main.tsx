// React DOM is evaluated with the entry: on its own, as the first of the start's tasks (the longest).
import 'react-dom/client';
import { applyStoredAppearance } from './lib/preferences';
import './styles.css';

// Before the first render, so the remembered theme and colours never flash the other ones.
applyStoredAppearance();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** Resolves in a later task, so that the browser may handle input and paint in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The start, in stages: a browser evaluates a module and all it imports statically in one task, and the
 * whole app in one go (React DOM, zod, the router and the shell) kept the page from answering input for
 * 50-130 ms on every first visit. Each stage below is imported dynamically, so it is evaluated in a task
 * of its own; index.html preloads them with the entry (vite.config.ts), so they cost no extra trip to the
 * server.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  // zod, TanStack Query and the client. The server's clock (and mode) is asked for first: loaders need
  // its day, and it comes back while the router is made and the route's chunks load instead of after.
  const { createQueryClient, modeQuery } = await import('./api/query');
  const queryClient = createQueryClient();
  void queryClient.prefetchQuery(modeQuery());
  await nextTask();
  // The router, the routes' search validation, the shell.
  const { mountApp } = await import('./app');
  await nextTask();
  await mountApp(root, queryClient, nextTask);
}

void start(container);

/**
 * The pages the performance checks open, and what the browser records while one loads: shared by
 * `npm run perf` (bench/pages.ts, timings) and the end-to-end budget spec (e2e/perf-budgets.spec.ts,
 * counts and ratios).
 *
 * The routes are read from the router's generated tree (src/routeTree.gen.ts), so a new route is opened
 * as soon as it exists; one with a path parameter needs a sample the simulator knows (SAMPLES), and a
 * route without one is reported, never silently left out.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { z } from 'zod';
import { WATCHLISTS_BASE_PATH } from '../src/contract/watchlist-constants';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The saved list `/watchlists/$id` opens (a cold browser has none): made through the API first. */
export const SAMPLE_LIST = {
  name: 'perf sample',
  codes: ['600519.SH', '000001.SZ', '300750.SZ', '510300.SH', '000300.SH'],
} as const;

/**
 * Path parameters for the routes that have them: codes and ids the simulator answers for (the same ones
 * the end-to-end tests open). `{list}` stands for the id of the sample list.
 */
export const SAMPLES: Readonly<Record<string, string>> = {
  '/stock/$thscode': '/stock/600519.SH',
  '/index/$thscode': '/index/000300.SH',
  '/sectors/$thscode': '/sectors/881121.TI',
  '/fund/$thscode': '/fund/005827.OF',
  '/futures/$thscode': '/futures/IFZL.CFX',
  '/options/$thscode': '/options/10261220.SH',
  '/news/notice/$seq': '/news/notice/202607150000000001',
  '/explorer/$': '/explorer/a-share/prices/snapshot',
  '/fund/compare': '/fund/compare?codes=510300.SH,005827.OF',
  '/watchlists/$id': '/watchlists/{list}',
};

/** The stock view with ten years of daily bars: the heaviest chart render (issue 16: no task over 50 ms). */
export const TEN_YEAR_CHART = {
  route: '/stock/$thscode (10 years of daily bars)',
  url: '/stock/600519.SH?range=10y',
} as const;

/** Full paths of the route tree (`FileRoutesByFullPath`), e.g. `/stock/$thscode`, `/news/`. */
export function routePaths(): string[] {
  const tree = readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8');
  const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1];
  if (block === undefined) throw new Error('src/routeTree.gen.ts has no FileRoutesByFullPath');
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? '').filter(Boolean);
}

export interface Visit {
  /** The route as the tree names it. */
  route: string;
  /** What to open; null: a route with a path parameter and no sample (add one to SAMPLES). */
  url: string | null;
}

/** Every route of the tree, then the ten-year chart (`{list}` in a URL: see `needsList`). */
export function visits(): Visit[] {
  const pages = routePaths().map((route): Visit => {
    const sample = SAMPLES[route];
    if (sample !== undefined) return { route, url: sample };
    if (route.includes('$')) return { route, url: null };
    return { route, url: route.length > 1 ? route.replace(/\/$/, '') : route };
  });
  return [...pages, { ...TEN_YEAR_CHART }];
}

/** Whether a visit's URL names the sample list, and the URL with its id. */
export function needsList(url: string): boolean {
  return url.includes('{list}');
}
export function withList(url: string, listId: number): string {
  return url.replace('{list}', String(listId));
}

const createdSchema = z.object({ id: z.number(), version: z.number() });

/**
 * Makes the sample list through the watchlist API and returns its id. `post` sends a JSON body to a path
 * of the app's server and gives back the parsed answer (Playwright's request context or fetch).
 */
export async function createSampleList(
  post: (path: string, body: unknown) => Promise<unknown>,
): Promise<number> {
  const created = createdSchema.parse(
    await post(WATCHLISTS_BASE_PATH, { name: `${SAMPLE_LIST.name} ${Date.now()}` }),
  );
  await post(`${WATCHLISTS_BASE_PATH}/${created.id}/items`, {
    items: SAMPLE_LIST.codes.map((thscode) => ({ thscode })),
    version: created.version,
  });
  return created.id;
}

/**
 * Records, from the first byte on (buffered observers): every largest-contentful-paint candidate, long
 * tasks, layout shifts without recent input. Added with `page.addInitScript` before the page loads.
 * Observers deliver their entries in a task of their own, which a busy page (4× CPU) may not have run
 * when the figures are read: `flush()` takes what is still queued.
 */
export const OBSERVE = `
  window.__perf = { lcp: [], long: [], longStarts: [], shifts: [], observers: [], firstCanvasAt: null };
  // When the page first holds a canvas (a chart being built): the chart's own tasks are those from then on.
  new MutationObserver((changes, observer) => {
    if (window.__perf.firstCanvasAt !== null) return;
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof Element && (node.tagName === 'CANVAS' || node.querySelector('canvas'))) {
          window.__perf.firstCanvasAt = performance.now();
          observer.disconnect();
          return;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
  const watch = (type, take) => {
    const handle = (entries) => { for (const entry of entries) take(entry); };
    const observer = new PerformanceObserver((list) => handle(list.getEntries()));
    observer.observe({ type, buffered: true });
    window.__perf.observers.push(() => handle(observer.takeRecords()));
  };
  watch('largest-contentful-paint', (entry) => window.__perf.lcp.push(entry.startTime));
  watch('longtask', (entry) => {
    window.__perf.long.push(entry.duration);
    window.__perf.longStarts.push(entry.startTime);
  });
  watch('layout-shift', (entry) => { if (!entry.hadRecentInput) window.__perf.shifts.push(entry.value); });
  window.__perf.flush = () => {
    for (const take of window.__perf.observers) take();
    const { lcp, long, longStarts, shifts, firstCanvasAt } = window.__perf;
    return { lcp, long, longStarts, shifts, firstCanvasAt };
  };
`;

const observedSchema = z.object({
  lcp: z.array(z.number()),
  long: z.array(z.number()),
  longStarts: z.array(z.number()),
  shifts: z.array(z.number()),
  firstCanvasAt: z.number().nullable(),
});

const resourceSchema = z.array(
  z.object({
    name: z.string(),
    initiatorType: z.string(),
    startTime: z.number(),
    responseEnd: z.number(),
    encodedBodySize: z.number(),
  }),
);
export type Resource = z.infer<typeof resourceSchema>[number];

export interface Figures {
  /** Largest contentful paint (ms from navigation start); null when the page reported none. */
  lcpMs: number | null;
  /** Long tasks (over 50 ms) and their durations. */
  longTasks: number[];
  /** Long tasks that ended after the page first held a canvas (a chart's build); none without a canvas. */
  chartLongTasks: number[];
  /** Total blocking time: what long tasks spend over 50 ms. */
  tbtMs: number;
  /** Cumulative layout shift (without recent input). */
  cls: number;
  /** JavaScript requested before the largest contentful paint, as sent (compressed), in bytes. */
  jsBeforeLcpBytes: number;
  /** All JavaScript the page loaded, as sent, in bytes. */
  jsBytes: number;
  /** The page's resources (resource timing), for checks of their own. */
  resources: Resource[];
}

const isScript = (r: Resource) => new URL(r.name).pathname.endsWith('.js');

/** What the page recorded (OBSERVE) and its resource timing, once it has settled. */
export async function readFigures(page: Page): Promise<Figures> {
  const observed = observedSchema.parse(await page.evaluate('window.__perf.flush()'));
  const resources = resourceSchema.parse(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({
        name: entry.name,
        initiatorType: entry instanceof PerformanceResourceTiming ? entry.initiatorType : '',
        startTime: entry.startTime,
        responseEnd: entry instanceof PerformanceResourceTiming ? entry.responseEnd : 0,
        encodedBodySize: entry instanceof PerformanceResourceTiming ? entry.encodedBodySize : 0,
      })),
    ),
  );
  const lcpMs = observed.lcp.at(-1) ?? null;
  const scripts = resources.filter(isScript);
  const bytes = (list: readonly Resource[]) => list.reduce((sum, r) => sum + r.encodedBodySize, 0);
  return {
    lcpMs,
    longTasks: observed.long,
    chartLongTasks: observed.long.filter((duration, i) => {
      const start = observed.longStarts[i] ?? 0;
      return observed.firstCanvasAt !== null && start + duration > observed.firstCanvasAt;
    }),
    tbtMs: observed.long.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    cls: observed.shifts.reduce((sum, value) => sum + value, 0),
    jsBeforeLcpBytes: lcpMs === null ? bytes(scripts) : bytes(scripts.filter((r) => r.startTime < lcpMs)),
    jsBytes: bytes(scripts),
    resources,
  };
}

/**
 * Data round trips before the largest contentful paint: a request is in round 1 unless it started after
 * an answer to another came back, and then in the round after that one's; the count is the highest round
 * among the answers that came back before the LCP. A route whose loader asks for everything from the URL
 * alone paints after one round; each request the first paint waited for that itself waited for another's
 * answer adds one. Timings only order the requests: when every answer is held back long enough (the
 * budget spec delays them), requests sent together cannot look sequential and a slow render cannot make
 * up a round. Repeats of a URL (polling) are left out; so is whatever comes after the paint.
 */
export function roundsBeforeLcp(
  resources: readonly Resource[],
  lcpMs: number | null,
  isData: (url: URL) => boolean,
): number {
  const before = dataRequests(resources, isData).filter((r) => lcpMs !== null && r.responseEnd <= lcpMs);
  return Math.max(0, ...before.map((r) => r.round));
}

export interface DataRequest {
  /** Path and query. */
  url: string;
  startTime: number;
  responseEnd: number;
  round: number;
}

/** The data requests of a page load (first of each URL), in the order they started, with their rounds. */
export function dataRequests(resources: readonly Resource[], isData: (url: URL) => boolean): DataRequest[] {
  const firsts = new Map<string, Resource>();
  for (const r of resources) {
    if (isData(new URL(r.name)) && !firsts.has(r.name)) firsts.set(r.name, r);
  }
  const requests = [...firsts.values()].sort((a, b) => a.startTime - b.startTime);
  const out: DataRequest[] = [];
  for (const request of requests) {
    let round = 1;
    for (const earlier of out) {
      if (earlier.responseEnd <= request.startTime) round = Math.max(round, earlier.round + 1);
    }
    const url = new URL(request.name);
    out.push({
      url: `${url.pathname}${url.search}`,
      startTime: request.startTime,
      responseEnd: request.responseEnd,
      round,
    });
  }
  return out;
}

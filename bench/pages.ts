/**
 * `npm run perf`: every route of the app, loaded cold in Debian's Chromium against the built app and the
 * simulator (clock pinned at 2026-07-15 10:10 Shanghai), measured twice: unthrottled and with the CPU
 * throttled 4× (Chrome DevTools Protocol). Prints one table: largest contentful paint (LCP), total
 * blocking time (TBT: the time long tasks spend over 50 ms), cumulative layout shift (CLS), long tasks,
 * and each route's LCP as a multiple of the home page's.
 *
 * The routes are read from the router's generated tree (src/routeTree.gen.ts); a route with a path
 * parameter is opened with a sample the simulator knows (SAMPLES), and a new route without a sample is
 * reported as such instead of left out. Builds first unless PERF_SKIP_BUILD=1. PERF_PORT (default 4332)
 * sets the server's port; PERF_CHECK=1 exits 1 when an unthrottled route is over the budgets
 * (LCP 1.0 s, TBT 100 ms, LCP at most 2× the home page's). Figures only otherwise: a shared machine's
 * timings are no test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.PERF_PORT ?? 4332);
const BASE = `http://127.0.0.1:${PORT}`;
const THROTTLE = 4;
const BUDGET = { lcpMs: 1000, tbtMs: 100, lcpOfHome: 2 };

/**
 * Path parameters for the routes that have them: codes and ids the simulator answers for (the same ones
 * the end-to-end tests open). `null`: the route needs state a cold browser has not got (a saved list).
 */
const SAMPLES: Record<string, string | null> = {
  '/stock/$thscode': '/stock/600519.SH',
  '/index/$thscode': '/index/000300.SH',
  '/sectors/$thscode': '/sectors/881121.TI',
  '/fund/$thscode': '/fund/005827.OF',
  '/futures/$thscode': '/futures/IFZL.CFX',
  '/options/$thscode': '/options/10261220.SH',
  '/news/notice/$seq': '/news/notice/202607150000000001',
  '/explorer/$': '/explorer/a-share/prices/snapshot',
  '/fund/compare': '/fund/compare?codes=510300.SH,005827.OF',
  '/watchlists/$id': null,
};

/** Full paths of the route tree (`FileRoutesByFullPath`), e.g. `/stock/$thscode`, `/news/`. */
function routePaths(): string[] {
  const tree = readFileSync(path.join(root, 'src/routeTree.gen.ts'), 'utf8');
  const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1];
  if (block === undefined) throw new Error('src/routeTree.gen.ts has no FileRoutesByFullPath');
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1] ?? '').filter(Boolean);
}

function urlOf(route: string): string | null {
  if (Object.hasOwn(SAMPLES, route)) return SAMPLES[route] ?? null;
  if (route.includes('$')) return null;
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

interface Figures {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  longTasks: number;
}

/** Collects LCP, long tasks and layout shifts from the first byte on (buffered observers). */
const OBSERVE = `
  window.__perf = { lcp: 0, long: [], cls: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.long.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__perf.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

async function measure(browser: Browser, url: string, throttle: number): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.goto(`${BASE}${url}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  // LCP is final once the page has been idle; a short pause lets the last entries arrive.
  await page.waitForTimeout(500);
  const raw: unknown = await page.evaluate('window.__perf');
  await context.close();
  if (typeof raw !== 'object' || raw === null) throw new Error(`no figures for ${url}`);
  const lcp = 'lcp' in raw && typeof raw.lcp === 'number' ? raw.lcp : 0;
  const long = 'long' in raw && Array.isArray(raw.long) ? raw.long.filter((d) => typeof d === 'number') : [];
  const cls = 'cls' in raw && typeof raw.cls === 'number' ? raw.cls : 0;
  const blocking = long.reduce((sum: number, duration: number) => sum + Math.max(0, duration - 50), 0);
  return { lcpMs: lcp, tbtMs: blocking, cls, longTasks: long.length };
}

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${BASE}/bff/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer on ${BASE}`);
}

async function main(): Promise<void> {
  if (process.env.PERF_SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const server = spawn('npx', ['tsx', 'server/index.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      MARKET_API_KEY: '',
      MARKET_API_BASE_URL: '',
      SIM_NOW: '2026-07-15T10:10:00+08:00',
      LOG_LEVEL: 'warn',
      WATCHLIST_DB: path.join(tmpdir(), `market-dashboard-perf-${Date.now()}.sqlite`),
    },
    detached: true,
  });
  const stop = () => {
    if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  };
  try {
    await waitForServer();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
    const rows: { route: string; url: string | null; plain?: Figures; slow?: Figures }[] = [];
    for (const route of routePaths()) {
      const url = urlOf(route);
      if (url === null) {
        rows.push({ route, url });
        continue;
      }
      // A first visit warms the server's cache, as a dashboard reopened all day finds it.
      await measure(browser, url, 1);
      rows.push({
        route,
        url,
        plain: await measure(browser, url, 1),
        slow: await measure(browser, url, THROTTLE),
      });
    }
    await browser.close();

    const home = rows.find((row) => row.route === '/')?.plain?.lcpMs ?? 0;
    // No LCP entry (nothing contentful painted while observed) shows as a dash, not as 0 ms.
    const ms = (value: number) => (value > 0 ? `${Math.round(value)}` : '–').padStart(6);
    console.log(
      `\n${'route'.padEnd(42)} ${'LCP ms'.padStart(6)} ${'TBT ms'.padStart(6)} ${'CLS'.padStart(5)} ${'long'.padStart(4)} ${'×home'.padStart(5)} │ ${THROTTLE}× CPU: ${'LCP ms'.padStart(6)} ${'TBT ms'.padStart(6)} ${'CLS'.padStart(5)}`,
    );
    const over: string[] = [];
    for (const { route, url, plain, slow } of rows) {
      const label = (url ?? route).slice(0, 42).padEnd(42);
      if (!plain || !slow) {
        console.log(`${label} (no sample: needs a saved list)`);
        continue;
      }
      const ofHome = home > 0 ? plain.lcpMs / home : 0;
      console.log(
        `${label} ${ms(plain.lcpMs)} ${ms(plain.tbtMs)} ${plain.cls.toFixed(3).padStart(5)} ${String(plain.longTasks).padStart(4)} ${ofHome.toFixed(2).padStart(5)} │ ${' '.repeat(8)}${ms(slow.lcpMs)} ${ms(slow.tbtMs)} ${slow.cls.toFixed(3).padStart(5)}`,
      );
      if (plain.lcpMs > BUDGET.lcpMs) over.push(`${route}: LCP ${Math.round(plain.lcpMs)} ms`);
      if (plain.tbtMs > BUDGET.tbtMs) over.push(`${route}: TBT ${Math.round(plain.tbtMs)} ms`);
      if (ofHome > BUDGET.lcpOfHome) over.push(`${route}: LCP ${ofHome.toFixed(2)}× the home page's`);
    }
    console.log(
      over.length === 0
        ? `\nEvery measured route within LCP ${BUDGET.lcpMs} ms, TBT ${BUDGET.tbtMs} ms, ${BUDGET.lcpOfHome}× home (unthrottled).`
        : `\nOver the budgets (unthrottled): ${over.join('; ')}`,
    );
    if (over.length > 0 && process.env.PERF_CHECK === '1') process.exitCode = 1;
  } finally {
    stop();
  }
}

await main();

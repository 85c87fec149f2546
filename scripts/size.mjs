// `npm run size` (after `vite build`): gzip sizes of the entry chunk and of every route's own chunks, read
// from the Vite manifest; exits 1 when the entry chunk is over its budget (ENTRY_BUDGET_KB gzip), when all
// the initial JS is over its own (INITIAL_BUDGET_KB gzip), when the parameter builders are loaded up front, when
// a route's lazy chunk is loaded up front (in the entry's static imports), when lightweight-charts is
// loaded up front (it belongs to the chart routes only), when the API explorer's or the fund page's
// code is (only their URL state may be), when the contract's operation definitions are (their schemas
// load with the first call, src/api/catalog.ts) or when the build cannot be read.
// `node scripts/size.mjs <dist folder>` for another build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? process.env.SIZE_DIST ?? 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const ROUTES_DIR = 'src/routes/';
const STOCK_ROUTE = `${ROUTES_DIR}stock.$thscode.tsx`;
const CHARTS = 'lightweight-charts';
/**
 * Features that load with their routes: only their URL state is read up front (route validation); any
 * other of their files in the initial chunks fails the step.
 */
const ROUTE_FEATURES = [
  {
    name: 'the API explorer',
    dir: 'src/features/explorer/',
    upFront: ['src/features/explorer/url-state.ts'],
  },
  { name: 'the fund page', dir: 'src/features/fund/', upFront: ['src/features/fund/url-state.ts'] },
];
/**
 * Gzip budget of the entry chunk (issue 16): what is evaluated before the start's stages (React DOM). The
 * stages (the client, the router, the shell and the search) count in the initial JS below.
 */
const ENTRY_BUDGET_KB = 100;
/**
 * Gzip budget of all JavaScript loaded before any route runs (the entry and its static imports, shared
 * chunks included). React DOM alone is ~60 kB and the router and TanStack Query ~40 kB, so 100 kB is out
 * of reach for it; this is its figure after issue 16's cuts (165.9 kB) plus a small margin, so that what
 * the first paint does not need cannot creep back up front.
 */
const INITIAL_BUDGET_KB = 171;
/** The contract's parameter builders: they load with the catalog; pages read params-terms.ts. */
const PARAM_BUILDERS = 'src/contract/params.ts';
/** What a file of operation definitions calls at its top level (src/contract/operation.ts). */
const OPERATION_DEFINITIONS = 'defineOperations(';

function fail(message) {
  console.error(`size: ${message}`);
  process.exit(1);
}

if (!existsSync(manifestPath)) fail(`no Vite manifest at ${manifestPath}: run \`vite build\` first`);
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** Chunks loaded with `start` before it runs: itself and its static imports, transitively. */
function staticClosure(starts) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

/** Everything a chunk may load, lazily or not, beyond what is already loaded up front (`skip`). */
function fullClosure(starts, skip = new Set()) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || skip.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}

const sizes = new Map();
function sizeOf(file) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(path.join(dist, file));
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    sizes.set(file, size);
  }
  return size;
}

/** The source files a chunk bundles, from its source map (empty without one). */
function sourcesOf(file) {
  const mapPath = path.join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  return (map.sources ?? []).map((source) =>
    path.relative(root, path.resolve(dist, path.dirname(file), source)),
  );
}

/** The source files a chunk bundles whose text (from its source map) defines contract operations. */
function operationDefinitionsIn(file) {
  const mapPath = path.join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const map = JSON.parse(readFileSync(mapPath, 'utf8'));
  return (map.sources ?? [])
    .filter((source, i) => (map.sourcesContent?.[i] ?? '').includes(OPERATION_DEFINITIONS))
    .map((source) => path.relative(root, path.resolve(dist, path.dirname(file), source)));
}

/** Whether a chunk bundles lightweight-charts: its source map lists the package's files. */
function hasCharts(file) {
  const mapPath = path.join(dist, `${file}.map`);
  if (existsSync(mapPath)) {
    const map = JSON.parse(readFileSync(mapPath, 'utf8'));
    return (map.sources ?? []).some((source) => source.includes(`node_modules/${CHARTS}/`));
  }
  // Without a map: the library's own license banner and attribution name it.
  const text = readFileSync(path.join(dist, file), 'utf8');
  return text.includes(CHARTS) || text.includes('TradingView');
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} kB`;
function line(label, files) {
  const total = files.reduce(
    (sum, file) => {
      const size = sizeOf(file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
    },
    { raw: 0, gzip: 0 },
  );
  console.log(`  ${label.padEnd(48)} ${kB(total.gzip)} gzip ${kB(total.raw)} raw`);
  return total;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');
/**
 * The chunks index.html loads itself: the entry and what the build preloads beside it, the start's
 * stages (src/main.tsx imports them dynamically, one task each; vite.config.ts puts them in index.html).
 */
const indexPath = path.join(dist, 'index.html');
const htmlFiles = existsSync(indexPath)
  ? new Set([...readFileSync(indexPath, 'utf8').matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]))
  : new Set();
const htmlKeys = Object.keys(manifest).filter((key) => htmlFiles.has(manifest[key].file));
const stages = (manifest[entryKey].dynamicImports ?? []).filter((key) => htmlKeys.includes(key));
const initial = staticClosure([entryKey, ...htmlKeys]);

/** The route file a chunk was split from (`src/routes/x.tsx?tsr-split=component` → `src/routes/x.tsx`). */
function routeOf(key) {
  const source = (manifest[key].src ?? key).split('?')[0];
  return source.startsWith(ROUTES_DIR) ? source : null;
}

// Every lazily loaded chunk of a route file (the router plugin splits each route's component out).
const routeChunks = new Map();
for (const key of Object.keys(manifest)) {
  const route = routeOf(key);
  if (!route || !manifest[key].isDynamicEntry) continue;
  routeChunks.set(route, [...(routeChunks.get(route) ?? []), key]);
}
if (routeChunks.size === 0) fail(`no lazily loaded chunk of a file in ${ROUTES_DIR} in the manifest`);
if (!routeChunks.has(STOCK_ROUTE)) fail(`no chunk for ${STOCK_ROUTE} in the manifest`);

const files = (keys) => [...new Set(keys.map((key) => manifest[key].file))];
const cssOf = (keys) => [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
console.log(`Bundle sizes (${path.relative(root, dist) || '.'}; gzip -9)`);
const entry = line(`entry chunk ${manifest[entryKey].file}`, [manifest[entryKey].file]);
if (stages.length > 0) line(`start stages (${stages.length}, preloaded by index.html)`, files(stages));
const initialJs = line('initial JS (entry, stages + static imports)', files([...initial]));
const initialCss = cssOf([...initial]);
if (initialCss.length > 0) line('initial CSS', initialCss);

const allRouteKeys = [...routeChunks.values()].flat();
const upFront = [];
const withCharts = [];
for (const [route, keys] of [...routeChunks].sort(([a], [b]) => a.localeCompare(b))) {
  const name = route.slice(ROUTES_DIR.length).replace(/\.tsx?$/, '');
  const inEntry = keys.filter((key) => initial.has(key));
  if (inEntry.length > 0) upFront.push(`${route} (${files(inEntry).join(', ')})`);
  // What only this route brings: its chunks and their imports, minus what is loaded up front and what
  // the other routes' chunks load too.
  const others = fullClosure(
    allRouteKeys.filter((key) => !keys.includes(key)),
    initial,
  );
  const own = [...fullClosure(keys, initial)].filter((key) => !others.has(key));
  line(`route ${name}: own chunk`, files(keys));
  line(`route ${name}: with what only it loads`, files(own));
  const ownCss = cssOf(own).filter((file) => !initialCss.includes(file));
  if (ownCss.length > 0) line(`route ${name}: CSS`, ownCss);
  if (files([...fullClosure(keys, initial)]).some(hasCharts)) withCharts.push(name);
}

// Lazy chunks that several routes load (shared feature code, the chart library).
const loadedBy = new Map();
for (const keys of routeChunks.values()) {
  for (const key of fullClosure(keys, initial)) loadedBy.set(key, (loadedBy.get(key) ?? 0) + 1);
}
const sharedLazy = [...loadedBy].filter(([, count]) => count > 1).map(([key]) => key);
if (sharedLazy.length > 0) line('lazy chunks shared by several routes', files(sharedLazy));

if (upFront.length > 0) {
  fail(`route chunks are in the entry's static imports, loaded before any route: ${upFront.join('; ')}`);
}
console.log(`  route chunks: ${routeChunks.size} routes, none in the entry's static imports`);
const initialWithCharts = files([...initial]).filter(hasCharts);
if (initialWithCharts.length > 0) {
  fail(
    `${CHARTS} is in the initial chunks (${initialWithCharts.join(', ')}); load it from the chart routes only`,
  );
}
const initialSources = files([...initial]).flatMap((file) =>
  sourcesOf(file).map((source) => ({ file, source })),
);
for (const feature of ROUTE_FEATURES) {
  const stray = initialSources
    .filter(({ source }) => source.startsWith(feature.dir) && !feature.upFront.includes(source))
    .map(({ file, source }) => `${source} in ${file}`);
  if (stray.length > 0) {
    fail(`${feature.name}'s code is in the initial chunks (${stray.join(', ')}); it loads with its routes`);
  }
  console.log(`  ${feature.name}: not in the initial chunks (only ${feature.upFront.join(', ')})`);
}
const operationsUpFront = files([...initial]).flatMap(operationDefinitionsIn);
if (operationsUpFront.length > 0) {
  fail(
    `contract operations are defined in the initial chunks (${operationsUpFront.join(', ')}): their schemas load with the catalog on the first call; import plain values from a *-terms module`,
  );
}
console.log('  contract operations: none defined in the initial chunks (the catalog loads on first use)');
const buildersUpFront = files([...initial]).filter((file) =>
  sourcesOf(file).some((source) => source === PARAM_BUILDERS || source.endsWith(`/${PARAM_BUILDERS}`)),
);
if (buildersUpFront.length > 0) {
  fail(
    `${PARAM_BUILDERS} is in the initial chunks (${buildersUpFront.join(', ')}): its builders load with the catalog; import code and date forms from src/contract/params-terms.ts`,
  );
}
console.log(`  parameter builders (${PARAM_BUILDERS}): not in the initial chunks`);
if (entry.gzip > ENTRY_BUDGET_KB * 1024) {
  fail(`the entry chunk is ${(entry.gzip / 1024).toFixed(1)} kB gzip, over its ${ENTRY_BUDGET_KB} kB budget`);
}
console.log(`  entry chunk: within its ${ENTRY_BUDGET_KB} kB gzip budget`);
if (initialJs.gzip > INITIAL_BUDGET_KB * 1024) {
  fail(
    `the initial JS is ${(initialJs.gzip / 1024).toFixed(1)} kB gzip, over its ${INITIAL_BUDGET_KB} kB budget: load what the first paint does not need with the routes that use it`,
  );
}
console.log(`  initial JS: within its ${INITIAL_BUDGET_KB} kB gzip budget`);
console.log(
  withCharts.length > 0
    ? `  ${CHARTS}: not in the initial chunks; loaded with the routes ${withCharts.join(', ')}`
    : `  ${CHARTS}: not in the initial chunks`,
);

// `npm run size` (after `vite build`): gzip sizes of the entry chunk and of the stock route's chunks, read
// from the Vite manifest; exits 1 when lightweight-charts is loaded up front (it belongs to the stock
// route only), when the API explorer's code is (only its URL state may be), or when the build cannot be
// read. `node scripts/size.mjs <dist folder>` for another build.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? process.env.SIZE_DIST ?? 'dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const STOCK_ROUTE = 'src/routes/stock.$thscode.tsx';
const CHARTS = 'lightweight-charts';
/** The API explorer loads with its routes; only its URL state is read up front (route validation). */
const EXPLORER = 'src/features/explorer/';
const EXPLORER_UP_FRONT = ['src/features/explorer/url-state.ts'];

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

/** Everything a chunk may load, lazily or not. */
function fullClosure(starts) {
  const seen = new Set();
  const stack = [...starts];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
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
  console.log(`  ${label.padEnd(44)} ${kB(total.gzip)} gzip ${kB(total.raw)} raw`);
  return total;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) fail('the manifest has no entry chunk');
const initial = staticClosure([entryKey]);

const stockKeys = Object.keys(manifest).filter((key) => (manifest[key].src ?? key).startsWith(STOCK_ROUTE));
if (stockKeys.length === 0) fail(`no chunk for ${STOCK_ROUTE} in the manifest`);
const otherDynamic = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && !stockKeys.includes(key) && !fullClosure(stockKeys).has(key),
);
const usedElsewhere = fullClosure(otherDynamic);
// What only the stock route brings: its chunks and their imports, minus what is already loaded up front
// and what other routes share.
const stockOnly = [...fullClosure(stockKeys)].filter((key) => !initial.has(key) && !usedElsewhere.has(key));
const shared = [...fullClosure(stockKeys)].filter((key) => !initial.has(key) && usedElsewhere.has(key));

const files = (keys) => [...new Set(keys.map((key) => manifest[key].file))];
console.log(`Bundle sizes (${path.relative(root, dist) || '.'}; gzip -9)`);
line(`entry chunk ${manifest[entryKey].file}`, [manifest[entryKey].file]);
line('initial JS (entry + static imports)', files([...initial]));
for (const file of files(stockKeys)) line(`stock route ${file}`, [file]);
line('stock route, with what only it loads', files(stockOnly));
if (shared.length > 0) line('shared with other routes', files(shared));
const cssOf = (keys) => [...new Set(keys.flatMap((key) => manifest[key].css ?? []))];
const initialCss = cssOf([...initial]);
const stockCss = cssOf(stockOnly).filter((file) => !initialCss.includes(file));
if (initialCss.length > 0) line('initial CSS', initialCss);
if (stockCss.length > 0) line('stock route CSS', stockCss);

const initialWithCharts = files([...initial]).filter(hasCharts);
const stockWithCharts = files(stockOnly).filter(hasCharts);
if (initialWithCharts.length > 0) {
  fail(
    `${CHARTS} is in the initial chunks (${initialWithCharts.join(', ')}); load it from the stock route only`,
  );
}
const explorerUpFront = files([...initial]).flatMap((file) =>
  sourcesOf(file).filter((source) => source.startsWith(EXPLORER) && !EXPLORER_UP_FRONT.includes(source)),
);
if (explorerUpFront.length > 0) {
  fail(
    `the API explorer's code is in the initial chunks (${explorerUpFront.join(', ')}); it loads with its routes`,
  );
}
const explorerKeys = Object.keys(manifest).filter((key) =>
  (manifest[key].src ?? key).startsWith('src/routes/explorer.'),
);
for (const file of files(explorerKeys)) line(`explorer route ${file}`, [file]);
console.log(`  API explorer: not in the initial chunks (only ${EXPLORER_UP_FRONT.join(', ')})`);
console.log(
  stockWithCharts.length > 0
    ? `  ${CHARTS}: not in the initial chunks; loaded with the stock route (${stockWithCharts.join(', ')})`
    : `  ${CHARTS}: not in the initial chunks`,
);

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  /** Source files the chunk bundles (written to its source map). */
  sources?: string[];
  /** Their text (the map's `sourcesContent`), when a test needs it. */
  contents?: string[];
  /** Size of the chunk file in bytes of incompressible text (default: a line naming the chunk). */
  bytes?: number;
}

/** A fake build: a Vite manifest, the chunk files and their source maps (and index.html when given). */
function build(chunks: Record<string, Chunk>, indexHtml?: string): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'size-test-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  const manifest: Record<string, Omit<Chunk, 'sources' | 'contents' | 'bytes'>> = {};
  for (const [key, { sources = [], contents, bytes, ...chunk }] of Object.entries(chunks)) {
    manifest[key] = chunk;
    writeFileSync(
      path.join(dist, chunk.file),
      bytes === undefined ? `console.log(${JSON.stringify(key)});` : randomBytes(bytes),
    );
    writeFileSync(
      path.join(dist, `${chunk.file}.map`),
      JSON.stringify({ version: 3, sources, sourcesContent: contents, mappings: '' }),
    );
  }
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  if (indexHtml !== undefined) writeFileSync(path.join(dist, 'index.html'), indexHtml);
  return dist;
}

async function size(dist: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'scripts', 'size.mjs'), dist]);
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const field = (name: string): unknown =>
      typeof error === 'object' && error !== null && name in error
        ? Object.entries(error).find(([key]) => key === name)?.[1]
        : undefined;
    const code = field('code');
    return {
      code: typeof code === 'number' ? code : -1,
      out: `${String(field('stdout'))}${String(field('stderr'))}`,
    };
  }
}

const STOCK = 'src/routes/stock.$thscode.tsx?tsr-split=component';
const FUND = 'src/routes/fund.$thscode.tsx?tsr-split=component';
const CHARTS = { file: 'assets/TimeChart.js', sources: ['../../node_modules/lightweight-charts/dist/x.js'] };

function app(entryImports: string[], fundImports: string[] = ['TimeChart']): Record<string, Chunk> {
  return {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: entryImports,
      dynamicImports: [STOCK, FUND],
    },
    [STOCK]: {
      file: 'assets/stock.js',
      src: STOCK,
      isDynamicEntry: true,
      imports: ['index.html', 'TimeChart'],
    },
    [FUND]: {
      file: 'assets/fund.js',
      src: FUND,
      isDynamicEntry: true,
      imports: ['index.html', ...fundImports],
    },
    TimeChart: CHARTS,
  };
}

describe('size step', () => {
  it('reports every route and passes when route chunks and the chart library load lazily', async () => {
    const { code, out } = await size(build(app([])));
    expect(code, out).toBe(0);
    expect(out).toContain('route fund.$thscode: own chunk');
    expect(out).toContain('route stock.$thscode: own chunk');
    expect(out).toContain('2 routes, none in the entry');
    expect(out).toContain('loaded with the routes fund.$thscode, stock.$thscode');
  });

  it("fails when a route's own chunk is a static import of the entry", async () => {
    const { code, out } = await size(build(app([FUND])));
    expect(code).toBe(1);
    expect(out).toContain('src/routes/fund.$thscode.tsx (assets/fund.js)');
  });

  it('fails when the chart library is loaded up front', async () => {
    const { code, out } = await size(build(app(['TimeChart'], [])));
    expect(code).toBe(1);
    expect(out).toContain('lightweight-charts is in the initial chunks');
  });

  it("fails when the contract's operation definitions are loaded up front, naming the file", async () => {
    const withCatalog = (catalog: Chunk): Record<string, Chunk> => ({ ...app(['catalog']), catalog });
    const { code, out } = await size(
      build(
        withCatalog({
          file: 'assets/catalog.js',
          sources: ['../../src/contract/operations/news.ts', '../../src/contract/operations/news-terms.ts'],
          contents: [
            "export const newsOperations = defineOperations({ group: 'news' }, {});",
            'export const A = 1;',
          ],
        }),
      ),
    );
    expect(code).toBe(1);
    expect(out).toMatch(
      /contract operations are defined in the initial chunks \([^)]*operations\/news\.ts\)/,
    );
    // Plain values from a *-terms module may load up front.
    const terms = withCatalog({
      file: 'assets/catalog.js',
      sources: ['../../src/contract/operations/news-terms.ts'],
      contents: ['export const A = 1;'],
    });
    expect((await size(build(terms))).code).toBe(0);
  });

  it("fails when the fund page's or the explorer's own code is in the initial chunks; their URL state may be", async () => {
    const withShared = (sources: string[]): Record<string, Chunk> => ({
      ...app(['shared']),
      // Absolute paths: the map's sources resolve to the repository's files wherever the fake build is.
      shared: { file: 'assets/shared.js', sources: sources.map((s) => path.join(root, s)) },
    });
    const fund = await size(build(withShared(['src/features/fund/NavChart.tsx', 'src/lib/format.ts'])));
    expect(fund.code).toBe(1);
    expect(fund.out).toContain(
      "the fund page's code is in the initial chunks (src/features/fund/NavChart.tsx in assets/shared.js)",
    );
    const explorer = await size(build(withShared(['src/features/explorer/ExplorerView.tsx'])));
    expect(explorer.code).toBe(1);
    expect(explorer.out).toContain("the API explorer's code is in the initial chunks");
    const urlState = await size(
      build(withShared(['src/features/fund/url-state.ts', 'src/features/explorer/url-state.ts'])),
    );
    expect(urlState.code, urlState.out).toBe(0);
    expect(urlState.out).toContain(
      'the fund page: not in the initial chunks (only src/features/fund/url-state.ts)',
    );
  });

  it('fails when the entry chunk is over its gzip budget', async () => {
    const withEntryOf = (bytes: number): Record<string, Chunk> => ({
      ...app([]),
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: [STOCK, FUND], bytes },
    });
    const { code, out } = await size(build(withEntryOf(101 * 1024)));
    expect(code).toBe(1);
    expect(out).toMatch(/the entry chunk is 10\d\.\d kB gzip, over its 100 kB budget/);
    expect((await size(build(withEntryOf(90 * 1024)))).code).toBe(0);
  });

  it("counts the start's stages that index.html preloads as initial JS", async () => {
    // src/main.tsx imports its stages dynamically; the build preloads them in index.html.
    const STAGE = 'src/app.tsx';
    const staged = (stageBytes: number, stageImports: string[] = []): Record<string, Chunk> => ({
      ...app([]),
      'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: [STAGE] },
      [STAGE]: {
        file: 'assets/app.js',
        isDynamicEntry: true,
        imports: stageImports,
        dynamicImports: [STOCK, FUND],
        bytes: stageBytes,
      },
    });
    const html =
      '<script type="module" src="/assets/index.js"></script><link rel="modulepreload" href="/assets/app.js">';
    const over = await size(build(staged(172 * 1024), html));
    expect(over.code).toBe(1);
    expect(over.out).toMatch(/the initial JS is 17\d\.\d kB gzip, over its 171 kB budget/);
    const within = await size(build(staged(60 * 1024), html));
    expect(within.code, within.out).toBe(0);
    expect(within.out).toMatch(/start stages \(1, preloaded by index\.html\) +6\d\.\d kB gzip/);
    // What a stage imports statically is loaded up front, so a route chunk there fails the step.
    const routeInStage = await size(build(staged(1024, [FUND]), html));
    expect(routeInStage.code).toBe(1);
    expect(routeInStage.out).toContain('src/routes/fund.$thscode.tsx (assets/fund.js)');
    // Without the preload in index.html the stage is a lazy chunk like any other.
    const lazy = await size(
      build(staged(172 * 1024), '<script type="module" src="/assets/index.js"></script>'),
    );
    expect(lazy.code, lazy.out).toBe(0);
  });

  it('fails when all the initial JS is over its gzip budget, shared chunks included', async () => {
    const withSharedOf = (bytes: number): Record<string, Chunk> => ({
      ...app(['shared']),
      shared: { file: 'assets/shared.js', bytes },
    });
    const { code, out } = await size(build(withSharedOf(172 * 1024)));
    expect(code).toBe(1);
    expect(out).toMatch(/the initial JS is 17\d\.\d kB gzip, over its 171 kB budget/);
    expect((await size(build(withSharedOf(160 * 1024)))).code).toBe(0);
  });

  it("fails when the contract's parameter builders are loaded up front", async () => {
    const withShared = (sources: string[]): Record<string, Chunk> => ({
      ...app(['shared']),
      shared: { file: 'assets/shared.js', sources },
    });
    const { code, out } = await size(build(withShared(['../../src/contract/params.ts'])));
    expect(code).toBe(1);
    expect(out).toContain('src/contract/params.ts is in the initial chunks (assets/shared.js)');
    // Their plain values may load up front.
    expect((await size(build(withShared(['../../src/contract/params-terms.ts'])))).code).toBe(0);
  });
});

import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routePaths } from '../bench/routes';
import { matchScore, pagePreloads, routePatternOf, type Manifest } from './page-preload';

const INDEX =
  '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>';

/** A build's manifest as Vite writes it, reduced to what the preloads read. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js', '_query-1.js'] },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_query-1.js': {
    file: 'assets/query-1.js',
    dynamicImports: ['_catalog-1.js', 'src/routes/stock.$thscode.tsx?tsr-split=loader'],
  },
  '_catalog-1.js': { file: 'assets/catalog-1.js', imports: ['_react-1.js', '_schemas-1.js'] },
  '_schemas-1.js': { file: 'assets/schemas-1.js' },
  '_chart-1.js': { file: 'assets/chart-1.js', css: ['assets/chart-1.css'] },
  'src/routes/stock.$thscode.tsx?tsr-split=loader': {
    file: 'assets/stock-loader-1.js',
    imports: ['_query-1.js'],
  },
  'src/routes/stock.$thscode.tsx?tsr-split=component---pendingComponent': {
    file: 'assets/stock-view-1.js',
    imports: ['_chart-1.js', '_react-1.js'],
    css: ['assets/stock-1.css'],
  },
  'src/routes/fund.compare.tsx?tsr-split=component': { file: 'assets/fund-compare-1.js' },
  'src/routes/fund.$thscode.tsx?tsr-split=component': { file: 'assets/fund-1.js' },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/home-1.js' },
  'src/routes/news.index.tsx?tsr-split=component': { file: 'assets/news-1.js' },
  'src/routes/explorer.$.tsx?tsr-split=component': { file: 'assets/explorer-1.js' },
  'src/routes/explorer.index.tsx?tsr-split=component': { file: 'assets/explorer-index-1.js' },
};

/** The files a page's HTML asks the browser to fetch ahead (scripts and styles). */
function preloaded(html: string): string[] {
  return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('page preloads', () => {
  const pages = pagePreloads(MANIFEST, INDEX);

  it("names a route's chunks, their imports, its styles and the catalog, but nothing index.html loads", () => {
    const html = pages.htmlFor('/stock/600519.SH');
    expect(preloaded(html).sort()).toEqual(
      [
        'assets/stock-loader-1.js',
        'assets/stock-view-1.js',
        'assets/chart-1.js',
        'assets/stock-1.css',
        'assets/chart-1.css',
        'assets/catalog-1.js',
        'assets/schemas-1.js',
      ].sort(),
    );
    expect(html).toContain('<script type="module" src="/assets/index-1.js"></script>');
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain(
      '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/stock-1.css">',
    );
  });

  it('a literal segment wins over a parameter, and the home page gets its own chunk', () => {
    expect(preloaded(pages.htmlFor('/fund/compare'))).toContain('assets/fund-compare-1.js');
    expect(preloaded(pages.htmlFor('/fund/compare'))).not.toContain('assets/fund-1.js');
    expect(preloaded(pages.htmlFor('/fund/005827.OF'))).toContain('assets/fund-1.js');
    expect(preloaded(pages.htmlFor('/'))).toContain('assets/home-1.js');
    expect(preloaded(pages.htmlFor('/news'))).toContain('assets/news-1.js');
    expect(preloaded(pages.htmlFor('/news/'))).toContain('assets/news-1.js');
    expect(preloaded(pages.htmlFor('/explorer/a-share/prices/snapshot'))).toContain('assets/explorer-1.js');
    for (const path of ['/explorer', '/explorer/']) {
      expect(preloaded(pages.htmlFor(path))).toContain('assets/explorer-index-1.js');
      expect(preloaded(pages.htmlFor(path))).not.toContain('assets/explorer-1.js');
    }
  });

  it('a path no route has gets the catalog only; odd paths do not throw', () => {
    for (const path of ['/nope', '/stock', '/stock/a/b', '/%E0%A4%A', '/fund/compare/x']) {
      expect(preloaded(pages.htmlFor(path))).toEqual(['assets/catalog-1.js', 'assets/schemas-1.js']);
    }
  });

  it("leaves out the start's stages index.html preloads itself, and adds the catalog they load lazily", () => {
    // src/main.tsx imports its stages dynamically; the build puts them in index.html (vite.config.ts).
    const staged: Manifest = {
      'index.html': { file: 'assets/index-2.js', dynamicImports: ['src/app.tsx'] },
      'src/app.tsx': {
        file: 'assets/app-2.js',
        imports: ['_react-1.js'],
        dynamicImports: ['_catalog-1.js', 'src/routes/stock.$thscode.tsx?tsr-split=loader'],
      },
      '_react-1.js': MANIFEST['_react-1.js'] ?? { file: '' },
      '_catalog-1.js': { file: 'assets/catalog-1.js', imports: ['_react-1.js'] },
      'src/routes/stock.$thscode.tsx?tsr-split=loader': { file: 'assets/stock-loader-1.js' },
    };
    const html =
      '<html><head><script type="module" src="/assets/index-2.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/app-2.js"></head><body></body></html>';
    // app-2.js once: the link index.html has.
    expect(preloaded(pagePreloads(staged, html).htmlFor('/stock/600519.SH')).sort()).toEqual(
      ['assets/app-2.js', 'assets/catalog-1.js', 'assets/stock-loader-1.js'].sort(),
    );
  });

  it('a build without lazy chunks gets index.html unchanged', () => {
    expect(pagePreloads({ 'index.html': { file: 'assets/index-1.js' } }, INDEX).htmlFor('/')).toBe(INDEX);
  });
});

describe('route paths from the file names of src/routes', () => {
  it("are the router's own: every route of the generated tree, and no other", () => {
    const routerPaths = routePaths();
    const files = readdirSync(new URL('../src/routes/', import.meta.url)).filter((f) => /\.tsx?$/.test(f));
    const ours = files.flatMap((file) => routePatternOf(file)?.path ?? []);
    expect(routerPaths.length).toBeGreaterThan(10);
    expect(ours.sort()).toEqual(routerPaths.sort());
  });

  it('match URLs segment by segment', () => {
    const stock = routePatternOf('stock.$thscode.tsx');
    const index = routePatternOf('[index].$thscode.tsx');
    const splat = routePatternOf('explorer.$.tsx');
    if (stock === null || index === null || splat === null) throw new Error('no pattern');
    expect(index.path).toBe('/index/$thscode');
    expect(matchScore(index, '/index/000300.SH')).not.toBeNull();
    expect(matchScore(stock, '/index/000300.SH')).toBeNull();
    expect(matchScore(stock, '/stock/600519.SH/')).not.toBeNull();
    expect(matchScore(splat, '/explorer')).not.toBeNull();
    expect(routePatternOf('__root.tsx')).toBeNull();
    expect(routePatternOf('-routes.test.tsx')).toBeNull();
  });
});

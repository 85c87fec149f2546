import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * index.html as each page needs it: the built file plus `<link rel="modulepreload">` (and `preload` for
 * CSS) for the chunks of the route its path opens and the contract's catalog, read from Vite's manifest.
 * Without them the browser learns of a route's chunks only once the entry has run and the router has
 * matched the path, and of the catalog only once the route's loader asks for data: three network rounds
 * in a row before the first request for data. With them all of it downloads beside the entry.
 *
 * Route paths come from the file names of `src/routes` (TanStack Router's flat-file convention, the
 * same names the router's generated tree is built from). A path no route matches gets the catalog only.
 */

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

const ROUTES_DIR = 'src/routes/';
const ENTRY = 'index.html';

/** One segment of a route path: a literal, a `$param` (one segment) or the `$` splat (the rest). */
type Segment = { kind: 'literal'; text: string } | { kind: 'param' } | { kind: 'splat' };

export interface RoutePattern {
  /** The route's full path as the router's tree names it: `/stock/$thscode`, `/news/`, `/`. */
  path: string;
  segments: Segment[];
}

/**
 * The route path of a file in `src/routes`: dots separate segments, `[x]` escapes a name the convention
 * would otherwise read (`[index]` is the literal segment "index"), a last segment `index` makes the
 * directory's index route (`news.index.tsx` → `/news/`), `_`-prefixed segments are pathless layouts.
 * Null for files that are no route (`__root.tsx`, `-`-prefixed files).
 */
export function routePatternOf(file: string): RoutePattern | null {
  const base = file.replace(/\.(tsx|ts|jsx|js)$/, '');
  if (base.startsWith('-') || base === '__root') return null;
  const parts = base.split('.');
  const segments: Segment[] = [];
  const names: string[] = [];
  let index = false;
  parts.forEach((part, at) => {
    const escaped = /^\[(.*)\]$/.exec(part);
    if (escaped) {
      segments.push({ kind: 'literal', text: escaped[1] ?? '' });
    } else if (part === 'index' && at === parts.length - 1) {
      index = true;
      return;
    } else if (part.startsWith('_')) {
      return;
    } else if (part === '$') {
      segments.push({ kind: 'splat' });
    } else if (part.startsWith('$')) {
      segments.push({ kind: 'param' });
    } else {
      segments.push({ kind: 'literal', text: part });
    }
    names.push(escaped?.[1] ?? part);
  });
  const path = `/${names.join('/')}${index && names.length > 0 ? '/' : ''}`;
  return { path, segments };
}

/**
 * How well a URL path fits a pattern: null when it does not; otherwise higher for more literal
 * segments, so `/fund/compare` wins over `/fund/$thscode`, and an exact match over a splat.
 */
export function matchScore(pattern: RoutePattern, urlPath: string): number | null {
  const parts = urlPath.split('/').filter((part) => part !== '');
  let score = 0;
  for (const [at, segment] of pattern.segments.entries()) {
    if (segment.kind === 'splat') return score;
    const part = parts[at];
    if (part === undefined) return null;
    if (segment.kind === 'literal') {
      if (safeDecode(part) !== segment.text) return null;
      score += 2;
    } else {
      score += 1;
    }
  }
  // An exact match beats a splat that also takes the path (`/explorer` is the index, not `/explorer/$`).
  return parts.length === pattern.segments.length ? score + 1 : null;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Manifest keys of `starts` and everything they import statically, in import order. */
function staticClosure(manifest: Manifest, starts: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || manifest[key] === undefined) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  starts.forEach(visit);
  return [...seen];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * The `<link>` tags for the chunks of `keys` that the HTML does not load already. At low priority: the
 * entry's own chunks come first, as the shell's first paint needs them (at the default priority
 * Lighthouse measured the stock view's first contentful paint at 1.3-1.7 s instead of 0.7 s).
 */
function linkTags(manifest: Manifest, keys: readonly string[], loaded: ReadonlySet<string>): string {
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of staticClosure(manifest, keys)) {
    const chunk = manifest[key];
    if (chunk === undefined || loaded.has(key)) continue;
    scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css)) styles.push(css);
  }
  return [
    ...styles.map(
      (file) =>
        `<link rel="preload" as="style" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...scripts.map(
      (file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`,
    ),
  ].join('\n    ');
}

/**
 * The manifest keys of the scripts index.html loads itself: the entry and the links the build adds (the
 * start's stages, vite.config.ts), which the entry imports dynamically rather than statically.
 */
function keysLoadedBy(manifest: Manifest, indexHtml: string): string[] {
  const files = new Set([...indexHtml.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]));
  return Object.keys(manifest).filter((key) => files.has(manifest[key]?.file));
}

export interface PagePreloads {
  /** index.html for a page path: the built file with that route's preload links in its head. */
  htmlFor(urlPath: string): string;
}

/**
 * Builds every route's HTML once from the manifest and index.html; `htmlFor` picks one per request.
 * Each route's links cover its own chunks (loader, component) with their imports and the chunks the
 * entry loads lazily for every page (the contract's catalog), minus what index.html loads already.
 */
export function pagePreloads(manifest: Manifest, indexHtml: string): PagePreloads {
  const loaded = new Set(staticClosure(manifest, [ENTRY, ...keysLoadedBy(manifest, indexHtml)]));
  // What the start imports dynamically that is no route: the catalog and the parameter builders.
  const lazyShared = [...loaded].flatMap((key) =>
    (manifest[key]?.dynamicImports ?? []).filter((next) => !next.startsWith(ROUTES_DIR)),
  );
  const byRoute = new Map<string, { pattern: RoutePattern; keys: string[] }>();
  for (const key of Object.keys(manifest)) {
    if (!key.startsWith(ROUTES_DIR)) continue;
    const file = key.slice(ROUTES_DIR.length).split('?')[0] ?? '';
    if (file.includes('/')) continue;
    const pattern = routePatternOf(file);
    if (pattern === null) continue;
    const route = byRoute.get(pattern.path) ?? { pattern, keys: [] };
    route.keys.push(key);
    byRoute.set(pattern.path, route);
  }
  const withLinks = (keys: readonly string[]) => {
    const tags = linkTags(manifest, [...keys, ...lazyShared], loaded);
    return tags === '' ? indexHtml : indexHtml.replace('</head>', `    ${tags}\n  </head>`);
  };
  const pages = [...byRoute.values()].map(({ pattern, keys }) => ({ pattern, html: withLinks(keys) }));
  const other = withLinks([]);
  return {
    htmlFor(urlPath) {
      let best: { score: number; html: string } | null = null;
      for (const page of pages) {
        const score = matchScore(page.pattern, urlPath);
        if (score !== null && (best === null || score > best.score)) best = { score, html: page.html };
      }
      return best?.html ?? other;
    },
  };
}

/** The preloads of a build in `root` (index.html and `.vite/manifest.json`); null when either is missing. */
export function readPagePreloads(root: string): PagePreloads | null {
  const manifestPath = join(root, '.vite', 'manifest.json');
  const indexPath = join(root, ENTRY);
  if (!existsSync(manifestPath) || !existsSync(indexPath)) return null;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return null;
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) return null;
  return pagePreloads(manifest.data, readFileSync(indexPath, 'utf8'));
}

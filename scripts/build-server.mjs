// `npm run build:server`: compiles the server to JavaScript in build/server (esbuild), so that production
// starts it with `node build/server/index.js` and needs no TypeScript loader. Packages stay in
// node_modules and are loaded as usual (native ones included: better-sqlite3, @duckdb/node-api).
//
// A worker thread's entry is a file of its own, named in the code by `new URL('./x.ts', import.meta.url)`
// (server/simulator/dumps/store.ts, server/watchlists/sqlite-repository.ts): each such file is compiled
// to its own bundle, and every `new URL('<relative path>', …)` in the server's code is rewritten to
// name, from the bundle it ends up in, what it named from its source file (a worker's bundle, or a file
// such as package.json).
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { root } from './ensure-deps.mjs';

const serverDir = path.join(root, 'server');
export const SERVER_BUILD_DIR = path.join(root, 'build', 'server');
/** What `node` starts (scripts/start.mjs, deploy/Dockerfile). */
export const SERVER_ENTRY = path.join(SERVER_BUILD_DIR, 'index.js');

/** `new URL('./x', …)` or `new URL('../x', …)`: a file named relative to the module. */
const RELATIVE_URL = /new URL\((['"])(\.{1,2}\/[^'"]+)\1/g;

/** The server's production sources (no tests, no test kits). */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    const production =
      entry.name.endsWith('.ts') && !/\.test\.ts$|\.testkit\.ts$|^testkit\.ts$/.test(entry.name);
    return production ? [full] : [];
  });
}

/** Where a source file's compiled bundle goes (server/a/b.ts → build/server/a/b.js). */
function outputOf(source, outDir) {
  return path.join(outDir, path.relative(serverDir, source)).replace(/\.ts$/, '.js');
}

/** The entries: server/index.ts and every worker thread's entry its code names. */
function entries() {
  const found = new Set([path.join(serverDir, 'index.ts')]);
  for (const file of sources(serverDir)) {
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_URL)) {
      const target = path.resolve(path.dirname(file), match[2]);
      if (target.endsWith('.ts')) found.add(target);
    }
  }
  return [...found];
}

/** Rewrites the relative `new URL(…)`s of the modules going into the bundle at `outfile`. */
function relativeUrls(outfile, outDir) {
  return {
    name: 'relative-urls',
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!args.path.startsWith(serverDir + path.sep) || !RELATIVE_URL.test(text)) return undefined;
        const contents = text.replace(RELATIVE_URL, (_whole, quote, spec) => {
          const target = path.resolve(path.dirname(args.path), spec);
          const named = target.endsWith('.ts') ? outputOf(target, outDir) : target;
          const fromBundle = path.relative(path.dirname(outfile), named).split(path.sep).join('/');
          return `new URL(${quote}${fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`}${quote}`;
        });
        return { contents, loader: 'ts' };
      });
    },
  };
}

/**
 * Compiles the server into `outDir` (emptied first; build/server unless a test names another) and
 * returns the entry `node` starts. Packages resolve from where the output is: a folder outside the
 * repository needs a node_modules link.
 */
export async function buildServer(outDir = SERVER_BUILD_DIR) {
  rmSync(outDir, { recursive: true, force: true });
  for (const entry of entries()) {
    const outfile = outputOf(entry, outDir);
    await build({
      entryPoints: [entry],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [relativeUrls(outfile, outDir)],
    });
  }
  return path.join(outDir, 'index.js');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const entry = await buildServer();
  console.log(`Server compiled: node --enable-source-maps ${path.relative(root, entry)}`);
}

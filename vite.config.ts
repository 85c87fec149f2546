import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

const bffPort = Number(process.env.BFF_PORT ?? 8787);

/**
 * The start's stages (src/main.tsx imports them one after another, so that each is evaluated in a task of
 * its own) preloaded by index.html with the entry's own imports: without this each stage's files would be
 * asked for only when the stage before it had run.
 */
function preloadStartStages(): Plugin {
  let base = '/';
  return {
    name: 'preload-start-stages',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return [];
        const seen = new Set([chunk.fileName, ...chunk.imports]);
        // In the stages' order, each stage before what it imports.
        const queue = [...chunk.dynamicImports];
        const files: string[] = [];
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
          const output = bundle[file];
          if (seen.has(file) || output?.type !== 'chunk') continue;
          seen.add(file);
          files.push(file);
          queue.push(...output.imports);
        }
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * Server test files that load the process itself (a thousand sockets at once, malformed streams): each in
 * a process of its own, not one whose heap the earlier files have grown (in a shared worker the 1,100
 * connections of connection-limits.test.ts outlasted their 20 s on a busy CI machine).
 */
const OWN_PROCESS = ['server/connection-limits.test.ts', 'server/socket-fuzz.test.ts'];

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Every route's loader, and its component with its pending skeleton, in chunks of their own: the
      // entry keeps the route tree (paths and search validation) and the shell only.
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    preloadStartStages(),
    // Each script, style sheet and icon also as .br and .gz, served as they are (server/static.ts): the
    // server compressed every file on every request, on the cores the browser was loading the page with.
    compression({ include: /\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
  ],
  server: {
    proxy: { '/api': `http://127.0.0.1:${bffPort}`, '/bff': `http://127.0.0.1:${bffPort}` },
  },
  // The manifest lets scripts/size.mjs find the entry and route chunks; it reads the source maps too,
  // which are written without a reference from the bundles ('hidden') and never served (server/static.ts).
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Vitest's default on a 2-core machine is one worker (cores - 1); most files wait on servers, child
    // processes and databases as much as they compute, so two share the cores well (VITEST_WORKERS
    // overrides).
    maxWorkers: Number(process.env['VITEST_WORKERS'] ?? 2),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The browser's catalog and Testing Library's patience (scripts/vitest.setup.ts): the app's
          // tests only.
          setupFiles: ['scripts/vitest.setup.ts'],
          // The test files share their worker's modules (nothing mocks a module; fetch is stubbed per
          // test): the catalog, React and the router load once per worker, not once per file (375 s →
          // 246 s on 2 cores).
          isolate: false,
        },
      },
      {
        extends: true,
        // The same for the server's files: the catalog, the simulator and Fastify once per worker (345 s →
        // 247 s on 2 cores). Each file closes the servers, databases and child processes it starts.
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          exclude: OWN_PROCESS,
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server-alone', include: OWN_PROCESS, environment: 'node', isolate: true },
      },
    ],
  },
});

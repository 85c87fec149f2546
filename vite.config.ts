import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';

const bffPort = Number(process.env.BFF_PORT ?? 8787);

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
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['scripts/vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

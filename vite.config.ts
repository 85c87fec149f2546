import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const bffPort = Number(process.env.BFF_PORT ?? 8787);

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    proxy: { '/api': `http://127.0.0.1:${bffPort}`, '/bff': `http://127.0.0.1:${bffPort}` },
  },
  // The manifest lets scripts/size.mjs find the entry and route chunks.
  build: { outDir: 'dist', sourcemap: true, manifest: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['scripts/vitest.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

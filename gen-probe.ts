import { createDumpStore } from './server/simulator/dumps/store';
const now = Date.parse('2026-11-27T10:30:00+08:00');
const store = createDumpStore({ dir: '/work/simdumps' });
const t = performance.now();
await store.prepare(now);
console.log('generated in', ((performance.now() - t) / 1000).toFixed(1), 's');
await store.close();

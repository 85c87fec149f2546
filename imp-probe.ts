import { rmSync } from 'node:fs';
import { openResearchStore } from './server/market-data/research-store';
import { createPanelTables } from './server/market-data/panel-schema';
import { importDumpFile } from './server/market-data/panel-import';
import { crossSection } from './server/market-data/cross-section';
import { readdirSync } from 'node:fs';
const f = (k: string) => `/work/simdumps/${k}/` + readdirSync(`/work/simdumps/${k}`).find((n) => n.endsWith('.parquet'));
rmSync('/tmp/panel.duckdb', { force: true }); rmSync('/tmp/panel.duckdb.wal', { force: true });
const store = await openResearchStore('/tmp/panel.duckdb');
await store.write(createPanelTables);
for (const kind of ['daily-k', 'adjustment-factors'] as const) {
  const t = performance.now();
  const r = await store.write((c) => importDumpFile(c, { kind, path: f(kind), sha256: kind, release: 'x' }, { batchId: kind, now: Date.now }));
  console.log(kind, r, ((performance.now() - t) / 1000).toFixed(1), 's', 'rss', (process.memoryUsage().rss / 1e6).toFixed(0), 'MB');
}
for (let i = 0; i < 3; i++) { const t = performance.now(); const cs = await store.read(crossSection); console.log('cross-section', cs.item.length, (performance.now() - t).toFixed(0), 'ms'); }
console.log('maxRSS MB', (process.resourceUsage().maxRSS / 1024).toFixed(0));
await store.close();

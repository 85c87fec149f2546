import { parentPort, workerData } from 'node:worker_threads';
import { dumpJob, type DumpJobResult } from './job';
import { concatParquet, writeAdjustmentFactors, writeDailyK } from './write';

/**
 * A dump writer thread (started by store.ts): runs the one job in its `workerData`, posts the row count
 * or the failure, and ends. The server's event loop never walks a history or waits for DuckDB.
 */

const port = parentPort;
if (port === null) throw new Error('dumps/worker.ts runs as a worker thread');

async function run(): Promise<number> {
  const job = dumpJob.parse(workerData);
  switch (job.op) {
    case 'daily-k':
      return writeDailyK(job.codes, job.from, job.to, job.out);
    case 'adjustment-factors':
      return writeAdjustmentFactors(job.codes, job.to, job.out);
    case 'concat':
      return concatParquet(job.parts, job.out);
  }
}

run().then(
  (rows) => port.postMessage({ ok: true, rows } satisfies DumpJobResult),
  (err: unknown) =>
    port.postMessage({
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    } satisfies DumpJobResult),
);

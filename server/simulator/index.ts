/**
 * Public API of the embedded market data simulator (see DESIGN.md, "Simulator").
 *
 * Layout: `model/` holds the deterministic market (calendar, universe, prices and corporate actions,
 * financials, special data, instruments, news), `handlers/` one module per domain binding catalog
 * operations to the model with `defineHandler`, and `server.ts` the HTTP surface (key check, restricted
 * operations, envelopes). A new operation is a `defineHandler(catalog['x/y'], ...)` in a handler module,
 * listed in `handlers/index.ts`, with a sample query in `server.test.ts`.
 */
export { createSimulator, implementedOperations, startSimulator } from './server';
export type { SimulatorOptions } from './server';
export { createDumpStore, DUMP_FILE_ROUTE } from './dumps/store';
export type { DumpStore, DumpStoreOptions } from './dumps/store';
export type { DumpCodes } from './model/dumps';

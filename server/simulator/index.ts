/** Public API of the embedded market data simulator (see DESIGN.md, "Simulator"). */
export { createSimulator, implementedOperations, startSimulator } from './server';
export type { SimulatorOptions } from './server';

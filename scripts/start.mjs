// `npm start`: install what is missing, build the SPA when its sources changed, serve it with the BFF.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
ensureBuild();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], {
  cwd: root,
  stdio: 'inherit',
  // On the simulator the whole market's dumps are written at start-up (in the background, about 100 s of
  // both cores the first time, then reused from data/sim-dumps), so the research panel fills at once.
  env: { SIM_DUMP_PREPARE: 'at-start', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

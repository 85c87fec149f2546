// `npm start`: install what is missing, build the SPA when its sources changed, compile the server and
// start it with node (no TypeScript at run time; `npm run dev` and the tests run it through tsx).
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
ensureBuild();
// Imported once the dependencies are there: it needs esbuild.
const { buildServer } = await import('./build-server.mjs');
const entry = await buildServer();

const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  // On the simulator the whole market's dumps are written at start-up (in the background, about 100 s of
  // both cores the first time, then reused from data/sim-dumps), so the research panel fills at once.
  env: { SIM_DUMP_PREPARE: 'at-start', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

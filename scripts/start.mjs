// `npm start`: install what is missing, build the SPA when its sources changed, serve it with the BFF.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuild, ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
ensureBuild();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

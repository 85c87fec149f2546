// `npm run dev`: the BFF (with the simulator unless a key is set) on BFF_PORT, and Vite with hot reload
// proxying /api and /bff to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
const bffPort = process.env.BFF_PORT ?? '8787';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'server', 'index.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: bffPort },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BFF_PORT: bffPort },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

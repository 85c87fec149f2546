// `npm start`: install what is missing, build the SPA when its sources changed, serve it with the BFF.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const builtIndex = path.join(root, 'dist', 'index.html');
const sourcesChanged =
  !existsSync(builtIndex) ||
  ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].some(
    (entry) => newestMtime(entry) > statSync(builtIndex).mtimeMs,
  );
if (sourcesChanged) {
  console.log('Building the app (vite build)…');
  const res = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

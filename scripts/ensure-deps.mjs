// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function installed() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  return statSync(marker).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs;
}

export function ensureDeps() {
  if (installed()) return;
  console.log('Installing dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // Packages already in npm's cache are taken from it without asking the registry again (the lock file
  // pins their versions and integrity either way).
  const res = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(res.status ?? 1);
  }
}

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Builds the SPA into dist/ when it is missing or older than its sources. */
export function ensureBuild() {
  const builtIndex = path.join(root, 'dist', 'index.html');
  const sourcesChanged =
    !existsSync(builtIndex) ||
    ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'].some(
      (entry) => newestMtime(entry) > statSync(builtIndex).mtimeMs,
    );
  if (!sourcesChanged) return;
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

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDeps();

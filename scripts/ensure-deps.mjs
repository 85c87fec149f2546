// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Dependencies whose install scripts build native code: better-sqlite3 compiles SQLite when no prebuilt
 * binary can be downloaded (about 90 s on one core), esbuild checks its binary.
 */
const NATIVE = ['better-sqlite3', 'esbuild'];
const SQLITE_BINARY = path.join(
  root,
  'node_modules',
  'better-sqlite3',
  'build',
  'Release',
  'better_sqlite3.node',
);

function installed() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker) || !existsSync(SQLITE_BINARY)) return false;
  return statSync(marker).mtimeMs >= statSync(path.join(root, 'package-lock.json')).mtimeMs;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * Installs what is missing. With `nativeLater`, the native builds are left out and returned as a
 * promise of their exit code, started at once in the background (`npm test` runs its static checks
 * meanwhile and waits for it before the first step that loads them); without, they are part of the
 * install. Null when nothing was missing.
 */
export function ensureDeps({ nativeLater = false } = {}) {
  if (installed()) return null;
  console.log('Installing dependencies (npm ci)…');
  // Packages already in npm's cache are taken from it without asking the registry again (the lock file
  // pins their versions and integrity either way).
  const args = ['ci', '--no-audit', '--no-fund', '--prefer-offline'];
  const res = spawnSync(npm, nativeLater ? [...args, '--ignore-scripts'] : args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(res.status ?? 1);
  }
  if (!nativeLater) return null;
  console.log(`Building ${NATIVE.join(' and ')} in the background (npm rebuild)…`);
  return new Promise((resolve) => {
    const child = spawn(npm, ['rebuild', ...NATIVE], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code) => {
      if (code !== 0) process.stderr.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
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

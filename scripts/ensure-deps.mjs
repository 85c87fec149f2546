// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { existsSync, statSync } from 'node:fs';
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
  const res = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('npm ci failed; see the output above.');
    process.exit(res.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDeps();

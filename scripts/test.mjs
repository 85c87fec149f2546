// `npm test`: install what is missing, then format, lint, types, unit + BFF + simulator tests (Vitest),
// the production build, and the end-to-end tests in Chromium (Playwright). Every step runs even when an
// earlier one failed (except e2e, which needs the build), and a summary closes the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

ensureDeps();
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, 'reports');
mkdirSync(results, { recursive: true });
const vitestJson = path.join(results, 'vitest.json');
const playwrightJson = path.join(results, 'playwright.json');

const steps = [
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'] },
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'] },
  { name: 'types', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  {
    name: 'vitest',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  { name: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  // Gzip sizes of the entry and stock route chunks; fails when lightweight-charts is loaded up front.
  { name: 'size', cmd: process.execPath, args: [path.join(root, 'scripts', 'size.mjs')], needs: 'build' },
  {
    name: 'e2e',
    cmd: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    needs: 'build',
  },
];

const outcome = new Map();
for (const step of steps) {
  if (step.needs && outcome.get(step.needs) !== 'ok') {
    outcome.set(step.name, 'skipped');
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  outcome.set(step.name, res.status === 0 ? 'ok' : 'failed');
  console.log(`◀ ${step.name}: ${outcome.get(step.name)} in ${seconds}s`);
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}
const vitest = readJson(vitestJson);
const pw = readJson(playwrightJson);
const unitPassed = vitest?.numPassedTests ?? 0;
const unitFailed = vitest?.numFailedTests ?? 0;
const e2ePassed = pw?.stats?.expected ?? 0;
const e2eFailed = (pw?.stats?.unexpected ?? 0) + (pw?.stats?.flaky ?? 0);
const failedSteps = [...outcome].filter(([, v]) => v !== 'ok').map(([k, v]) => `${k} ${v}`);

console.log('\nSummary');
for (const [name, v] of outcome) console.log(`  ${name.padEnd(8)} ${v}`);
console.log(`  vitest   ${unitPassed} passed, ${unitFailed} failed`);
console.log(`  e2e      ${e2ePassed} passed, ${e2eFailed} failed`);
// A step that failed without failing a test (format, lint, types, build) still counts as a failure.
const failed = unitFailed + e2eFailed + failedSteps.filter((s) => !/^(vitest|e2e) failed$/.test(s)).length;
console.log(`tests: ${unitPassed + e2ePassed} passed, ${failed} failed`);
process.exit(failedSteps.length === 0 ? 0 : 1);

// `npm test`: install what is missing, then format, lint, types, unit + BFF + simulator tests (Vitest),
// the production build, and the end-to-end tests in Chromium (Playwright; sign-in and several replicas
// in runs of their own, playwright.auth.config.ts and playwright.cluster.config.ts). Every step runs
// even when an earlier one failed (except the e2e runs, which need the build), and a summary closes
// the run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDeps, root } from './ensure-deps.mjs';

// The closing line states the whole run's duration, installation included.
const runStarted = Date.now();
// On a fresh clone the native builds (SQLite, about 90 s on one core) run beside the static checks,
// which do not load them; every later step waits for them.
const nativeBuild = ensureDeps({ nativeLater: true });
// Only now: the summary reads the reports with zod, which a fresh clone has only after ensureDeps().
const { summarise, tallyPlaywright, tallyVitest } = await import('./summary.mjs');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
// Not test-results/: Playwright empties that folder when it starts.
const results = path.join(root, 'reports');
mkdirSync(results, { recursive: true });
const vitestJson = path.join(results, 'vitest.json');
const soakJson = path.join(results, 'vitest-soak.json');
const playwrightJson = path.join(results, 'playwright.json');
const playwrightSerialJson = path.join(results, 'playwright-serial.json');
const playwrightAuthJson = path.join(results, 'playwright-auth.json');
const playwrightClusterJson = path.join(results, 'playwright-cluster.json');
// A report left by an earlier run must not stand in for one this run failed to write.
for (const report of [
  vitestJson,
  soakJson,
  playwrightJson,
  playwrightSerialJson,
  playwrightAuthJson,
  playwrightClusterJson,
]) {
  rmSync(report, { force: true });
}

// Tests that measure the server under load as a client sees it (arrival times, latency ratios): timed by
// the machine's scheduler, they run alone in a step of their own, not beside the other test files.
const ALONE = ['server/gateway/budget-at-upstream.test.ts', 'server/watchlists/write-flood.test.ts'];
const steps = [
  // The static checks run side by side (`together`): each is single-threaded.
  { name: 'format', cmd: bin('prettier'), args: ['--check', '.', '--log-level', 'warn'], together: true },
  { name: 'lint', cmd: bin('eslint'), args: ['.', '--max-warnings=0'], together: true },
  // Each TypeScript project in its own environment (see tsconfig.json); declarations go to .tsbuild/.
  { name: 'types', cmd: bin('tsc'), args: ['-b'], together: true },
  {
    name: 'vitest',
    cmd: bin('vitest'),
    args: [
      'run',
      ...ALONE.flatMap((file) => ['--exclude', file]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestJson}`,
    ],
  },
  // The load tests, alone and one after the other: side by side, the write flood's latency ratio was
  // measured while the budget soak loaded the other core (2.15× against its bound of 2× in a CI run).
  // The budget's is shorter here (20 s of load, BUDGET_SOAK_S) than in `npm run soak:budget` (60 s).
  {
    name: 'soak',
    cmd: bin('vitest'),
    args: [
      'run',
      ...ALONE,
      '--no-file-parallelism',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${soakJson}`,
    ],
    env: { BUDGET_SOAK_S: process.env.BUDGET_SOAK_S ?? '20' },
  },
  { name: 'build', cmd: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  // Gzip sizes of the entry and every route's chunks; fails when a route chunk or lightweight-charts is
  // loaded up front.
  { name: 'size', cmd: process.execPath, args: [path.join(root, 'scripts', 'size.mjs')], needs: 'build' },
  // Two browsers side by side (playwright.config.ts), then the specs that must run alone.
  {
    name: 'e2e',
    cmd: bin('playwright'),
    args: ['test', '--project=chromium', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
    needs: 'build',
  },
  {
    name: 'e2e-serial',
    cmd: bin('playwright'),
    args: ['test', '--project=serial', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightSerialJson },
    needs: 'build',
  },
  // Sign-in (OIDC against a local provider, proxy mode) on servers of its own: playwright.auth.config.ts.
  {
    name: 'e2e-auth',
    cmd: bin('playwright'),
    args: ['test', '-c', 'playwright.auth.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightAuthJson },
    needs: 'build',
  },
  // Two replicas on one Redis and one PostgreSQL (playwright.cluster.config.ts); skipped with the
  // reason where those are not installed, unless REQUIRE_ENGINES=1.
  {
    name: 'e2e-cluster',
    cmd: bin('playwright'),
    args: ['test', '-c', 'playwright.cluster.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightClusterJson },
    needs: 'build',
  },
];

/** One step with its output captured, for the steps that run side by side. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.cmd, step.args, { cwd: root, env: { ...process.env, ...step.env } });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(chunks), started, ended: Date.now() }));
  });
}

function report(step, code, started, ended = Date.now()) {
  const seconds = ((ended - started) / 1000).toFixed(1);
  outcome.set(step.name, code === 0 ? 'ok' : 'failed');
  console.log(`◀ ${step.name}: ${outcome.get(step.name)} in ${seconds}s`);
}

const outcome = new Map();
for (let i = 0; i < steps.length; i++) {
  const step = steps[i];
  if (!step.together && nativeBuild !== null && !outcome.has('install')) {
    const code = await nativeBuild;
    outcome.set('install', code === 0 ? 'ok' : 'failed');
    console.log(`\n◀ install (native builds): ${outcome.get('install')}`);
  }
  if (step.needs && outcome.get(step.needs) !== 'ok') {
    outcome.set(step.name, 'skipped');
    continue;
  }
  if (step.together) {
    // The static checks, each on one core, side by side; their output is printed in order afterwards.
    const group = [];
    while (steps[i]?.together) group.push(steps[i++]);
    i--;
    const results = await Promise.all(group.map(runCaptured));
    group.forEach((member, k) => {
      console.log(`\n▶ ${member.name}`);
      process.stdout.write(results[k].output);
      report(member, results[k].code, results[k].started, results[k].ended);
    });
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const res = spawnSync(step.cmd, step.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  report(step, res.status, started);
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}
const { lines, exitCode } = summarise(
  outcome,
  {
    vitest: tallyVitest(readJson(vitestJson), root),
    soak: tallyVitest(readJson(soakJson), root),
    e2e: tallyPlaywright(readJson(playwrightJson), root),
    'e2e-serial': tallyPlaywright(readJson(playwrightSerialJson), root),
    'e2e-auth': tallyPlaywright(readJson(playwrightAuthJson), root),
    'e2e-cluster': tallyPlaywright(readJson(playwrightClusterJson), root),
  },
  (Date.now() - runStarted) / 1000,
);
console.log(`\n${lines.join('\n')}`);
process.exit(exitCode);

import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { summarise, tallyPlaywright, tallyVitest } from './summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);

/** A scratch project that resolves packages from this repository's node_modules. */
function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'summary-test-'));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  dirs.push(dir);
  return dir;
}
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The runner's exit code and JSON report; the environment of this Vitest run is not passed on. */
async function runReporter(
  dir: string,
  bin: string,
  args: string[],
  env: Record<string, string>,
  report: string,
): Promise<{ code: number; json: unknown }> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(VITEST|TEST$|NODE_ENV$|CI$)/.test(key)),
  );
  let code = 0;
  try {
    await run(path.join(root, 'node_modules', '.bin', bin), args, { cwd: dir, env: { ...clean, ...env } });
  } catch (error) {
    code =
      typeof error === 'object' && error && 'code' in error && typeof error.code === 'number'
        ? error.code
        : -1;
  }
  const json: unknown = JSON.parse(readFileSync(path.join(dir, report), 'utf8'));
  return { code, json };
}

const CRASH = "throw new Error('boom while loading');\n";

describe('the closing summary of npm test', () => {
  it('counts a Vitest file that throws while loading as a failure, next to the tests that ran', async () => {
    const dir = scratch({
      'vitest.config.mjs': 'export default {};\n',
      'crash.test.mjs': CRASH,
      'fine.test.mjs': [
        "import { it } from 'vitest';",
        "it('passes', () => {});",
        "it.skip('is skipped: no spec here', () => {});",
      ].join('\n'),
    });
    const { code, json } = await runReporter(
      dir,
      'vitest',
      ['run', '--reporter=json', '--outputFile.json=report.json'],
      {},
      'report.json',
    );
    expect(code).toBe(1);
    // The report's own test counts do not see the crashed file.
    expect(json).toMatchObject({ numPassedTests: 1, numFailedTests: 0 });

    const tally = tallyVitest(json, dir);
    expect(tally).toMatchObject({ passed: 1, failed: 1, skipped: 1 });
    expect(tally.problems).toEqual(['crash.test.mjs: boom while loading']);
    expect(tally.skippedTests).toEqual(['fine.test.mjs › is skipped: no spec here']);

    const { lines, exitCode } = summarise(new Map([['vitest', 'failed']]), { vitest: tally });
    expect(lines.at(-1)).toBe('tests: 1 passed, 1 failed, 1 skipped');
    expect(lines).toContain('    failed to run: crash.test.mjs: boom while loading');
    expect(lines).toContain('    skipped: fine.test.mjs › is skipped: no spec here');
    expect(exitCode).toBe(1);
  }, 60_000);

  it('counts a Playwright spec that throws while loading as a failure', async () => {
    const dir = scratch({
      'playwright.config.mjs': "export default { testDir: '.', reporter: 'json' };\n",
      'crash.spec.mjs': CRASH,
      'fine.spec.mjs': "import { test } from '@playwright/test';\ntest('passes', () => {});\n",
    });
    const { code, json } = await runReporter(
      dir,
      'playwright',
      ['test'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: 'report.json' },
      'report.json',
    );
    expect(code).toBe(1);
    // Playwright runs nothing when a spec does not load, so its stats alone read "0 failed".
    expect(json).toMatchObject({ stats: { expected: 0, unexpected: 0 } });

    const tally = tallyPlaywright(json, dir);
    expect(tally).toMatchObject({ passed: 0, failed: 1 });
    expect(tally.problems).toEqual(['crash.spec.mjs:1: Error: boom while loading']);
    expect(summarise(new Map([['e2e', 'failed']]), { e2e: tally }).lines.at(-1)).toBe(
      'tests: 0 passed, 1 failed, 0 skipped',
    );
  }, 60_000);

  it('counts a failed step without failed tests, and a step skipped for it, once each', () => {
    const outcome = new Map([
      ['lint', 'failed'],
      ['vitest', 'ok'],
      ['build', 'failed'],
      ['e2e', 'skipped'],
    ] as const);
    const vitest = { passed: 3, failed: 0, skipped: 0, problems: [], skippedTests: [] };
    const { lines, failed, exitCode } = summarise(new Map(outcome), {
      vitest,
      e2e: tallyPlaywright(null, root),
    });
    expect(failed).toBe(3);
    expect(lines.at(-1)).toBe('tests: 3 passed, 3 failed, 0 skipped');
    expect(exitCode).toBe(1);
  });

  it('counts a report it cannot read as a failure', () => {
    expect(tallyVitest({ unexpected: true }, root)).toMatchObject({ failed: 1 });
    expect(tallyPlaywright('garbage', root).problems).toEqual([
      'the Playwright JSON report could not be read',
    ]);
  });

  it('passes a run whose steps all succeeded', () => {
    const vitest = { passed: 5, failed: 0, skipped: 1, problems: [], skippedTests: ['a.test.ts › later'] };
    const { lines, exitCode } = summarise(new Map([['vitest', 'ok']]), { vitest });
    expect(lines.at(-1)).toBe('tests: 5 passed, 0 failed, 1 skipped');
    expect(exitCode).toBe(0);
  });

  it('states the run’s duration on the closing line', () => {
    const vitest = { passed: 2, failed: 0, skipped: 0, problems: [], skippedTests: [] };
    const outcome = new Map([['vitest', 'ok' as const]]);
    expect(summarise(outcome, { vitest }, 581.4).lines.at(-1)).toBe(
      'tests: 2 passed, 0 failed, 0 skipped in 9 min 41 s',
    );
    expect(summarise(outcome, { vitest }, 48).lines.at(-1)).toBe(
      'tests: 2 passed, 0 failed, 0 skipped in 48 s',
    );
  });
});

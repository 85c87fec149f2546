// @ts-check
// The closing summary of `npm test`, computed from the steps' exit codes and the JSON reports of Vitest and
// Playwright. A test file that fails to load (it throws while being collected, or a hook fails) runs no
// test, so the reporters' test counts miss it: it is counted here as one failure of its own.
import path from 'node:path';
import { z } from 'zod';

const VitestReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string().optional(),
      assertionResults: z.array(
        z.object({ status: z.string(), title: z.string(), ancestorTitles: z.array(z.string()).optional() }),
      ),
    }),
  ),
});

/** @typedef {{ title: string, specs?: { title: string, tests: { status: string }[] }[], suites?: Suite[] }} Suite */
/** @type {z.ZodType<Suite>} */
const PlaywrightSuite = z.lazy(() =>
  z.object({
    title: z.string(),
    specs: z
      .array(z.object({ title: z.string(), tests: z.array(z.object({ status: z.string() })) }))
      .optional(),
    suites: z.array(PlaywrightSuite).optional(),
  }),
);

const PlaywrightReport = z.object({
  stats: z.object({
    expected: z.number(),
    unexpected: z.number(),
    flaky: z.number(),
    skipped: z.number(),
  }),
  errors: z.array(
    z.object({
      message: z.string().optional(),
      location: z.object({ file: z.string(), line: z.number() }).optional(),
    }),
  ),
  suites: z.array(PlaywrightSuite),
});

/**
 * @typedef {{ passed: number, failed: number, skipped: number, problems: string[], skippedTests: string[] }} Tally
 * @typedef {'ok' | 'failed' | 'skipped'} Outcome
 */

/** @type {Tally} */
const NOTHING = { passed: 0, failed: 0, skipped: 0, problems: [], skippedTests: [] };
/** @param {string} runner @returns {Tally} */
const unreadable = (runner) => ({
  ...NOTHING,
  failed: 1,
  problems: [`the ${runner} JSON report could not be read`],
});

/** @param {string | undefined} text */
const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim() ?? '';

/**
 * Vitest's JSON report (`--reporter=json`): one entry per test file. A file whose status is failed but
 * none of whose tests failed crashed outside its tests; it counts as one failure.
 * @param {unknown} json the parsed report, or null when there is none
 * @param {string} root paths in the problems are shown relative to it
 * @returns {Tally}
 */
export function tallyVitest(json, root) {
  if (json === null) return NOTHING;
  const parsed = VitestReport.safeParse(json);
  if (!parsed.success) return unreadable('Vitest');
  const report = parsed.data;
  let passed = 0;
  let failed = 0;
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const skippedTests = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    let failedHere = 0;
    for (const test of file.assertionResults) {
      if (test.status === 'passed') passed += 1;
      else if (test.status === 'failed') failedHere += 1;
      else skippedTests.push(`${name} › ${[...(test.ancestorTitles ?? []), test.title].join(' › ')}`);
    }
    if (file.status === 'failed' && failedHere === 0) {
      failedHere = 1;
      problems.push(`${name}: ${firstLine(file.message) || 'failed outside its tests'}`);
    }
    failed += failedHere;
  }
  return { passed, failed, skipped: skippedTests.length, problems, skippedTests };
}

/**
 * Playwright's JSON report: `stats` counts the tests that ran; a spec file that fails to load runs none
 * and appears only in the top-level `errors`, each of which counts as one failure.
 * @param {unknown} json the parsed report, or null when there is none
 * @param {string} root
 * @returns {Tally}
 */
export function tallyPlaywright(json, root) {
  if (json === null) return NOTHING;
  const parsed = PlaywrightReport.safeParse(json);
  if (!parsed.success) return unreadable('Playwright');
  const { stats, errors, suites } = parsed.data;
  const problems = errors.map((error) => {
    const where = error.location
      ? `${path.relative(root, error.location.file)}:${error.location.line}: `
      : '';
    return `${where}${firstLine(error.message) || 'error outside the tests'}`;
  });
  /** @type {string[]} */
  const skippedTests = [];
  /** @param {Suite} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((test) => test.status === 'skipped')) {
        skippedTests.push([...titles, spec.title].join(' › '));
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of suites) walk(suite, [suite.title]);
  return {
    passed: stats.expected,
    failed: stats.unexpected + stats.flaky + errors.length,
    skipped: stats.skipped,
    problems,
    skippedTests,
  };
}

/**
 * The closing lines and exit code of a run. A step that failed without a counted failure (format, lint,
 * types, build, or a runner that broke before writing its report) still counts as one failure, and so does
 * a step skipped because the one it needs failed.
 * @param {Map<string, Outcome>} outcome every step's outcome, in run order
 * @param {Record<string, Tally>} tallies the test counts of the steps that run tests, by step name
 * @param {number} [seconds] the whole run's duration, stated on the closing line when given
 * @returns {{ lines: string[], passed: number, failed: number, skipped: number, exitCode: 0 | 1 }}
 */
export function summarise(outcome, tallies, seconds) {
  const lines = ['Summary'];
  for (const [name, result] of outcome) lines.push(`  ${name.padEnd(11)} ${result}`);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const [name, tally] of Object.entries(tallies)) {
    lines.push(
      `  ${name.padEnd(11)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
    );
    for (const problem of tally.problems) lines.push(`    failed to run: ${problem}`);
    for (const test of tally.skippedTests) lines.push(`    skipped: ${test}`);
    passed += tally.passed;
    failed += tally.failed;
    skipped += tally.skipped;
  }
  for (const [name, result] of outcome) {
    if (result !== 'ok' && (tallies[name]?.failed ?? 0) === 0) failed += 1;
  }
  const allOk = [...outcome.values()].every((result) => result === 'ok');
  const took = seconds === undefined ? '' : ` in ${formatDuration(seconds)}`;
  lines.push(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped${took}`);
  return { lines, passed, failed, skipped, exitCode: allOk && failed === 0 ? 0 : 1 };
}

/**
 * A run's duration as the closing line says it: `9 min 41 s`, or `48 s` under a minute.
 * @param {number} seconds
 * @returns {string}
 */
export function formatDuration(seconds) {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  return minutes === 0 ? `${whole} s` : `${minutes} min ${whole % 60} s`;
}

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The import boundaries of eslint.config.js, checked with ESLint's Node API and the project's own config.
 * The fixture files are text linted as if they stood at a path in the tree (nothing is written there, so
 * the normal lint, type and test runs never see them); their imports point at real files, because an
 * import the resolver cannot find is not checked at all: each case asserts that the target exists, and
 * import-x/no-unresolved, added for these runs only, that the rule's resolver found it.
 */

const root = path.resolve(import.meta.dirname, '..');
const RULE = 'import-x/no-restricted-paths';

/** ESLint with the config of `cwd`, plus a check that every fixture import resolves. */
const eslintIn = (cwd: string) =>
  new ESLint({
    cwd,
    overrideConfig: { files: ['**/*.{ts,tsx}'], rules: { 'import-x/no-unresolved': 'error' } },
  });

/** The boundary messages ESLint gives for `text` standing at `file` (relative to the linted tree). */
async function boundaryErrors(eslint: ESLint, cwd: string, file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(cwd, file) });
  if (!result) throw new Error(`ESLint gave no result for ${file}`);
  const broken = result.messages.filter((m) => m.fatal === true || m.ruleId === 'import-x/no-unresolved');
  expect(broken.map((m) => m.message)).toEqual([]);
  return result.messages
    .filter((m) => m.ruleId === RULE || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

/** `import ... from '<spec>'`, after checking that `spec` names a real file seen from `file`. */
function importOf(cwd: string, file: string, spec: string, name = 'x'): string {
  const base = path.resolve(cwd, path.dirname(file), spec);
  const found = ['', '.ts', '.tsx'].some((ext) => existsSync(base + ext));
  expect(found, `${spec} from ${file} must be a real file`).toBe(true);
  return `import * as ${name} from '${spec}';\nexport const used = ${name};\n`;
}

describe('import boundaries in this repository (eslint.config.js)', () => {
  const eslint = eslintIn(root);
  const lint = (file: string, spec: string) => boundaryErrors(eslint, root, file, importOf(root, file, spec));

  it("refuses a feature importing another feature's internals", async () => {
    const errors = await lint('src/features/hot/boundary-fixture.ts', '../stock/queries');
    expect(errors).toEqual([expect.stringContaining('only through its public entry')]);
  });

  it('lets a feature import shared code and its own files', async () => {
    expect(await lint('src/features/hot/boundary-fixture.ts', '../../components/StockLink')).toEqual([]);
    expect(await lint('src/features/hot/boundary-fixture.ts', './queries')).toEqual([]);
  });

  it('refuses the server importing a feature, and lets it import the contract', async () => {
    const errors = await lint('server/boundary-fixture.ts', '../src/features/hot/queries');
    expect(errors).toEqual([expect.stringContaining('only the contract (src/contract)')]);
    expect(await lint('server/boundary-fixture.ts', '../src/contract/catalog')).toEqual([]);
  });

  it('refuses shared code importing a feature or the routes', async () => {
    const fromLib = await lint('src/lib/boundary-fixture.ts', '../features/stock/queries');
    expect(fromLib).toEqual([expect.stringContaining('never imports features or routes')]);
    const fromComponents = await lint('src/components/boundary-fixture.tsx', '../router');
    expect(fromComponents).toEqual([expect.stringContaining('never imports features or routes')]);
  });

  it('keeps the contract free of the rest of src/, of server/ and of React', async () => {
    expect(await lint('src/contract/boundary-fixture.ts', '../lib/format')).toEqual([
      expect.stringContaining('imports nothing else from src/'),
    ]);
    expect(await lint('src/contract/boundary-fixture.ts', '../../server/config')).toEqual([
      expect.stringContaining('imports nothing from server/'),
    ]);
    const react = await boundaryErrors(eslint, root, 'src/contract/boundary-fixture.ts', "import 'react';\n");
    expect(react).toEqual([expect.stringContaining('no React in src/contract')]);
    expect(await lint('src/contract/boundary-fixture.ts', './time')).toEqual([]);
  });

  it('keeps test kits out of production code, and lets tests and other kits use them', async () => {
    const kit = '../../../server/gateway/fake-upstream.testkit';
    expect(await lint('src/api/boundary-fixture.ts', '../lib/testing.testkit')).toEqual([
      expect.stringContaining('production code never imports them'),
    ]);
    expect(await lint('server/gateway/boundary-fixture.ts', './manual-clock.testkit')).toEqual([
      expect.stringContaining('production code never imports them'),
    ]);
    expect(await lint('server/simulator/boundary-fixture.ts', './testkit')).toEqual([
      expect.stringContaining('production code never imports them'),
    ]);
    expect(await lint('src/api/boundary-fixture.test.ts', '../lib/testing.testkit')).toEqual([]);
    expect(await lint('server/gateway/boundary-fixture.testkit.ts', './manual-clock.testkit')).toEqual([]);
    expect(await lint('src/features/stock/boundary-fixture.test.ts', kit)).toEqual([]);
  });

  it('refuses browser code importing the server, but lets its tests start one', async () => {
    expect(await lint('src/api/boundary-fixture.ts', '../../server/config')).toEqual([
      expect.stringContaining('Browser code never imports server code'),
    ]);
    expect(await lint('src/api/boundary-fixture.test.ts', '../../server/config')).toEqual([]);
  });
});

describe('feature boundaries derived from the folders of src/features', () => {
  // A scratch tree with this repository's eslint.config.js: features `alpha` (with a public entry) and
  // `beta`, which the config finds by reading src/features; no name of them appears in the config.
  const dir = mkdtempSync(path.join(tmpdir(), 'lint-boundaries-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'src/features/alpha/index.ts': "export { internal } from './internal';\n",
    'src/features/alpha/internal.ts': 'export const internal = 1;\n',
    'src/features/beta/view.ts': 'export const view = 2;\n',
    'src/contract/catalog.ts': 'export const catalog = 3;\n',
    'server/app.ts': 'export const app = 4;\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  copyFileSync(path.join(root, 'eslint.config.js'), path.join(dir, 'eslint.config.js'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const eslint = eslintIn(dir);
  const lint = (file: string, spec: string) => boundaryErrors(eslint, dir, file, importOf(dir, file, spec));

  it("lets a feature import another's index.ts", async () => {
    expect(await lint('src/features/beta/uses-alpha.ts', '../alpha/index')).toEqual([]);
    expect(await lint('src/features/beta/uses-alpha.ts', '../alpha')).toEqual([]);
  });

  it("refuses a feature importing another's internals, whichever way round", async () => {
    expect(await lint('src/features/beta/uses-alpha.ts', '../alpha/internal')).toEqual([
      expect.stringContaining('only through its public entry'),
    ]);
    expect(await lint('src/features/alpha/uses-beta.ts', '../beta/view')).toEqual([
      expect.stringContaining('only through its public entry'),
    ]);
  });

  it('refuses the server importing a feature even through its entry', async () => {
    expect(await lint('server/uses-alpha.ts', '../src/features/alpha/index')).toEqual([
      expect.stringContaining('only the contract (src/contract)'),
    ]);
    expect(await lint('server/uses-contract.ts', '../src/contract/catalog')).toEqual([]);
  });
});

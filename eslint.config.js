import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;

/** Tests and their helpers: test kits are named `*.testkit.ts(x)` (or `testkit.ts`). */
const TEST_KITS = ['**/*.testkit.{ts,tsx}', '**/testkit.ts'];
const TESTS = ['**/*.test.{ts,tsx}', ...TEST_KITS];

/** Every folder of src/features is a feature, so a new one is covered without editing this file. */
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Browser code: everything in src/ but the contract, which has its own zone. */
const browser = readdirSync(path.join(root, 'src'))
  .filter((name) => name !== 'contract')
  .map((name) => `./src/${name}`);

/**
 * Which part of the code may import which (paths from the repository root). Modelled on
 * bulletproof-react: features import each other only through the other's public entry (index.ts); the
 * contract is shared by browser and server and imports nothing of either; the server takes only the
 * contract from src/.
 */
const boundaries = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [
      `./${feature}`,
      ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message:
      'A feature may import another feature only through its public entry, src/features/<name>/index.ts.',
  })),
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'The contract is shared by browser and server: it imports nothing else from src/.',
  },
  {
    target: './src/contract',
    from: './server',
    message: 'The contract is shared by browser and server: it imports nothing from server/.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server takes only the contract (src/contract) from src/.',
  },
];

/**
 * Only for production code (a test of a shared component may render the whole app): shared code never
 * imports features or routes, browser code never reaches into the server, and no test kit is imported.
 */
const productionBoundaries = [
  ...boundaries,
  {
    target: ['./src/components', './src/lib', './src/api', './src/contract'],
    from: ['./src/features', './src/routes', './src/router.tsx', './src/main.tsx'],
    message: 'Shared code (components, lib, api, contract) never imports features or routes.',
  },
  {
    target: browser,
    from: './server',
    message: 'Browser code never imports server code.',
  },
  {
    target: ['./src', './server'],
    from: TEST_KITS,
    message: 'Test kits are for tests: production code never imports them.',
  },
];

const restrictedPaths = (zones) => ['error', { basePath: root, zones }];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      'test-results',
      'playwright-report',
      'data',
      'reports',
      '.tsbuild',
      'build',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { tsconfigRootDir: root },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-restricted-paths': restrictedPaths(boundaries),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: TESTS,
    rules: { 'import-x/no-restricted-paths': restrictedPaths(productionBoundaries) },
  },
  {
    files: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@tanstack/react-*'],
              message: 'The contract is shared with the server: no React in src/contract.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
);

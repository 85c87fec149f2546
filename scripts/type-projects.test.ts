import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The TypeScript projects of tsconfig.json: each part of the code compiles in its own environment. A
 * fixture source is compiled with a project's own parsed options (and its ambient declarations), as
 * `tsc -b` would compile a file of that project.
 */

const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'type-projects-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function project(name: string): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, name), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`cannot read ${name}`);
  expect(parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
  return parsed;
}

const DECLARATION_OUTPUT = new Set([
  'composite',
  'emitDeclarationOnly',
  'incremental',
  'outDir',
  'rootDir',
  'tsBuildInfoFile',
]);

let fixtures = 0;
/** The errors of `source` compiled as a file of the project `name`. */
function errorsOf(name: string, source: string): string[] {
  const parsed = project(name);
  const file = path.join(dir, `fixture-${(fixtures += 1)}.ts`);
  writeFileSync(file, source);
  const ambient = parsed.fileNames.filter((f) => f.endsWith('.d.ts'));
  // Type-check only: without the options of the project's declaration output.
  const options: ts.CompilerOptions = {
    ...Object.fromEntries(Object.entries(parsed.options).filter(([key]) => !DECLARATION_OUTPUT.has(key))),
    noEmit: true,
  };
  const program = ts.createProgram({ rootNames: [file, ...ambient], options });
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const USES_PROCESS = "export const mode: string | undefined = process.env['NODE_ENV'];\n";
const USES_DOCUMENT = 'export const title: string = document.title;\n';
const USES_BOTH_SIDES = 'export const query: string = new URLSearchParams().toString();\n';

describe('TypeScript projects', () => {
  it('compiles browser code without Node.js: `process` is an error, the DOM is there', () => {
    expect(errorsOf('tsconfig.app.json', USES_PROCESS)).toEqual([
      expect.stringContaining("Cannot find name 'process'"),
    ]);
    expect(errorsOf('tsconfig.app.json', USES_DOCUMENT)).toEqual([]);
  });

  it('compiles the server without the DOM: `document` is an error, Node.js is there', () => {
    expect(errorsOf('tsconfig.server.json', USES_DOCUMENT)).toEqual([
      expect.stringContaining("Cannot find name 'document'"),
    ]);
    expect(errorsOf('tsconfig.server.json', USES_PROCESS)).toEqual([]);
  });

  it('compiles the contract with neither, but with what both sides provide', () => {
    expect(errorsOf('tsconfig.contract.json', USES_PROCESS)).toEqual([
      expect.stringContaining("Cannot find name 'process'"),
    ]);
    expect(errorsOf('tsconfig.contract.json', USES_DOCUMENT)).toEqual([
      expect.stringContaining("Cannot find name 'document'"),
    ]);
    expect(errorsOf('tsconfig.contract.json', USES_BOTH_SIDES)).toEqual([]);
  });

  it('puts every TypeScript file of src/ and server/ in exactly one project, tests in the tooling one', () => {
    const names = [
      'tsconfig.contract.json',
      'tsconfig.app.json',
      'tsconfig.server.json',
      'tsconfig.tooling.json',
    ];
    const owners = new Map<string, string[]>();
    for (const name of names) {
      for (const file of project(name).fileNames) {
        const relative = path.relative(root, file);
        owners.set(relative, [...(owners.get(relative) ?? []), name]);
      }
    }
    const sources = ts.sys
      .readDirectory(root, ['.ts', '.tsx'], undefined, ['src/**/*', 'server/**/*'])
      .map((file) => path.relative(root, file));
    expect(sources.length).toBeGreaterThan(100);
    for (const file of sources) {
      const expected = /\.test\.tsx?$|(^|\/|\.)testkit\.tsx?$/.test(file)
        ? 'tsconfig.tooling.json'
        : file.startsWith('src/contract/')
          ? 'tsconfig.contract.json'
          : file.startsWith('src/')
            ? 'tsconfig.app.json'
            : 'tsconfig.server.json';
      expect(owners.get(file), file).toEqual([expected]);
    }
  });
});

import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { catalog, isOperationId } from '../../contract/catalog';
import { SAMPLES } from '../../../server/simulator/conformance-cases.testkit';
import { typescriptSnippet } from './model';

/**
 * "Copy as TypeScript" gives code that compiles against the app's typed client: the snippet of every
 * operation's conformance sample, type-checked together with src/api/client.ts under the app's options.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const file = path.join(root, 'explorer-snippets.check.ts');

function snippets(): string {
  const bodies = Object.keys(catalog)
    .filter(isOperationId)
    .map((id, i) => {
      const lines = typescriptSnippet(catalog[id], SAMPLES[id] ?? {}).split('\n');
      // One import for all; each call in its own function.
      return `export async function call${i}() {\n${lines.slice(2).join('\n')}\n  return data;\n}`;
    });
  return [typescriptSnippet(catalog['futures/varieties/list'], {}).split('\n')[0], ...bodies].join('\n\n');
}

describe('copy as TypeScript', () => {
  it('compiles for the sample of every operation', () => {
    const text = snippets();
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      noEmit: true,
      skipLibCheck: true,
    };
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const fileExists = host.fileExists.bind(host);
    host.readFile = (name) => (path.resolve(name) === file ? text : readFile(name));
    host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
    const program = ts.createProgram([file], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
    expect(text.match(/await fetchOperation\(/g)).toHaveLength(89);
  }, 300_000);
});

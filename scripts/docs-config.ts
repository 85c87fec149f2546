// `npm run docs:config`: writes the README's configuration table from the variables in server/config.ts
// (between the markers below); server/config.test.ts fails while the README differs from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { configTable } from '../server/config';

export const README = fileURLToPath(new URL('../README.md', import.meta.url));
const START = '<!-- config:start (npm run docs:config writes this table from server/config.ts) -->';
const END = '<!-- config:end -->';

/** The README with its configuration table written from the variables, formatted as Prettier would. */
export async function readmeWithConfigTable(readme: string): Promise<string> {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${START} … ${END}`);
  const options = await resolveConfig(README);
  const table = await format(configTable(), { ...options, parser: 'markdown' });
  return `${readme.slice(0, start + START.length)}\n\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(README, 'utf8');
  const after = await readmeWithConfigTable(before);
  if (after === before) console.log('README.md: the configuration table is up to date.');
  else {
    writeFileSync(README, after);
    console.log('README.md: configuration table written.');
  }
}

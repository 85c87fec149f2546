// `node scripts/vendor-examples.mjs <bare clone of HiThink-Tech/Financial-API>`: writes the vendor's
// documented example answers into src/contract/fixtures/vendor/<operation id>.json, each example naming its
// source (repository, commit, path, lines). src/contract/vendor-examples.test.ts parses every one with the
// contract. Sources: the JSON blocks of toolkit/fuyao/docs/llms-full.txt (its last version, before the
// file left the repository; REST envelopes and MCP returns, each under the endpoint named above it) and
// the datasets (`const D=`) of the example pages, whose rows are the operations' own shapes. docs/api/*.md
// and python/tests hold no example answers beyond stubs. Rows of long lists are shortened.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = 'HiThink-Tech/Financial-API';
const LLMS_PATH = 'toolkit/fuyao/docs/llms-full.txt';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const gitDir = process.argv[2] ?? '/work/.mirror/HiThink-Tech+Financial-API/repo';
const out = path.join(root, 'src/contract/fixtures/vendor');

const git = (...args) => execFileSync('git', ['-C', gitDir, ...args], { maxBuffer: 1e8 }).toString();
const head = git('rev-parse', 'HEAD').trim();
// The newest commit that still has the file (it was deleted in a later one).
const llmsCommit = git('log', '--all', '--format=%H', '--diff-filter=AM', '-1', '--', LLMS_PATH).trim();

const byOperation = new Map();
function add(operation, example) {
  byOperation.set(operation, [...(byOperation.get(operation) ?? []), example]);
}

// 1. llms-full.txt: every ```json block under a `GET /api/...` heading.
const lines = git('show', `${llmsCommit}:${LLMS_PATH}`).split('\n');
let endpoint = null;
for (let i = 0; i < lines.length; i++) {
  const named = /GET (\/api\/[^\s?`]+)/.exec(lines[i]);
  if (named) endpoint = named[1];
  if (lines[i].trim() !== '```json') continue;
  let j = i + 1;
  while (lines[j].trim() !== '```') j++;
  const block = lines.slice(i + 1, j).join('\n');
  const source = { repository: REPOSITORY, commit: llmsCommit, path: LLMS_PATH, lines: `${i + 2}-${j}` };
  i = j;
  let value;
  try {
    value = JSON.parse(block);
  } catch {
    continue;
  }
  // Client configuration and the generic error envelope are not answers of an operation.
  if (endpoint === null || 'mcpServers' in value || ('data' in value && value.data === null)) continue;
  const operation = endpoint.replace(/^\/api\//, '');
  const envelope = 'code' in value && 'data' in value;
  const example = envelope
    ? { source, what: 'REST response example (whole envelope)', envelope: value }
    : { source, what: 'MCP tool return example (data)', data: value };
  add(operation, example);
  if (operation === 'a-share/special-data/anomaly-analysis-stock') {
    // "两个异动端点共用响应形状": documented as the shape of both anomaly operations.
    add('a-share/special-data/anomaly-analysis-list', {
      ...example,
      what: `${example.what}, documented as the shape both anomaly operations share`,
    });
  }
}

// 2. The example pages' datasets.
function dataset(dir) {
  const file = `examples/inspirations/${dir}/example.html`;
  const html = git('show', `${head}:${file}`).split('\n');
  const at = html.findIndex((l) => l.startsWith('const D='));
  const D = JSON.parse(html[at].slice('const D='.length).replace(/;\s*$/, ''));
  return {
    D,
    source: (locator) => ({ repository: REPOSITORY, commit: head, path: file, lines: `${at + 1}`, locator }),
  };
}
const first = (rows, n) => rows.slice(0, n);
const rows = (field, list, n) => ({ field, rows: first(list, n) });

{
  const { D, source } = dataset('08-dragon-tiger-watch');
  for (const [key, data] of Object.entries(D)) {
    add('a-share/special-data/dragon-tiger-list', {
      source: source(`D.${key}`),
      what: `page dataset, board_type=${data.board_type} (whole data, lists shortened to 5)`,
      data: {
        ...data,
        stock_items: first(data.stock_items, 5),
        hot_money_items: first(data.hot_money_items, 5),
      },
    });
  }
}
{
  const { D, source } = dataset('07-market-heat-radar');
  const lists = [
    ['a-share/special-data/hot-stock-list', 'hotDay'],
    ['a-share/special-data/hot-stock-list', 'hotHour'],
    ['a-share/special-data/skyrocket-list', 'skyDay'],
    ['a-share/special-data/skyrocket-list', 'skyHour'],
  ];
  for (const [operation, key] of lists) {
    add(operation, {
      source: source(`D.sets.${key}`),
      what: 'page dataset, item[] rows (first 5)',
      items: rows('item', D.sets[key], 5),
    });
  }
  const code = Object.keys(D.trends)[0];
  add('a-share/special-data/hot-stock-rank-trend', {
    source: source(`D.trends["${code}"]`),
    what: 'page dataset, item[] rows (first 5)',
    items: rows('item', D.trends[code], 5),
  });
}
{
  const { D, source } = dataset('04-limit-up-market');
  add('a-share/special-data/limit-up-pool', {
    source: source('D.pool'),
    what: 'page dataset, item[] rows (first 5)',
    items: rows('item', D.pool, 5),
  });
  const withNames = D.ladder.filter((day) => Object.values(day.boards).some((b) => b.length > 0));
  add('a-share/special-data/limit-up-ladder', {
    source: source('D.ladder'),
    what: 'page dataset, item[] days (first 3 with names)',
    items: rows('item', withNames, 3),
  });
}
{
  const { D, source } = dataset('02-financial-health');
  const statements = [
    ['a-share/financials/income-statements', 'income'],
    ['a-share/financials/balance-sheets', 'balance'],
    ['a-share/financials/cash-flow-statements', 'cash'],
  ];
  for (const [operation, key] of statements) {
    add(operation, {
      source: source(`D.${key}`),
      what: 'page dataset, item[] rows (first 3)',
      items: rows('item', D[key], 3),
    });
  }
  add('a-share/financials/indicators', {
    source: source('D.indicators'),
    what: 'page dataset (whole data)',
    data: D.indicators,
  });
}
{
  const { D, source } = dataset('01-stock-overview');
  add('a-share/prices/historical', {
    source: source('D'),
    what: 'page dataset, item[] bars (first 5)',
    items: rows('item', D, 5),
  });
}
{
  const { D, source } = dataset('03-index-constituents');
  add('a-share-index/prices/historical', {
    source: source('D.history'),
    what: 'page dataset, item[] bars (first 5)',
    items: rows('item', D.history, 5),
  });
  add('a-share-index/constituents/ths-stock-list', {
    source: source('D.constituents'),
    what: 'page dataset, item[] rows (first 5)',
    items: rows('item', D.constituents, 5),
  });
}
{
  const { D, source } = dataset('05-watchlist-anomalies');
  add('a-share/prices/snapshot', {
    source: source('D'),
    what: 'page dataset, item[] rows (the page adds name and anomalies)',
    items: rows('item', D, D.length),
  });
}

rmSync(out, { recursive: true, force: true });
for (const [operation, examples] of byOperation) {
  const file = path.join(out, `${operation}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ operation, examples }, null, 2)}\n`);
}
console.log(`${byOperation.size} operations, ${[...byOperation.values()].flat().length} examples in ${out}`);

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalog, operationByPath, operations } from './catalog';
import { paramFields, parseParams } from './params';

// The spec lives beside the repository (shared/spec), as CI has it, or where SPEC_DIR says; a clone alone
// has none, and then the cross-check is skipped (the reason is in its title) unless REQUIRE_SPEC=1.
const specDir = path.resolve(
  process.env['SPEC_DIR'] || path.join(import.meta.dirname, '../../../shared/spec'),
);
const specRequired = process.env['REQUIRE_SPEC'] === '1';

// Whole paths only: not `docs/api/endpoints-meta.md` (a vendor doc file) nor a prefix like `/api/fund/market/*`.
function pathsIn(text: string): string[] {
  return [
    ...new Set(
      [...text.matchAll(/(?<![\w.-])\/api\/[a-z0-9][a-z0-9\-/]*[a-z0-9](?![\w/-])/g)].map((m) => m[0]),
    ),
  ];
}

/** The paths the spec files name, or null when there is no spec beside the repository. */
function readSpec(): { specFiles: string[]; specPaths: string[]; extrasPaths: string[] } | null {
  if (!existsSync(specDir)) return null;
  const specFiles = readdirSync(specDir).filter((f) => /^\d{3}_.*\.txt$/.test(f));
  const specPaths = specFiles.flatMap((f) => pathsIn(readFileSync(path.join(specDir, f), 'utf8')));
  // upstream-extras.md sections 1-7 describe operations the spec only names; section 8 lists market dumps
  // (download links to Parquet files, not JSON data) that the dashboard deliberately does not forward.
  const extras = readFileSync(path.join(specDir, 'upstream-extras.md'), 'utf8');
  const extrasPaths = pathsIn(extras.slice(0, extras.indexOf('## 8.')));
  return { specFiles, specPaths, extrasPaths };
}
const spec = readSpec();

describe('catalog against the spec files', () => {
  if (spec === null) {
    const missing = `no spec at ${specDir}`;
    if (specRequired) {
      it('finds the spec files beside the repository (REQUIRE_SPEC=1)', () => {
        expect.fail(`${missing}: clone shared/ beside the repository`);
      });
    } else {
      const reason = `skipped the cross-check: ${missing} (REQUIRE_SPEC=1 makes this a failure)`;
      console.warn(`catalog against the spec files: ${reason}`);
      it.skip(reason, () => {});
    }
    return;
  }
  const { specFiles, specPaths, extrasPaths } = spec;

  it('reads both spec files', () => {
    expect(specFiles).toHaveLength(2);
    expect(specPaths.length).toBeGreaterThan(60);
  });

  it.each(specPaths)('has the spec path %s', (p) => {
    expect(operationByPath(p)?.path).toBe(p);
  });

  it.each(extrasPaths)('has the named-only path %s from upstream-extras.md', (p) => {
    expect(operationByPath(p)?.path).toBe(p);
  });
});

describe('catalog', () => {
  it('names tools by the spec rule, and anomaly-analysis-list has none', () => {
    for (const op of operations) {
      const expected =
        op.id === 'a-share/special-data/anomaly-analysis-list' ? null : `get_${op.id.replace(/[/-]/g, '_')}`;
      expect(op.tool, op.id).toBe(expected);
    }
    expect(catalog['a-share/prices/snapshot'].tool).toBe('get_a_share_prices_snapshot');
  });

  it('marks exactly the high-frequency and capital-flow operations as restricted', () => {
    const restricted = operations.filter((op) => op.access === 'restricted').map((op) => op.id);
    expect(restricted.sort()).toEqual([
      'a-share/capital-flow/historical',
      'a-share/capital-flow/snapshot',
      'a-share/high-frequency/historical',
      'a-share/high-frequency/intraday',
    ]);
  });

  it('has a path and parameter list derived from each id', () => {
    for (const op of operations) {
      expect(op.path).toBe(`/api/${op.id}`);
      expect(op.paramNames).toEqual(Object.keys(op.params.shape));
    }
  });
});

describe('parameter descriptions', () => {
  /** The field alone through the same check the BFF runs: null when accepted, else the code. */
  function check(params: z.ZodObject, name: string, value: string): number | null {
    const field = params.shape[name];
    if (!field) throw new Error(`no ${name}`);
    const r = parseParams(
      z.object({ [name]: field }),
      { [name]: value },
      { unknown: 'reject', known: [name] },
    );
    return r.ok ? null : r.code;
  }

  const fields = operations.flatMap((op) => paramFields(op.params).map((f) => ({ op, ...f })));

  it('describes every parameter of the catalog with a kind and a rule', () => {
    expect(fields).toHaveLength(operations.reduce((n, op) => n + op.paramNames.length, 0));
    for (const f of fields) expect(f.doc.rule, `${f.op.id} ${f.name}`).not.toBe('');
  });

  it('offers as choices exactly the values the check accepts', () => {
    for (const { op, name, doc } of fields) {
      if (doc.kind !== 'enum') continue;
      for (const value of doc.values)
        expect(check(op.params, name, value), `${op.id} ${name}=${value}`).toBeNull();
      expect(check(op.params, name, 'not-a-choice'), `${op.id} ${name}`).not.toBeNull();
    }
  });

  it('states integer bounds the check holds', () => {
    for (const { op, name, doc } of fields) {
      if (doc.kind !== 'int') continue;
      const where = `${op.id} ${name}`;
      if (doc.min !== undefined) {
        expect(check(op.params, name, String(doc.min)), where).toBeNull();
        expect(check(op.params, name, String(doc.min - 1)), where).not.toBeNull();
      }
      if (doc.max !== undefined) {
        expect(check(op.params, name, String(doc.max)), where).toBeNull();
        expect(check(op.params, name, String(doc.max + 1)), where).not.toBeNull();
      }
    }
  });

  it('states the item limit and the item values of lists the check holds', () => {
    for (const { op, name, doc } of fields) {
      if (doc.kind !== 'list' || !doc.values) continue;
      const [first = ''] = doc.values;
      const where = `${op.id} ${name}`;
      expect(check(op.params, name, doc.values.join(',')), where).toBeNull();
      expect(check(op.params, name, `${first},not-a-choice`), where).not.toBeNull();
      if (doc.maxItems !== undefined) {
        expect(check(op.params, name, Array(doc.maxItems).fill(first).join(',')), where).toBeNull();
        expect(
          check(
            op.params,
            name,
            Array(doc.maxItems + 1)
              .fill(first)
              .join(','),
          ),
          where,
        ).toBe(1003);
      }
    }
  });
});

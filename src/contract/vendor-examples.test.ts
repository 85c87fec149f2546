import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalog, isOperationId, operations } from './catalog';
import { envelopeSchema } from './envelope';

/**
 * The vendor's documented example answers (its llms-full.txt and the datasets of its example pages), kept
 * as they were published in fixtures/vendor/<operation id>.json, each example naming its source. Every
 * one must parse with the contract's schema of its operation: a real answer shaped as documented is
 * never refused. When one does not parse, the contract is what gets fixed, not the fixture.
 */
const fixtureDir = path.join(import.meta.dirname, 'fixtures/vendor');

const sourceSchema = z.strictObject({
  repository: z.literal('HiThink-Tech/Financial-API'),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  path: z.string().min(1),
  lines: z.string().regex(/^\d+(-\d+)?$/),
  locator: z.string().optional(),
});
const exampleSchema = z.strictObject({
  source: sourceSchema,
  what: z.string().min(1),
  /** A whole response (envelope with `data`). */
  envelope: z.unknown().optional(),
  /** `data` alone (an MCP tool's return, or a page dataset that holds a whole `data`). */
  data: z.unknown().optional(),
  /** Rows of one array field of `data`, when the source gives only those. */
  items: z.strictObject({ field: z.string(), rows: z.array(z.unknown()).min(1) }).optional(),
});
const fixtureSchema = z.strictObject({ operation: z.string(), examples: z.array(exampleSchema).min(1) });
type Example = z.infer<typeof exampleSchema>;

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return fixtureFiles(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** The schema of the elements of array field `field` of an object schema (through optional/nullable). */
function elementSchema(data: z.ZodType, field: string): z.core.$ZodType {
  let node: unknown = data;
  for (;;) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
      node = node.unwrap();
    } else if (node instanceof z.ZodObject && field in node.shape) {
      node = node.shape[field];
      break;
    } else throw new Error(`no object field ${field} in the data schema`);
  }
  while (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
    node = node.unwrap();
  }
  if (!(node instanceof z.ZodArray)) throw new Error(`field ${field} is not an array in the data schema`);
  return node.element;
}

const fixtures = fixtureFiles(fixtureDir).map((file) => {
  const parsed = fixtureSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return { file: path.relative(fixtureDir, file), ...parsed };
});

function issuesOf(dataSchema: z.ZodType, example: Example): string[] {
  const results: z.ZodSafeParseResult<unknown>[] = [];
  if (example.envelope !== undefined) results.push(envelopeSchema(dataSchema).safeParse(example.envelope));
  if (example.data !== undefined) results.push(dataSchema.safeParse(example.data));
  if (example.items !== undefined) {
    const element = elementSchema(dataSchema, example.items.field);
    for (const row of example.items.rows) results.push(z.safeParse(element, row));
  }
  return results.flatMap((r) => (r.success ? [] : [z.prettifyError(r.error)]));
}

describe('vendor example fixtures', () => {
  it('are named after a contract operation and hold exactly one kind of example each', () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const f of fixtures) {
      expect(f.file).toBe(`${f.operation}.json`);
      expect(isOperationId(f.operation), f.operation).toBe(true);
      for (const ex of f.examples) {
        const kinds = [ex.envelope, ex.data, ex.items].filter((k) => k !== undefined);
        expect(kinds, `${f.file}: ${ex.what}`).toHaveLength(1);
      }
    }
  });

  for (const f of fixtures) {
    describe(f.operation, () => {
      f.examples.forEach((example, i) => {
        it(`parses example ${i + 1}: ${example.what} (${example.source.path}:${example.source.lines})`, () => {
          if (!isOperationId(f.operation)) throw new Error(`unknown operation ${f.operation}`);
          expect(issuesOf(catalog[f.operation].data, example)).toEqual([]);
        });
      });
    });
  }

  it('lists the operations the vendor gives no example answer for', () => {
    const covered = new Set(fixtures.map((f) => f.operation));
    const without = operations.map((op) => op.id).filter((id) => !covered.has(id));
    // Printed, not asserted: these rest on the documented field tables (their operation tests).
    console.info(`${without.length} operations without a vendor example:\n${without.join('\n')}`);
    expect(covered.size + without.length).toBe(operations.length);
  });
});

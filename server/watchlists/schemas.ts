import { z } from 'zod';
import { LIMITS } from './repository';

/**
 * Request shapes of the watchlist REST API and how a refusal is reported:
 * `{ error: { code, message, field } }` where `field` is the path of the offending value
 * ('name', 'items.3.thscode') and `message` names it and the rule it broke.
 * Structural problems (missing field, wrong type, unknown field) are 400; a value that has the right
 * type but breaks a rule (format, length, range, limits) is 422.
 */

export const THSCODE_RE = /^[0-9A-Z]{1,16}\.[A-Z]{1,6}$/;

/** Code points, not UTF-16 units, so that 40 Chinese characters or emoji count as 40. */
const length = (s: string) => [...s].length;
// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- notes may span lines but hold no other control characters
const NOTE_CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const rule = (name: string) => ({ params: { rule: name } });

export const nameSchema = z
  .string()
  .transform((s) => s.trim())
  .refine((s) => length(s) >= 1 && length(s) <= LIMITS.nameLength, {
    message: `must be 1 to ${LIMITS.nameLength} characters after trimming spaces`,
    ...rule('length'),
  })
  .refine((s) => !CONTROL_RE.test(s), { message: 'must not contain control characters', ...rule('format') });

/** Trimmed and upper-cased first, so '600519.sh ' is 600519.SH. */
export const thscodeSchema = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(
    z
      .string()
      .regex(THSCODE_RE, 'must be a full code such as 600519.SH: 1-16 letters or digits, a dot, 1-6 letters'),
  );

export const noteSchema = z
  .string()
  .refine((s) => length(s) <= LIMITS.noteLength, {
    message: `must be at most ${LIMITS.noteLength} characters`,
    ...rule('length'),
  })
  .refine((s) => !NOTE_CONTROL_RE.test(s), {
    message: 'must not contain control characters other than line breaks and tabs',
    ...rule('format'),
  });

export const versionSchema = z.number().int().min(1, 'must be a whole number of at least 1');

/** The same rule for `?version=` in a query string. */
export const versionQuerySchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a whole number of at least 1')
  .transform(Number);

export const idSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'must be a positive whole number')
  .transform(Number);

export const createBody = z.strictObject({ name: nameSchema });
export const renameBody = z.strictObject({ name: nameSchema, version: versionSchema });

const newItem = z.strictObject({ thscode: thscodeSchema, note: noteSchema.optional() });
export const addOneBody = newItem.extend({ version: versionSchema });
export const addBatchBody = z.strictObject({
  items: z
    .array(newItem)
    .min(1, 'must hold at least one item')
    .max(LIMITS.itemsPerList, `must hold at most ${LIMITS.itemsPerList} items`),
  version: versionSchema,
});

export const orderBody = z.strictObject({
  thscodes: z.array(thscodeSchema).max(LIMITS.itemsPerList, `must hold at most ${LIMITS.itemsPerList} codes`),
  version: versionSchema,
});
export const noteBody = z.strictObject({ note: noteSchema, version: versionSchema });
export const versionQuery = z.strictObject({ version: versionQuerySchema });

export const idParams = z.strictObject({ id: idSchema });
export const itemParams = z.strictObject({ id: idSchema, thscode: thscodeSchema });

export interface ApiError {
  status: number;
  body: { error: { code: string; message: string; field: string | null } };
}

export function apiError(
  status: number,
  code: string,
  message: string,
  field: string | null = null,
): ApiError {
  return { status, body: { error: { code, message, field } } };
}

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  array: 'a list',
  object: 'an object',
};

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = Reflect.get(value, key);
  }
  return value;
}

/** The first issue as an API error. `where` says where the value came from, for whole-input issues. */
export function issueToError(
  issue: z.core.$ZodIssue,
  input: unknown,
  where: 'body' | 'query' | 'path',
): ApiError {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = [...path, key].join('.');
    return apiError(400, 'unknown_field', `'${field}' is not accepted here`, field);
  }
  if (path.length === 0 && issue.code === 'invalid_type') {
    return apiError(400, 'type', `The request ${where} must be a JSON object`);
  }
  const field = path.join('.');
  if (issue.code === 'invalid_type') {
    if (valueAt(input, issue.path) === undefined) {
      return apiError(400, 'required', `'${field}' is required`, field);
    }
    return apiError(400, 'type', `'${field}' must be ${EXPECTED[issue.expected] ?? issue.expected}`, field);
  }
  let code = 'invalid';
  if (issue.code === 'invalid_format') code = 'format';
  else if (issue.code === 'too_big' || issue.code === 'too_small')
    code = issue.origin === 'array' || issue.origin === 'string' ? 'length' : 'range';
  else if (issue.code === 'custom' && typeof issue.params?.rule === 'string') code = issue.params.rule;
  return apiError(422, code, `'${field}' ${issue.message}`, field);
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: 'body' | 'query' | 'path',
): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (issue === undefined)
    return { ok: false, error: apiError(400, 'invalid', `The request ${where} is invalid`) };
  return { ok: false, error: issueToError(issue, input, where) };
}

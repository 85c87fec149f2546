import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';
import { SchemaChoice, type WatchlistErrorCode } from '../../src/contract/watchlists';

/**
 * Route schemas are the contract's zod schemas (src/contract/watchlists.ts): Fastify runs them through
 * this validator compiler before the handler, and the handler gets their output (trimmed names,
 * upper-cased codes, numbers from the path), typed by `ZodTypeProvider`. A value they refuse becomes a
 * `RequestRefusal` in the watchlist refusal format, which the plugin's error handler sends.
 *
 * fastify-type-provider-zod does the same, but it brings @fastify/swagger and openapi-types as required
 * peers and its own error shape, which would still need this formatter; the compiler itself is a few
 * lines.
 */

/** A refusal as it goes out: `{ error: { code, message, field } }` with its HTTP status. */
export interface Refusal {
  status: number;
  body: { error: { code: WatchlistErrorCode; message: string; field: string | null } };
}

export function refusal(
  status: number,
  code: WatchlistErrorCode,
  message: string,
  field: string | null = null,
): Refusal {
  return { status, body: { error: { code, message, field } } };
}

/** Thrown (or returned to Fastify) for a request the schemas refused. */
export class RequestRefusal extends Error {
  readonly statusCode: number;
  constructor(readonly refusal: Refusal) {
    super(refusal.body.error.message);
    this.name = 'RequestRefusal';
    this.statusCode = refusal.status;
  }
}

/** A route schema: one zod schema, or a choice between some (`SchemaChoice`). */
export type RouteSchema = z.ZodType | SchemaChoice<z.ZodType>;

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType
    ? z.output<this['schema']>
    : this['schema'] extends SchemaChoice<infer S>
      ? z.output<S>
      : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

type Where = 'body' | 'query' | 'path';

const WHERE: Readonly<Record<string, Where>> = { body: 'body', querystring: 'query', params: 'path' };

const EXPECTED: Readonly<Record<string, string>> = {
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

/**
 * The first issue as a refusal: 400 for the shape (missing, wrong type, unknown field), 422 for a
 * rule. `where` says where the value came from, for issues about the whole input.
 */
export function issueToRefusal(issue: z.core.$ZodIssue, input: unknown, where: Where): Refusal {
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const field = [...path, key].join('.');
    return refusal(400, 'unknown_field', `'${field}' is not accepted here`, field);
  }
  if (path.length === 0 && issue.code === 'invalid_type') {
    return refusal(400, 'type', `The request ${where} must be a JSON object`);
  }
  const field = path.join('.');
  if (issue.code === 'invalid_type') {
    if (valueAt(input, issue.path) === undefined) {
      return refusal(400, 'required', `'${field}' is required`, field);
    }
    return refusal(400, 'type', `'${field}' must be ${EXPECTED[issue.expected] ?? issue.expected}`, field);
  }
  let code: WatchlistErrorCode = 'invalid';
  if (issue.code === 'invalid_format') code = 'format';
  else if (issue.code === 'too_big' || issue.code === 'too_small')
    code = issue.origin === 'array' || issue.origin === 'string' ? 'length' : 'range';
  else if (issue.code === 'custom') code = ruleOf(issue.params?.rule);
  return refusal(422, code, `'${field}' ${issue.message}`, field);
}

/** The code a custom check names (`params.rule` in the contract's schemas). */
function ruleOf(rule: unknown): WatchlistErrorCode {
  return rule === 'length' || rule === 'format' ? rule : 'invalid';
}

export const zodValidatorCompiler: FastifySchemaCompiler<RouteSchema> = ({ schema, httpPart }) => {
  const where = WHERE[httpPart ?? 'body'] ?? 'body';
  return (data: unknown) => {
    const result = (schema instanceof SchemaChoice ? schema.choose(data) : schema).safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const refused =
      issue === undefined
        ? refusal(400, 'invalid', `The request ${where} is invalid`)
        : issueToRefusal(issue, data, where);
    return { error: new RequestRefusal(refused) };
  };
};

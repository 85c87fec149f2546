import type { z } from 'zod';
import type { $ZodStandardSchema } from 'zod/v4/core';

/**
 * A zod schema built the first time it is used. The route tree names every route's search schema, and
 * the tree is in the entry script: built at once, the schemas of all routes cost the first visit tens of
 * milliseconds of one long task, though a page validates its own route's search only. It is a Standard
 * Schema (what the router's `validateSearch` reads, with the same input and output types as the schema)
 * and parses like the schema itself.
 */
export interface LazySchema<S extends z.ZodType> {
  readonly '~standard': $ZodStandardSchema<S>;
  /** The schema, built now if it was not yet. */
  schema(): S;
  parse(value: unknown): z.output<S>;
}

export function lazySchema<S extends z.ZodType>(build: () => S): LazySchema<S> {
  let built: S | undefined;
  const schema = (): S => (built ??= build());
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value, options) => schema()['~standard'].validate(value, options),
    },
    schema,
    parse: (value) => schema().parse(value),
  };
}

import type { z } from 'zod';
import type { AnyOperation, Operation } from '../../src/contract/operation';
import type { OperationId } from '../../src/contract/catalog';
import type { DumpKind } from '../../src/contract/operations/market-dumps';
import { checkTemporal, parseParams } from '../../src/contract/params';
import type { ParamsSchema, RawQuery } from '../../src/contract/params';

/** A business error raised by a handler; the server turns it into an error envelope (HTTP 200). */
export class SimError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'SimError';
    this.code = code;
  }
}

/** A signed link to a dump file (the `data` of the market-dump operations). */
export type DumpLink = {
  presigned_url: string;
  presigned_url_expires_at: string;
};

/** Signs links to the simulator's dump files (dumps/store.ts); throws SimError 4040 until a file exists. */
export interface DumpLinks {
  link(kind: DumpKind, now: number, origin: string): DumpLink;
}

/** What a handler may look at besides its parameters: one clock reading for the whole request. */
export interface SimContext {
  /** Unix ms, read once per request so every part of an answer agrees on "now". */
  readonly now: number;
  /** `http://host:port` the request came to (links of the simulator point back at it). */
  readonly origin: string;
  readonly dumps: DumpLinks;
}

export type RouteOutcome = { ok: true; data: unknown } | { ok: false; code: number; message: string };

/** A handler with its operation, its types erased once they have been checked. */
export interface Route {
  readonly id: OperationId;
  readonly op: AnyOperation;
  run(query: RawQuery, ctx: SimContext): RouteOutcome;
}

/**
 * Bind a typed handler to its catalog operation (`defineHandler(catalog['a/b'], (params, ctx) => data)`):
 * parameters are checked with the catalog (unknown ones ignored, like the real service), then the
 * date-relative rules with the request's clock. The handler must return the operation's `data` input type.
 */
export function defineHandler<Id extends OperationId, P extends ParamsSchema, D extends z.ZodType>(
  op: Operation<Id, P, D>,
  handle: (params: z.output<P>, ctx: SimContext) => z.input<D>,
): Route {
  return {
    id: op.id,
    op,
    run(query, ctx) {
      const parsed = parseParams(op.params, query, { unknown: 'ignore', known: op.paramNames });
      if (!parsed.ok) return { ok: false, code: parsed.code, message: parsed.message };
      const temporal = checkTemporal(op, parsed.value, ctx.now);
      if (temporal) return { ok: false, code: temporal.code, message: temporal.message };
      try {
        return { ok: true, data: handle(parsed.value, ctx) };
      } catch (err) {
        if (err instanceof SimError) return { ok: false, code: err.code, message: err.message };
        throw err;
      }
    },
  };
}

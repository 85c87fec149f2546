import { z } from 'zod';

/** The job of a dump writer thread (its `workerData`) and its answer, parsed where they cross. */
export const dumpJob = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('daily-k'),
    codes: z.array(z.string()),
    from: z.number().int(),
    to: z.number().int(),
    out: z.string(),
  }),
  z.object({
    op: z.literal('adjustment-factors'),
    codes: z.array(z.string()),
    to: z.number().int(),
    out: z.string(),
  }),
  z.object({ op: z.literal('concat'), parts: z.array(z.string()), out: z.string() }),
]);
export type DumpJob = z.infer<typeof dumpJob>;

export const dumpJobResult = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), rows: z.number().int() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type DumpJobResult = z.infer<typeof dumpJobResult>;

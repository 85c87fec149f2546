import { z } from 'zod';

export { barFigures } from './bar-figures';

/**
 * Tolerant building blocks for `data` schemas. Objects are loose (unknown keys kept). Where the spec
 * allows null the schema says so; where the real service omits keys instead (upstream-notes.md), the
 * field is `nullish`. Numbers that the spec says arrive as strings stay strings.
 */
export const num = z.number();
export const numOrNull = z.number().nullable();
/** Omitted by the real service when absent, null by the spec: accept both. */
export const numMaybe = z.number().nullish();
export const str = z.string();
export const strOrNull = z.string().nullable();
export const strMaybe = z.string().nullish();
export const int = z.number().int();
export const intOrNull = z.number().int().nullable();
/** Unix milliseconds, Asia/Shanghai meaning. */
export const ms = z.number();
export const msOrNull = z.number().nullable();
/** A decimal number carried as a string, digits exact (indicator values, heat, QDII quotas). */
export const numericString = z.string();
/** `yyyy-MM-dd` as sent by the service (not re-validated: tolerant of the real service). */
export const dateText = z.string();
/** Structure passed through from upstream, shape not shown by the spec. */
export const opaque = z.unknown();

export const pagination = z.looseObject({
  page: int,
  size: int,
  total: intOrNull,
  has_next: z.boolean(),
});

/** The most common `data`: `{timestamp, item[]}`. */
export function timestampedItems<T extends z.ZodType>(item: T, timestamp: z.ZodType = ms) {
  return z.looseObject({ timestamp, item: z.array(item) });
}

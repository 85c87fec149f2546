import type { z } from 'zod';
import type { ParamsSchema } from './params';

/**
 * How long an answer stays good. The BFF turns a class into a lifetime using the market clock:
 * - `quote`: moves every few seconds while a session runs (snapshots, live auction, hourly lists);
 * - `intraday`: moves during the day but slowly (daily hot lists, pools, monitor lists, news);
 * - `daily`: fixed once a trading day has closed (bars, dragon-tiger, calendar, rank history);
 * - `reference`: changes rarely (statements, indicators, profiles, code tables, contract terms);
 * - `link`: a short-lived signed link (the market dumps): kept half a minute whatever the session, so
 *   that no one is handed a link about to expire.
 */
export const CACHE_CLASSES = ['quote', 'intraday', 'daily', 'reference', 'link'] as const;
export type CacheClass = (typeof CACHE_CLASSES)[number];

/** `restricted`: described by the spec but not open to external callers (high-frequency, capital flow). */
export type Access = 'open' | 'restricted';

/** Where an operation's contract comes from. */
export type Source = 'spec' | 'extras';

/** Groups share a circuit breaker in the BFF and a screen in the UI. */
export type OperationGroup =
  | 'a-share'
  | 'financials'
  | 'special-data'
  | 'auction'
  | 'meta'
  | 'news'
  | 'high-frequency'
  | 'capital-flow'
  | 'index'
  | 'valuation'
  | 'fund'
  | 'futures'
  | 'options'
  | 'hk-ipo'
  | 'market-dumps';

export interface OperationSpec<P extends ParamsSchema, D extends z.ZodType> {
  group: OperationGroup;
  /** One line on what it returns, in English. */
  summary: string;
  params: P;
  data: D;
  cache: CacheClass;
  access: Access;
  source: Source;
  /** `false` for `anomaly-analysis-list`, which the spec says has no tool. */
  hasTool?: boolean;
  /**
   * Documented as a contract for a later release, not yet an external entry point: the real service may
   * answer it with an error, and a page shows that the list is not offered yet instead of failing.
   */
  planned?: boolean;
  /**
   * Rules that depend on today's date (for example "at most one year back", "not in the future"),
   * checked by the BFF and the simulator with their clock after the schema passed. Rules that need the
   * trading calendar (an explicit non-trading day) are left to the service.
   */
  temporal?(params: z.output<P>, nowMs: number): ParamIssue | null;
}

/** A broken rule, named by parameter, with the contract code for it. */
export interface ParamIssue {
  param: string;
  code: number;
  /** The rule, phrased to follow "Parameter 'x' ...". */
  rule: string;
}

/** Where the BFF serves the operations: `${API_BASE_PATH}/${id}`. */
export const API_BASE_PATH = '/api';

export interface Operation<
  Id extends string,
  P extends ParamsSchema,
  D extends z.ZodType,
> extends OperationSpec<P, D> {
  /** The path after `/api/`, for example `a-share/prices/snapshot`. */
  id: Id;
  path: `${typeof API_BASE_PATH}/${Id}`;
  /** `get_` + the path after `/api/` with `/` and `-` replaced by `_`; null where the spec says none. */
  tool: string | null;
  /** Names of the parameters it takes (anything else is refused by the BFF). */
  paramNames: readonly string[];
}

export type AnyOperation = Operation<string, ParamsSchema, z.ZodType>;

export function toolName(id: string): string {
  return `get_${id.replace(/[/-]/g, '_')}`;
}

/** What the operations of one file usually share; an entry may still say otherwise. */
export type SharedSpec = Pick<OperationSpec<ParamsSchema, z.ZodType>, 'group' | 'access' | 'source'>;
export type EntrySpec<P extends ParamsSchema, D extends z.ZodType> = Omit<
  OperationSpec<P, D>,
  keyof SharedSpec
> &
  Partial<SharedSpec>;

/**
 * Define a group of operations keyed by their id (the path after `/api/`), deriving path, tool name
 * and parameter names so that nothing restates them. `shared` gives the group, access and source that
 * every entry has unless it names its own.
 */
export function defineOperations<const T extends { [id: string]: EntrySpec<ParamsSchema, z.ZodType> }>(
  shared: SharedSpec,
  specs: T,
): { [K in keyof T & string]: Operation<K, T[K]['params'], T[K]['data']> } {
  const out: Record<string, AnyOperation> = {};
  for (const [id, spec] of Object.entries(specs)) {
    out[id] = {
      ...shared,
      ...spec,
      id,
      path: `${API_BASE_PATH}/${id}`,
      tool: spec.hasTool === false ? null : toolName(id),
      paramNames: Object.keys(spec.params.shape),
    };
  }
  // The mapped type is built key by key above; TypeScript cannot follow Object.entries.
  return out as { [K in keyof T & string]: Operation<K, T[K]['params'], T[K]['data']> };
}

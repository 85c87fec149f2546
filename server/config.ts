import { isIP } from 'node:net';
import { z } from 'zod';
import { A_SHARE_CODE_RE, isValidDate } from '../src/contract/params';
import { MIN_KEY_LENGTH } from './gateway/redact';

/**
 * The server's environment, parsed once at start-up. Every rule is checked here so that a bad value
 * stops the process with a message naming the variable, instead of failing later in a request.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  /** Real service; null means demo mode (the embedded simulator on loopback). */
  marketApi: { baseUrl: string; apiKey: string } | null;
  /** Pinned clock (Unix ms) for the simulator and the gateway; null follows real time. */
  simNow: number | null;
  simRestricted: 'open' | 'closed';
  /** Tests only: loopback clients may move the pinned simulator clock (`/bff/test/clock`). */
  simClockControl: boolean;
  /** The simulator's whole-market dump files: folder, which stocks (all, the first n, or some codes), when written. */
  simDumps: { dir: string; codes: 'all' | number | readonly string[]; prepare: 'on-request' | 'at-start' };
  upstreamTimeoutMs: number;
  upstreamConnectTimeoutMs: number;
  /** Global budget of upstream calls: at most this many in any second... */
  upstreamRatePerSecond: number;
  /** ...of which this many may go back to back. */
  upstreamBurst: number;
  /** Room for jitter on the way to the service: a written call counts for one second plus this much. */
  upstreamWindowMarginMs: number;
  upstreamQueueMax: number;
  upstreamQueueTimeoutMs: number;
  upstreamMaxAttempts: number;
  /** Overall time for one logical upstream call: queueing, attempts and back-off. */
  upstreamDeadlineMs: number;
  cacheMaxBytes: number;
  /** How long past its lifetime an answer may still be served when the service fails. */
  cacheStaleIfErrorMs: number;
  /** The answer cache's copy on disk (survives a restart); null: memory only. */
  answerCacheDisk: { file: string; maxBytes: number } | null;
  /** Ask for the first screens' data at start-up and after each close (server/gateway/warm.ts). */
  warmCache: boolean;
  /** Requests per minute one client (IP address) may make to /api. */
  clientRateLimitPerMinute: number;
  /** Watchlist changes per minute one user (else one address) may make. */
  writeRateLimitPerMinute: number;
  logLevel: LogLevel;
  staticDir: string;
  watchlistDb: string;
  /** PostgreSQL holds the watchlists (shared by replicas) instead of the WATCHLIST_DB file; null: SQLite. */
  databaseUrl: string | null;
  /** Who is asking (auth/): nobody in particular on loopback, a trusted proxy's user, or an OIDC sign-in. */
  auth: AuthConfig;
  /** Host names (lower case, no port) this server answers to; anything else is refused (DNS rebinding). */
  allowedHosts: readonly string[];
  /** Limits of the listening HTTP server (slow clients, connection floods). */
  http: HttpLimits;
  /** Online backups of the SQLite watchlist database; null when BACKUP_DIR is not set. */
  backup: { dir: string; keep: number; intervalMs: number } | null;
  /** On SIGTERM/SIGINT: how long requests in flight may take to finish before they are cut off. */
  shutdownTimeoutMs: number;
  /** Redis shared by several replicas (cache, single flight, budget, pauses, breakers); null: none. */
  redis: { url: string; keyPrefix: string } | null;
  /** The market data plane (server/market-data/): dumps, the research panel and the minute tape. */
  marketData: MarketDataConfig;
}

export interface MarketDataConfig {
  /** Off: no panel, no tape, the dump paths answer that the plane is off; nothing else changes. */
  enabled: boolean;
  /** DuckDB file of the research panel and the minute tape. */
  researchDb: string;
  /** Folder of the dump files the BFF downloaded (one copy per dump per day). */
  dumpDir: string;
  /** Largest share of the upstream budget the minute tape may use, in (0, 1]. */
  tapeBudgetShare: number;
}

export const authModes = ['none', 'proxy', 'oidc'] as const;
export type AuthMode = (typeof authModes)[number];

export type AuthConfig =
  | { mode: 'none' }
  | {
      mode: 'proxy';
      /** Addresses (IPs or CIDR ranges) whose user header is believed. */
      trustedProxies: readonly string[];
      /** Lower-case header name carrying the signed-in user, as the proxy sets it. */
      userHeader: string;
      admins: readonly string[];
      sessionSecret: string;
    }
  | {
      mode: 'oidc';
      issuer: string;
      clientId: string;
      clientSecret: string;
      redirectUri: string;
      admins: readonly string[];
      sessionSecret: string;
      sessionTtlMs: number;
    };

export interface HttpLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** Open connections one client address may hold (idle and in flight); trusted proxies are exempt. */
  maxConnectionsPerClient: number;
}

export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, rule: string) {
    super(`Invalid configuration: ${variable} ${rule}`);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

type Env = NodeJS.ProcessEnv;

/** Empty or blank counts as unset, so `MARKET_API_KEY=` in a shell behaves like no key. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/** What the README says of a variable (its configuration table is made from these: `npm run docs:config`). */
export interface ConfigVariable {
  name: string;
  /** As written in the environment; null when there is none. */
  default: string | null;
  /** For a variable without a default, what leaving it unset means (else the table shows a dash). */
  unset?: string;
  /** What it does, in Markdown. */
  doc: string;
}

/** A variable and its rule: `from(env)` reads it, and a bad value stops the start with its name. */
export interface Setting<T> extends ConfigVariable {
  from(env: Env): T;
}

/** A variable's rule over its text; a refusal's message follows the variable's name. */
type Rule<T> = z.ZodType<T, string>;

function parsed<T>(name: string, rule: Rule<T>, text: string): T {
  const result = rule.safeParse(text);
  if (!result.success) throw new ConfigError(name, result.error.issues[0]?.message ?? 'is invalid');
  return result.data;
}

/** A variable with a default. */
function setting<T>(spec: { name: string; default: string; doc: string; rule: Rule<T> }): Setting<T> {
  const { rule, ...variable } = spec;
  return { ...variable, from: (env) => parsed(spec.name, rule, read(env, spec.name) ?? spec.default) };
}

/** A variable without a default: undefined when unset. */
function optional<T>(spec: {
  name: string;
  unset?: string;
  doc: string;
  rule: Rule<T>;
}): Setting<T | undefined> {
  const { rule, ...variable } = spec;
  return {
    ...variable,
    default: null,
    from: (env) => {
      const text = read(env, spec.name);
      return text === undefined ? undefined : parsed(spec.name, rule, text);
    },
  };
}

/** A check's refusal: its message follows the variable's name. */
class Refusal extends Error {}

/** A rule written as a function that returns the value or throws a Refusal. */
function checked<T>(check: (text: string) => T): Rule<T> {
  return z.string().transform((text, ctx) => {
    try {
      return check(text);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message });
      return z.NEVER;
    }
  });
}

function integer(min: number, max: number): Rule<number> {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule);
}

function fraction(min: number, max: number): Rule<number> {
  const rule = `must be a number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule);
}

function oneOf<const V extends readonly [string, string, ...string[]]>(values: V): Rule<V[number]> {
  const rule =
    values.length === 2 ? `must be ${values[0]} or ${values[1]}` : `must be one of ${values.join(', ')}`;
  return z.enum(values, rule);
}

const onOff: Rule<boolean> = oneOf(['on', 'off']).transform((value) => value === 'on');

/** Comma list: trimmed, blanks dropped. */
const list: Rule<string[]> = z.string().transform((text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== ''),
);

/** SIM_DUMP_CODES: `all`, `first:N`, or A-share codes separated by commas. */
const simDumpCodes = z.string().transform((text, ctx): 'all' | number | readonly string[] => {
  if (text === 'all') return 'all';
  const first = /^first:(\d{1,5})$/.exec(text);
  if (first) return Number(first[1]);
  const codes = text.split(',').map((c) => c.trim());
  if (codes.every((c) => A_SHARE_CODE_RE.test(c))) return codes;
  ctx.addIssue({ code: 'custom', message: 'must be all, first:N or A-share codes separated by commas' });
  return z.NEVER;
});

const ISO_WITH_OFFSET_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseSimNow(text: string): number {
  const rule = 'must be ISO 8601 with an offset (2026-07-14T10:00:00+08:00) or Unix milliseconds';
  if (/^\d+$/.test(text)) {
    const ms = Number(text);
    if (!Number.isSafeInteger(ms)) throw new Refusal(rule);
    return ms;
  }
  // Date.parse rolls 2026-02-30 over to March; the calendar day must exist as written.
  const ms = ISO_WITH_OFFSET_RE.test(text) && isValidDate(text.slice(0, 10)) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw new Refusal(rule);
  return ms;
}

function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal('must be an absolute http(s) URL, such as https://example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Refusal(`must use http or https (got ${url.protocol.replace(':', '')})`);
  }
  // Credentials in the URL would end up wherever the URL is printed; the key has its own variable.
  if (url.username !== '' || url.password !== '') {
    throw new Refusal('must not contain credentials; put the key in MARKET_API_KEY');
  }
  if (url.search !== '' || url.hash !== '') throw new Refusal('must not have a query or a fragment');
  // Operation paths start with '/api/', so the base keeps no trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

// Every form of the key is removed from what the service sends back (gateway/redact.ts); the forms
// of a shorter key could be ordinary text, which that would damage.
function parseApiKey(key: string): string {
  const length = [...key].length;
  if (length < MIN_KEY_LENGTH) {
    throw new Refusal(
      `must be at least ${MIN_KEY_LENGTH} characters long (got ${length}): the server removes the key from everything the service sends back, and a shorter one could match ordinary text; use the full key the service issued`,
    );
  }
  return key;
}

/** postgres://[user[:password]@]host[:port]/database[?options]; the value is never repeated in a message. */
function parseDatabaseUrl(text: string): string {
  const rule = 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal(rule);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Refusal(`${rule} (the scheme is postgres or postgresql)`);
  }
  if (url.hostname === '' || url.pathname.length < 2 || url.pathname.slice(1).includes('/')) {
    throw new Refusal(`${rule} (with a host and a database name)`);
  }
  return text;
}

function parseRedisUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal('must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Refusal(`must use redis or rediss (got ${url.protocol.replace(':', '')})`);
  }
  return text;
}

const HOST_NAME_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)$/;

function parseAllowedHosts(text: string): string[] {
  return list.parse(text).map((raw) => {
    const name = raw.toLowerCase();
    if (!HOST_NAME_RE.test(name)) {
      throw new Refusal(`has '${raw}', which is not a host name (no scheme, no port)`);
    }
    return name.replace(/\.$/, '');
  });
}

function parseTrustedProxies(text: string): string[] {
  const entries = list.parse(text);
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) {
      throw new Refusal(`has '${entry}', which is not an IP address or CIDR range`);
    }
  }
  return entries;
}

function httpUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Refusal('must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Refusal('must be an absolute http(s) URL');
  return url.href;
}

// Every variable the server reads, in the README's order: name, default, rule and meaning in one place.

const PORT = setting({
  name: 'PORT',
  default: '8080',
  doc: 'port of the server',
  rule: integer(0, 65535),
});
const HOST = setting({
  name: 'HOST',
  default: '127.0.0.1',
  doc: 'interface to listen on (`0.0.0.0` to share on a network)',
  rule: z.string().regex(/^[\w.:-]+$/, 'must be a host name or an IP address'),
});
const MARKET_API_BASE_URL = optional({
  name: 'MARKET_API_BASE_URL',
  doc: 'base URL of the real market data service; needs `MARKET_API_KEY`',
  rule: checked(parseBaseUrl),
});
const MARKET_API_KEY = optional({
  name: 'MARKET_API_KEY',
  doc: `API key sent upstream as \`X-api-key\`; at least ${MIN_KEY_LENGTH} characters; never reaches the browser, the caches or the logs`,
  rule: checked(parseApiKey),
});
const SIM_NOW = optional({
  name: 'SIM_NOW',
  unset: 'real time',
  doc: "pins the simulator's clock (ISO 8601 with offset, or Unix ms), for demos and tests",
  rule: checked(parseSimNow),
});
const SIM_CLOCK_CONTROL = setting({
  name: 'SIM_CLOCK_CONTROL',
  default: 'off',
  doc: 'tests only: `on` lets loopback clients move the pinned `SIM_NOW` clock (`PUT /bff/test/clock`)',
  rule: onOff,
});
const SIM_RESTRICTED = setting({
  name: 'SIM_RESTRICTED',
  default: 'closed',
  doc: '`open` lets the simulator answer the restricted high-frequency and capital-flow operations',
  rule: oneOf(['open', 'closed']),
});
const SIM_DUMP_DIR = setting({
  name: 'SIM_DUMP_DIR',
  default: 'data/sim-dumps',
  doc: "folder of the simulator's whole-market dump files (Parquet, one per dump and data date, reused after a restart)",
  rule: z.string().min(1, 'must name a folder'),
});
const SIM_DUMP_CODES = setting({
  name: 'SIM_DUMP_CODES',
  default: 'all',
  doc: "stocks in the simulator's dumps: `all`, `first:N` (the first N codes) or codes separated by commas; tests and e2e runs use a few, the whole market takes about a minute of both cores",
  rule: simDumpCodes,
});
const SIM_DUMP_PREPARE = setting({
  name: 'SIM_DUMP_PREPARE',
  default: 'on-request',
  doc: "when the simulator writes a data date's dumps: `on-request` (the first link request starts it and answers 4040 until done) or `at-start` (also at start-up, in the background)",
  rule: oneOf(['on-request', 'at-start']),
});
const UPSTREAM_TIMEOUT_MS = setting({
  name: 'UPSTREAM_TIMEOUT_MS',
  default: '10000',
  doc: 'time allowed for an upstream answer',
  rule: integer(1, 600_000),
});
const UPSTREAM_CONNECT_TIMEOUT_MS = setting({
  name: 'UPSTREAM_CONNECT_TIMEOUT_MS',
  default: '3000',
  doc: 'time allowed to connect to the upstream',
  rule: integer(1, 600_000),
});
const UPSTREAM_RATE_PER_S = setting({
  name: 'UPSTREAM_RATE_PER_S',
  default: '5',
  doc: 'global budget: at most this many calls to the service in any second',
  rule: integer(1, 1000),
});
const UPSTREAM_WINDOW_MARGIN_MS = setting({
  name: 'UPSTREAM_WINDOW_MARGIN_MS',
  default: '100',
  doc: 'room for jitter between writing a call and the service receiving it: each call counts from its turn until its request is written, then for one second plus this margin',
  rule: integer(0, 10_000),
});
const UPSTREAM_BURST = setting({
  name: 'UPSTREAM_BURST',
  default: '5',
  doc: 'how many of them may go back to back (at most `UPSTREAM_RATE_PER_S`)',
  rule: integer(1, 1000),
});
const UPSTREAM_QUEUE_MAX = setting({
  name: 'UPSTREAM_QUEUE_MAX',
  default: '100',
  doc: 'calls that may wait for their turn; more are refused at once (code 6003)',
  rule: integer(0, 100_000),
});
const UPSTREAM_QUEUE_TIMEOUT_MS = setting({
  name: 'UPSTREAM_QUEUE_TIMEOUT_MS',
  default: '5000',
  doc: 'longest wait for a turn (code 6003 after it)',
  rule: integer(0, 600_000),
});
const UPSTREAM_MAX_ATTEMPTS = setting({
  name: 'UPSTREAM_MAX_ATTEMPTS',
  default: '3',
  doc: 'attempts for transient failures (network, HTTP 429/502/503/504, codes 4001/5001–5003)',
  rule: integer(1, 10),
});
const UPSTREAM_DEADLINE_MS = setting({
  name: 'UPSTREAM_DEADLINE_MS',
  default: '15000',
  doc: 'overall time for one call: waiting, attempts and back-off',
  rule: integer(1, 600_000),
});
const CACHE_MAX_MB = setting({
  name: 'CACHE_MAX_MB',
  default: '64',
  doc: 'memory bound of the answer cache',
  rule: integer(1, 65_536),
});
const ANSWER_CACHE_DB = setting({
  name: 'ANSWER_CACHE_DB',
  default: 'data/answers.sqlite',
  doc: 'SQLite file keeping the answers that stay good for a minute or more (calendar, code table, statements, option contracts; quotes while the market is closed) across restarts; `off`: memory only',
  rule: z.string().min(1, "must name a file or be 'off'"),
});
const ANSWER_CACHE_DISK_MB = setting({
  name: 'ANSWER_CACHE_DISK_MB',
  default: '256',
  doc: 'size bound of that file in MiB; the oldest answers are dropped first',
  rule: integer(1, 1_048_576),
});
const WARM_CACHE = setting({
  name: 'WARM_CACHE',
  default: 'on',
  doc: '`on`: at start-up and after each close the server asks, at background priority, for what the home page, `/limit-up` and the default options chain show first',
  rule: onOff,
});
const CACHE_STALE_IF_ERROR_S = setting({
  name: 'CACHE_STALE_IF_ERROR_S',
  default: '86400',
  doc: 'how long past its lifetime an answer is still served (`X-Cache: STALE`) while the service fails',
  rule: integer(0, 30 * 86_400),
});
const CLIENT_RATE_LIMIT_PER_MIN = setting({
  name: 'CLIENT_RATE_LIMIT_PER_MIN',
  default: '1200',
  doc: 'requests to `/api` per minute from one IP address (HTTP 429, code 6429 beyond)',
  rule: integer(1, 10_000_000),
});
const WRITE_RATE_LIMIT_PER_MIN = setting({
  name: 'WRITE_RATE_LIMIT_PER_MIN',
  default: '120',
  doc: 'changes to the store (watchlists, calendar feed addresses) per minute from one user, or one address when nobody signs in, at most a sixth of them (20 at least) in any 10 s; beyond, HTTP 429 `rate_limited` with `Retry-After`, held for 0.5 s so that a flood cannot keep the server busy with refusals',
  rule: integer(1, 10_000_000),
});
const LOG_LEVEL = setting({
  name: 'LOG_LEVEL',
  default: 'info',
  doc: 'pino log level',
  rule: oneOf(logLevels),
});
const STATIC_DIR = setting({
  name: 'STATIC_DIR',
  default: 'dist',
  doc: 'the built app the server serves',
  rule: z.string(),
});
const WATCHLIST_DB = setting({
  name: 'WATCHLIST_DB',
  default: 'data/watchlists.sqlite',
  doc: 'SQLite file of the watchlists (unused with `DATABASE_URL`)',
  rule: z.string(),
});
const MARKET_DATA = setting({
  name: 'MARKET_DATA',
  default: 'on',
  doc: "the market data plane: the whole market's daily bars (research panel), the minute tape and the dumps served to clients; `off` turns it all off",
  rule: onOff,
});
const RESEARCH_DB = setting({
  name: 'RESEARCH_DB',
  default: 'data/research.duckdb',
  doc: 'DuckDB file of the research panel and the minute tape (each replica its own; rebuilt from the dumps if lost)',
  rule: z.string().min(1, 'must name a file'),
});
const DUMP_DIR = setting({
  name: 'DUMP_DIR',
  default: 'data/dumps',
  doc: 'folder of the dump copies the server downloaded (one per dump per data day) and of its link secret without sign-in; replicas share it (one volume)',
  rule: z.string().min(1, 'must name a folder'),
});
const TAPE_BUDGET_SHARE = setting({
  name: 'TAPE_BUDGET_SHARE',
  default: '0.2',
  doc: 'largest share of the upstream budget the minute tape may use (0.01 to 1)',
  rule: fraction(0.01, 1),
});
const DATABASE_URL = optional({
  name: 'DATABASE_URL',
  doc: 'PostgreSQL database of the watchlists instead of `WATCHLIST_DB`, shared by several replicas (`postgres://user:password@host:5432/database`; see below)',
  rule: checked(parseDatabaseUrl),
});
const AUTH_MODE = setting({
  name: 'AUTH_MODE',
  default: 'none',
  doc: 'who may use the dashboard: `none` (loopback only), `proxy` (a trusted reverse proxy names the user) or `oidc` (OpenID Connect); a non-loopback `HOST` needs `proxy` or `oidc`',
  rule: oneOf(authModes),
});
const ALLOWED_HOSTS = optional({
  name: 'ALLOWED_HOSTS',
  doc: 'host names the server answers to besides `localhost`, `127.0.0.1`, `::1` (and the OIDC redirect host); any other `Host` is refused (DNS rebinding)',
  rule: checked(parseAllowedHosts),
});
const TRUSTED_PROXIES = optional({
  name: 'TRUSTED_PROXIES',
  doc: '`proxy`: addresses or CIDR ranges of the reverse proxy; its user header from anywhere else is refused',
  rule: checked(parseTrustedProxies),
});
const AUTH_PROXY_HEADER = setting({
  name: 'AUTH_PROXY_HEADER',
  default: 'X-Forwarded-User',
  doc: '`proxy`: the header in which the proxy names the signed-in user',
  rule: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'),
});
const ADMIN_USERS = optional({
  name: 'ADMIN_USERS',
  doc: '`proxy`/`oidc`: user ids (header value or OIDC subject) who may read `/bff/status`',
  rule: list,
});
const OIDC_ISSUER = optional({
  name: 'OIDC_ISSUER',
  doc: "`oidc`: the identity provider's issuer URL",
  rule: checked(httpUrl),
});
const OIDC_CLIENT_ID = optional({
  name: 'OIDC_CLIENT_ID',
  doc: "`oidc`: this dashboard's client id",
  rule: z.string(),
});
const OIDC_CLIENT_SECRET = optional({
  name: 'OIDC_CLIENT_SECRET',
  doc: '`oidc`: its client secret',
  rule: z.string(),
});
const OIDC_REDIRECT_URI = optional({
  name: 'OIDC_REDIRECT_URI',
  doc: '`oidc`: `/bff/auth/callback` as browsers reach it (`https` makes the session cookie `Secure`)',
  rule: checked(httpUrl),
});
const SESSION_SECRET = optional({
  name: 'SESSION_SECRET',
  doc: '`proxy`/`oidc`: at least 32 characters signing session cookies and CSRF tokens',
  rule: z.string().min(32, 'must be at least 32 characters long'),
});
const SESSION_TTL_H = setting({
  name: 'SESSION_TTL_H',
  default: '12',
  doc: '`oidc`: hours a sign-in lasts',
  rule: integer(1, 24 * 90),
});
const REQUEST_TIMEOUT_MS = setting({
  name: 'REQUEST_TIMEOUT_MS',
  default: '30000',
  doc: 'time a client has to send a whole request; slower ones get 408 and are closed',
  rule: integer(100, 600_000),
});
const HEADERS_TIMEOUT_MS = setting({
  name: 'HEADERS_TIMEOUT_MS',
  default: '10000',
  doc: 'time a client has to send the request headers',
  rule: integer(100, 600_000),
});
const KEEP_ALIVE_TIMEOUT_MS = setting({
  name: 'KEEP_ALIVE_TIMEOUT_MS',
  default: '5000',
  doc: 'how long an idle connection stays open',
  rule: integer(100, 600_000),
});
const MAX_CONNECTIONS = setting({
  name: 'MAX_CONNECTIONS',
  default: '1024',
  doc: 'open connections accepted at once',
  rule: integer(1, 1_000_000),
});
const MAX_CONNECTIONS_PER_CLIENT = setting({
  name: 'MAX_CONNECTIONS_PER_CLIENT',
  default: '64',
  doc: 'open connections (idle or busy) one client address may hold; more get 429 and are closed. `TRUSTED_PROXIES` are exempt (the proxy limits its clients). At most `MAX_CONNECTIONS`',
  rule: integer(1, 1_000_000),
});
const BACKUP_DIR = optional({
  name: 'BACKUP_DIR',
  doc: 'folder for online backups of the SQLite watchlist database (none when unset); refused with `DATABASE_URL` (use `pg_dump`)',
  rule: z.string(),
});
const BACKUP_KEEP = setting({
  name: 'BACKUP_KEEP',
  default: '24',
  doc: 'backups kept (the oldest go first)',
  rule: integer(1, 10_000),
});
const BACKUP_INTERVAL_MIN = setting({
  name: 'BACKUP_INTERVAL_MIN',
  default: '60',
  doc: 'minutes between backups',
  rule: integer(1, 7 * 24 * 60),
});
const SHUTDOWN_TIMEOUT_MS = setting({
  name: 'SHUTDOWN_TIMEOUT_MS',
  default: '10000',
  doc: 'on SIGTERM/SIGINT: how long requests in flight may take to finish (the server is not ready and takes no new connections meanwhile)',
  rule: integer(0, 600_000),
});
const REDIS_URL = optional({
  name: 'REDIS_URL',
  doc: 'Redis (or Valkey) shared by several replicas: cache, one upstream call per answer, one budget, pauses and breakers (see below)',
  rule: checked(parseRedisUrl),
});
const REDIS_KEY_PREFIX = setting({
  name: 'REDIS_KEY_PREFIX',
  default: 'market-dashboard:',
  doc: 'prefix of every Redis key and channel, so that deployments sharing one Redis keep apart',
  rule: z.string().regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . : - _'),
});

export const configVariables: readonly ConfigVariable[] = [
  PORT,
  HOST,
  MARKET_API_BASE_URL,
  MARKET_API_KEY,
  SIM_NOW,
  SIM_CLOCK_CONTROL,
  SIM_RESTRICTED,
  SIM_DUMP_DIR,
  SIM_DUMP_CODES,
  SIM_DUMP_PREPARE,
  UPSTREAM_TIMEOUT_MS,
  UPSTREAM_CONNECT_TIMEOUT_MS,
  UPSTREAM_RATE_PER_S,
  UPSTREAM_WINDOW_MARGIN_MS,
  UPSTREAM_BURST,
  UPSTREAM_QUEUE_MAX,
  UPSTREAM_QUEUE_TIMEOUT_MS,
  UPSTREAM_MAX_ATTEMPTS,
  UPSTREAM_DEADLINE_MS,
  CACHE_MAX_MB,
  ANSWER_CACHE_DB,
  ANSWER_CACHE_DISK_MB,
  WARM_CACHE,
  CACHE_STALE_IF_ERROR_S,
  CLIENT_RATE_LIMIT_PER_MIN,
  WRITE_RATE_LIMIT_PER_MIN,
  LOG_LEVEL,
  STATIC_DIR,
  WATCHLIST_DB,
  MARKET_DATA,
  RESEARCH_DB,
  DUMP_DIR,
  TAPE_BUDGET_SHARE,
  DATABASE_URL,
  AUTH_MODE,
  ALLOWED_HOSTS,
  TRUSTED_PROXIES,
  AUTH_PROXY_HEADER,
  ADMIN_USERS,
  OIDC_ISSUER,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_REDIRECT_URI,
  SESSION_SECRET,
  SESSION_TTL_H,
  REQUEST_TIMEOUT_MS,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_TIMEOUT_MS,
  MAX_CONNECTIONS,
  MAX_CONNECTIONS_PER_CLIENT,
  BACKUP_DIR,
  BACKUP_KEEP,
  BACKUP_INTERVAL_MIN,
  SHUTDOWN_TIMEOUT_MS,
  REDIS_URL,
  REDIS_KEY_PREFIX,
];

/** A Markdown table of the variables: the README's configuration table (`npm run docs:config` writes it). */
export function configTable(): string {
  const rows = configVariables.map(
    (v) => `| \`${v.name}\` | ${v.default === null ? (v.unset ?? '—') : `\`${v.default}\``} | ${v.doc} |`,
  );
  return ['| variable | default | meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

function required<T>(env: Env, variable: Setting<T | undefined>, why: string): T {
  const value = variable.from(env);
  if (value === undefined) throw new ConfigError(variable.name, `must be set ${why}`);
  return value;
}

/** Whether `host` (HOST) only listens on this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Loopback names every mode answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];

function parseAuth(env: Env, host: string): AuthConfig {
  const mode = AUTH_MODE.from(env);
  if (mode === 'none') {
    if (!isLoopbackHost(host)) {
      throw new ConfigError(
        AUTH_MODE.name,
        `must be proxy or oidc when HOST (${host}) is not a loopback address: without sign-in, anyone who reaches the port could read, change or delete every watchlist. Set AUTH_MODE=oidc (with OIDC_* and SESSION_SECRET) or AUTH_MODE=proxy (with TRUSTED_PROXIES and SESSION_SECRET), or listen on 127.0.0.1`,
      );
    }
    return { mode };
  }
  const admins = ADMIN_USERS.from(env) ?? [];
  if (mode === 'proxy') {
    const userHeader = AUTH_PROXY_HEADER.from(env).toLowerCase();
    const trustedProxies = TRUSTED_PROXIES.from(env) ?? [];
    if (trustedProxies.length === 0) {
      throw new ConfigError(
        TRUSTED_PROXIES.name,
        "must name the reverse proxy's address when AUTH_MODE=proxy",
      );
    }
    return {
      mode,
      trustedProxies,
      userHeader,
      admins,
      sessionSecret: required(env, SESSION_SECRET, `when AUTH_MODE=${mode}`),
    };
  }
  const issuer = required(env, OIDC_ISSUER, 'when AUTH_MODE=oidc');
  const redirectUri = required(env, OIDC_REDIRECT_URI, 'when AUTH_MODE=oidc');
  return {
    mode,
    issuer,
    clientId: required(env, OIDC_CLIENT_ID, 'when AUTH_MODE=oidc'),
    clientSecret: required(env, OIDC_CLIENT_SECRET, 'when AUTH_MODE=oidc'),
    redirectUri,
    admins,
    sessionSecret: required(env, SESSION_SECRET, `when AUTH_MODE=${mode}`),
    sessionTtlMs: SESSION_TTL_H.from(env) * 3_600_000,
  };
}

export function loadConfig(env: Env): Config {
  const baseUrlSet = read(env, MARKET_API_BASE_URL.name) !== undefined;
  const apiKeySet = read(env, MARKET_API_KEY.name) !== undefined;
  if (baseUrlSet && !apiKeySet) {
    throw new ConfigError(
      MARKET_API_KEY.name,
      'must be set when MARKET_API_BASE_URL is set (set both or neither)',
    );
  }
  if (apiKeySet && !baseUrlSet) {
    throw new ConfigError(
      MARKET_API_BASE_URL.name,
      'must be set when MARKET_API_KEY is set (set both or neither)',
    );
  }
  const apiKey = MARKET_API_KEY.from(env);
  const baseUrl = MARKET_API_BASE_URL.from(env);
  const marketApi = baseUrl !== undefined && apiKey !== undefined ? { baseUrl, apiKey } : null;

  const simNowSet = read(env, SIM_NOW.name) !== undefined;
  // A pinned clock against the real service would make the date rules disagree with the service.
  if (simNowSet && marketApi !== null) {
    throw new ConfigError(SIM_NOW.name, 'only applies to simulated data; unset it or unset MARKET_API_KEY');
  }

  const simClockControl = SIM_CLOCK_CONTROL.from(env);
  if (simClockControl && (marketApi !== null || !simNowSet)) {
    throw new ConfigError(
      SIM_CLOCK_CONTROL.name,
      'only applies to simulated data with a pinned clock: set SIM_NOW and no MARKET_API_KEY, or turn it off',
    );
  }

  const upstreamRatePerSecond = UPSTREAM_RATE_PER_S.from(env);
  const upstreamBurst = UPSTREAM_BURST.from(env);
  // The burst spends part of a second's budget; it cannot add to it.
  if (upstreamBurst > upstreamRatePerSecond) {
    throw new ConfigError(
      UPSTREAM_BURST.name,
      `must not exceed UPSTREAM_RATE_PER_S (${upstreamRatePerSecond})`,
    );
  }
  const upstreamTimeoutMs = UPSTREAM_TIMEOUT_MS.from(env);
  const upstreamDeadlineMs = UPSTREAM_DEADLINE_MS.from(env);
  const host = HOST.from(env);
  const auth = parseAuth(env, host);
  const allowedHosts = [...LOOPBACK_HOSTS, ...(ALLOWED_HOSTS.from(env) ?? [])];
  if (auth.mode === 'oidc') allowedHosts.push(new URL(auth.redirectUri).hostname.toLowerCase());
  const databaseUrl = DATABASE_URL.from(env) ?? null;
  const backupDir = BACKUP_DIR.from(env);
  // Backups would copy a file nobody writes while the lists are in PostgreSQL: say so rather than
  // leave the operator believing they are backed up.
  if (backupDir !== undefined && databaseUrl !== null) {
    throw new ConfigError(
      BACKUP_DIR.name,
      'only applies to the SQLite store: with DATABASE_URL the watchlists are in PostgreSQL; unset BACKUP_DIR and back the database up with pg_dump (see the README)',
    );
  }
  const requestTimeoutMs = REQUEST_TIMEOUT_MS.from(env);
  const headersTimeoutMs = HEADERS_TIMEOUT_MS.from(env);
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      HEADERS_TIMEOUT_MS.name,
      `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  }
  const maxConnections = MAX_CONNECTIONS.from(env);
  // Unset, it is the default or the whole cap, whichever is lower; set, it must fit under the cap.
  const perClientSet = read(env, MAX_CONNECTIONS_PER_CLIENT.name) !== undefined;
  const perClient = MAX_CONNECTIONS_PER_CLIENT.from(env);
  const maxConnectionsPerClient = perClientSet ? perClient : Math.min(perClient, maxConnections);
  if (maxConnectionsPerClient > maxConnections) {
    throw new ConfigError(
      MAX_CONNECTIONS_PER_CLIENT.name,
      `must not exceed MAX_CONNECTIONS (${maxConnections})`,
    );
  }
  const redisUrl = REDIS_URL.from(env);
  const answerCacheFile = ANSWER_CACHE_DB.from(env);
  const answerCacheMaxBytes = ANSWER_CACHE_DISK_MB.from(env) * 1024 * 1024;
  return {
    port: PORT.from(env),
    host,
    marketApi,
    simNow: SIM_NOW.from(env) ?? null,
    simRestricted: SIM_RESTRICTED.from(env),
    simClockControl,
    simDumps: {
      dir: SIM_DUMP_DIR.from(env),
      codes: SIM_DUMP_CODES.from(env),
      prepare: SIM_DUMP_PREPARE.from(env),
    },
    upstreamTimeoutMs,
    upstreamConnectTimeoutMs: UPSTREAM_CONNECT_TIMEOUT_MS.from(env),
    upstreamRatePerSecond,
    upstreamBurst,
    upstreamWindowMarginMs: UPSTREAM_WINDOW_MARGIN_MS.from(env),
    upstreamQueueMax: UPSTREAM_QUEUE_MAX.from(env),
    upstreamQueueTimeoutMs: UPSTREAM_QUEUE_TIMEOUT_MS.from(env),
    upstreamMaxAttempts: UPSTREAM_MAX_ATTEMPTS.from(env),
    upstreamDeadlineMs,
    cacheMaxBytes: CACHE_MAX_MB.from(env) * 1024 * 1024,
    cacheStaleIfErrorMs: CACHE_STALE_IF_ERROR_S.from(env) * 1000,
    answerCacheDisk:
      answerCacheFile === 'off' ? null : { file: answerCacheFile, maxBytes: answerCacheMaxBytes },
    warmCache: WARM_CACHE.from(env),
    clientRateLimitPerMinute: CLIENT_RATE_LIMIT_PER_MIN.from(env),
    writeRateLimitPerMinute: WRITE_RATE_LIMIT_PER_MIN.from(env),
    logLevel: LOG_LEVEL.from(env),
    staticDir: STATIC_DIR.from(env),
    watchlistDb: WATCHLIST_DB.from(env),
    databaseUrl,
    auth,
    allowedHosts: [...new Set(allowedHosts)],
    http: {
      requestTimeoutMs,
      headersTimeoutMs,
      keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS.from(env),
      maxConnections,
      maxConnectionsPerClient,
    },
    backup:
      backupDir === undefined
        ? null
        : {
            dir: backupDir,
            keep: BACKUP_KEEP.from(env),
            intervalMs: BACKUP_INTERVAL_MIN.from(env) * 60_000,
          },
    shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS.from(env),
    redis: redisUrl === undefined ? null : { url: redisUrl, keyPrefix: REDIS_KEY_PREFIX.from(env) },
    marketData: {
      enabled: MARKET_DATA.from(env),
      researchDb: RESEARCH_DB.from(env),
      dumpDir: DUMP_DIR.from(env),
      tapeBudgetShare: TAPE_BUDGET_SHARE.from(env),
    },
  };
}

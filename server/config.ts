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

/** A variable with a default; its name is its key in `defineVariables`. */
function setting<T>(spec: { default: string; doc: string; rule: Rule<T> }): Setting<T> {
  const variable: Setting<T> = {
    name: '',
    default: spec.default,
    doc: spec.doc,
    from: (env) => parsed(variable.name, spec.rule, read(env, variable.name) ?? spec.default),
  };
  return variable;
}

/** A variable without a default: undefined when unset. */
function optional<T>(spec: { unset?: string; doc: string; rule: Rule<T> }): Setting<T | undefined> {
  const variable: Setting<T | undefined> = {
    name: '',
    default: null,
    ...(spec.unset === undefined ? {} : { unset: spec.unset }),
    doc: spec.doc,
    from: (env) => {
      const text = read(env, variable.name);
      return text === undefined ? undefined : parsed(variable.name, spec.rule, text);
    },
  };
  return variable;
}

/**
 * The variables, each named once: by its key, which this writes into it as its name. The object comes
 * back as it went in, so `vars.PORT.from(env)` keeps its type; its order is the README's.
 */
function defineVariables<S extends Record<string, Setting<unknown>>>(variables: S): Readonly<S> {
  for (const [name, variable] of Object.entries(variables)) variable.name = name;
  return variables;
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

const vars = defineVariables({
  PORT: setting({
    default: '8080',
    doc: 'port of the server',
    rule: integer(0, 65535),
  }),
  HOST: setting({
    default: '127.0.0.1',
    doc: 'interface to listen on (`0.0.0.0` to share on a network)',
    rule: z.string().regex(/^[\w.:-]+$/, 'must be a host name or an IP address'),
  }),
  MARKET_API_BASE_URL: optional({
    doc: 'base URL of the real market data service; needs `MARKET_API_KEY`',
    rule: checked(parseBaseUrl),
  }),
  MARKET_API_KEY: optional({
    doc: `API key sent upstream as \`X-api-key\`; at least ${MIN_KEY_LENGTH} characters; never reaches the browser, the caches or the logs`,
    rule: checked(parseApiKey),
  }),
  SIM_NOW: optional({
    unset: 'real time',
    doc: "pins the simulator's clock (ISO 8601 with offset, or Unix ms), for demos and tests",
    rule: checked(parseSimNow),
  }),
  SIM_CLOCK_CONTROL: setting({
    default: 'off',
    doc: 'tests only: `on` lets loopback clients move the pinned `SIM_NOW` clock (`PUT /bff/test/clock`)',
    rule: onOff,
  }),
  SIM_RESTRICTED: setting({
    default: 'closed',
    doc: '`open` lets the simulator answer the restricted high-frequency and capital-flow operations',
    rule: oneOf(['open', 'closed']),
  }),
  SIM_DUMP_DIR: setting({
    default: 'data/sim-dumps',
    doc: "folder of the simulator's whole-market dump files (Parquet, one per dump and data date, reused after a restart)",
    rule: z.string().min(1, 'must name a folder'),
  }),
  SIM_DUMP_CODES: setting({
    default: 'all',
    doc: "stocks in the simulator's dumps: `all`, `first:N` (the first N codes) or codes separated by commas; tests and e2e runs use a few, the whole market takes about a minute of both cores",
    rule: simDumpCodes,
  }),
  SIM_DUMP_PREPARE: setting({
    default: 'on-request',
    doc: "when the simulator writes a data date's dumps: `on-request` (the first link request starts it and answers 4040 until done) or `at-start` (also at start-up, in the background)",
    rule: oneOf(['on-request', 'at-start']),
  }),
  UPSTREAM_TIMEOUT_MS: setting({
    default: '10000',
    doc: 'time allowed for an upstream answer',
    rule: integer(1, 600_000),
  }),
  UPSTREAM_CONNECT_TIMEOUT_MS: setting({
    default: '3000',
    doc: 'time allowed to connect to the upstream',
    rule: integer(1, 600_000),
  }),
  UPSTREAM_RATE_PER_S: setting({
    default: '5',
    doc: 'global budget: at most this many calls to the service in any second',
    rule: integer(1, 1000),
  }),
  UPSTREAM_WINDOW_MARGIN_MS: setting({
    default: '100',
    doc: 'room for jitter between writing a call and the service receiving it: each call counts from its turn until its request is written, then for one second plus this margin',
    rule: integer(0, 10_000),
  }),
  UPSTREAM_BURST: setting({
    default: '5',
    doc: 'how many of them may go back to back (at most `UPSTREAM_RATE_PER_S`)',
    rule: integer(1, 1000),
  }),
  UPSTREAM_QUEUE_MAX: setting({
    default: '100',
    doc: 'calls that may wait for their turn; more are refused at once (code 6003)',
    rule: integer(0, 100_000),
  }),
  UPSTREAM_QUEUE_TIMEOUT_MS: setting({
    default: '5000',
    doc: 'longest wait for a turn (code 6003 after it)',
    rule: integer(0, 600_000),
  }),
  UPSTREAM_MAX_ATTEMPTS: setting({
    default: '3',
    doc: 'attempts for transient failures (network, HTTP 429/502/503/504, codes 4001/5001–5003)',
    rule: integer(1, 10),
  }),
  UPSTREAM_DEADLINE_MS: setting({
    default: '15000',
    doc: 'overall time for one call: waiting, attempts and back-off',
    rule: integer(1, 600_000),
  }),
  CACHE_MAX_MB: setting({
    default: '64',
    doc: 'memory bound of the answer cache',
    rule: integer(1, 65_536),
  }),
  ANSWER_CACHE_DB: setting({
    default: 'data/answers.sqlite',
    doc: 'SQLite file keeping the answers that stay good for a minute or more (calendar, code table, statements, option contracts; quotes while the market is closed) across restarts; `off`: memory only',
    rule: z.string().min(1, "must name a file or be 'off'"),
  }),
  ANSWER_CACHE_DISK_MB: setting({
    default: '256',
    doc: 'size bound of that file in MiB; the oldest answers are dropped first',
    rule: integer(1, 1_048_576),
  }),
  WARM_CACHE: setting({
    default: 'on',
    doc: '`on`: at start-up and after each close the server asks, at background priority, for what the home page, `/limit-up` and the default options chain show first',
    rule: onOff,
  }),
  CACHE_STALE_IF_ERROR_S: setting({
    default: '86400',
    doc: 'how long past its lifetime an answer is still served (`X-Cache: STALE`) while the service fails',
    rule: integer(0, 30 * 86_400),
  }),
  CLIENT_RATE_LIMIT_PER_MIN: setting({
    default: '1200',
    doc: 'requests to `/api` per minute from one IP address (HTTP 429, code 6429 beyond)',
    rule: integer(1, 10_000_000),
  }),
  WRITE_RATE_LIMIT_PER_MIN: setting({
    default: '120',
    doc: 'changes to the store (watchlists, calendar feed addresses) per minute from one user, or one address when nobody signs in, at most a sixth of them (20 at least) in any 10 s; beyond, HTTP 429 `rate_limited` with `Retry-After`, held for 0.5 s so that a flood cannot keep the server busy with refusals',
    rule: integer(1, 10_000_000),
  }),
  LOG_LEVEL: setting({
    default: 'info',
    doc: 'pino log level',
    rule: oneOf(logLevels),
  }),
  STATIC_DIR: setting({
    default: 'dist',
    doc: 'the built app the server serves',
    rule: z.string(),
  }),
  WATCHLIST_DB: setting({
    default: 'data/watchlists.sqlite',
    doc: 'SQLite file of the watchlists (unused with `DATABASE_URL`)',
    rule: z.string(),
  }),
  MARKET_DATA: setting({
    default: 'on',
    doc: "the market data plane: the whole market's daily bars (research panel), the minute tape and the dumps served to clients; `off` turns it all off",
    rule: onOff,
  }),
  RESEARCH_DB: setting({
    default: 'data/research.duckdb',
    doc: 'DuckDB file of the research panel and the minute tape (each replica its own; rebuilt from the dumps if lost)',
    rule: z.string().min(1, 'must name a file'),
  }),
  DUMP_DIR: setting({
    default: 'data/dumps',
    doc: 'folder of the dump copies the server downloaded (one per dump per data day) and of its link secret without sign-in; replicas share it (one volume)',
    rule: z.string().min(1, 'must name a folder'),
  }),
  TAPE_BUDGET_SHARE: setting({
    default: '0.2',
    doc: 'largest share of the upstream budget the minute tape may use (0.01 to 1)',
    rule: fraction(0.01, 1),
  }),
  DATABASE_URL: optional({
    doc: 'PostgreSQL database of the watchlists instead of `WATCHLIST_DB`, shared by several replicas (`postgres://user:password@host:5432/database`; see below)',
    rule: checked(parseDatabaseUrl),
  }),
  AUTH_MODE: setting({
    default: 'none',
    doc: 'who may use the dashboard: `none` (loopback only), `proxy` (a trusted reverse proxy names the user) or `oidc` (OpenID Connect); a non-loopback `HOST` needs `proxy` or `oidc`',
    rule: oneOf(authModes),
  }),
  ALLOWED_HOSTS: optional({
    doc: 'host names the server answers to besides `localhost`, `127.0.0.1`, `::1` (and the OIDC redirect host); any other `Host` is refused (DNS rebinding)',
    rule: checked(parseAllowedHosts),
  }),
  TRUSTED_PROXIES: optional({
    doc: '`proxy`: addresses or CIDR ranges of the reverse proxy; its user header from anywhere else is refused',
    rule: checked(parseTrustedProxies),
  }),
  AUTH_PROXY_HEADER: setting({
    default: 'X-Forwarded-User',
    doc: '`proxy`: the header in which the proxy names the signed-in user',
    rule: z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'),
  }),
  ADMIN_USERS: optional({
    doc: '`proxy`/`oidc`: user ids (header value or OIDC subject) who may read `/bff/status`',
    rule: list,
  }),
  OIDC_ISSUER: optional({
    doc: "`oidc`: the identity provider's issuer URL",
    rule: checked(httpUrl),
  }),
  OIDC_CLIENT_ID: optional({
    doc: "`oidc`: this dashboard's client id",
    rule: z.string(),
  }),
  OIDC_CLIENT_SECRET: optional({
    doc: '`oidc`: its client secret',
    rule: z.string(),
  }),
  OIDC_REDIRECT_URI: optional({
    doc: '`oidc`: `/bff/auth/callback` as browsers reach it (`https` makes the session cookie `Secure`)',
    rule: checked(httpUrl),
  }),
  SESSION_SECRET: optional({
    doc: '`proxy`/`oidc`: at least 32 characters signing session cookies and CSRF tokens',
    rule: z.string().min(32, 'must be at least 32 characters long'),
  }),
  SESSION_TTL_H: setting({
    default: '12',
    doc: '`oidc`: hours a sign-in lasts',
    rule: integer(1, 24 * 90),
  }),
  REQUEST_TIMEOUT_MS: setting({
    default: '30000',
    doc: 'time a client has to send a whole request; slower ones get 408 and are closed',
    rule: integer(100, 600_000),
  }),
  HEADERS_TIMEOUT_MS: setting({
    default: '10000',
    doc: 'time a client has to send the request headers',
    rule: integer(100, 600_000),
  }),
  KEEP_ALIVE_TIMEOUT_MS: setting({
    default: '5000',
    doc: 'how long an idle connection stays open',
    rule: integer(100, 600_000),
  }),
  MAX_CONNECTIONS: setting({
    default: '1024',
    doc: 'open connections accepted at once',
    rule: integer(1, 1_000_000),
  }),
  MAX_CONNECTIONS_PER_CLIENT: setting({
    default: '64',
    doc: 'open connections (idle or busy) one client address may hold; more get 429 and are closed. `TRUSTED_PROXIES` are exempt (the proxy limits its clients). At most `MAX_CONNECTIONS`',
    rule: integer(1, 1_000_000),
  }),
  BACKUP_DIR: optional({
    doc: 'folder for online backups of the SQLite watchlist database (none when unset); refused with `DATABASE_URL` (use `pg_dump`)',
    rule: z.string(),
  }),
  BACKUP_KEEP: setting({
    default: '24',
    doc: 'backups kept (the oldest go first)',
    rule: integer(1, 10_000),
  }),
  BACKUP_INTERVAL_MIN: setting({
    default: '60',
    doc: 'minutes between backups',
    rule: integer(1, 7 * 24 * 60),
  }),
  SHUTDOWN_TIMEOUT_MS: setting({
    default: '10000',
    doc: 'on SIGTERM/SIGINT: how long requests in flight may take to finish (the server is not ready and takes no new connections meanwhile)',
    rule: integer(0, 600_000),
  }),
  REDIS_URL: optional({
    doc: 'Redis (or Valkey) shared by several replicas: cache, one upstream call per answer, one budget, pauses and breakers (see below)',
    rule: checked(parseRedisUrl),
  }),
  REDIS_KEY_PREFIX: setting({
    default: 'market-dashboard:',
    doc: 'prefix of every Redis key and channel, so that deployments sharing one Redis keep apart',
    rule: z.string().regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . : - _'),
  }),
});

export const configVariables: readonly ConfigVariable[] = Object.values(vars);

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
  const mode = vars.AUTH_MODE.from(env);
  if (mode === 'none') {
    if (!isLoopbackHost(host)) {
      throw new ConfigError(
        vars.AUTH_MODE.name,
        `must be proxy or oidc when HOST (${host}) is not a loopback address: without sign-in, anyone who reaches the port could read, change or delete every watchlist. Set AUTH_MODE=oidc (with OIDC_* and SESSION_SECRET) or AUTH_MODE=proxy (with TRUSTED_PROXIES and SESSION_SECRET), or listen on 127.0.0.1`,
      );
    }
    return { mode };
  }
  const admins = vars.ADMIN_USERS.from(env) ?? [];
  if (mode === 'proxy') {
    const userHeader = vars.AUTH_PROXY_HEADER.from(env).toLowerCase();
    const trustedProxies = vars.TRUSTED_PROXIES.from(env) ?? [];
    if (trustedProxies.length === 0) {
      throw new ConfigError(
        vars.TRUSTED_PROXIES.name,
        "must name the reverse proxy's address when AUTH_MODE=proxy",
      );
    }
    return {
      mode,
      trustedProxies,
      userHeader,
      admins,
      sessionSecret: required(env, vars.SESSION_SECRET, `when AUTH_MODE=${mode}`),
    };
  }
  const issuer = required(env, vars.OIDC_ISSUER, 'when AUTH_MODE=oidc');
  const redirectUri = required(env, vars.OIDC_REDIRECT_URI, 'when AUTH_MODE=oidc');
  return {
    mode,
    issuer,
    clientId: required(env, vars.OIDC_CLIENT_ID, 'when AUTH_MODE=oidc'),
    clientSecret: required(env, vars.OIDC_CLIENT_SECRET, 'when AUTH_MODE=oidc'),
    redirectUri,
    admins,
    sessionSecret: required(env, vars.SESSION_SECRET, `when AUTH_MODE=${mode}`),
    sessionTtlMs: vars.SESSION_TTL_H.from(env) * 3_600_000,
  };
}

/** A number that may not exceed another variable's: its value, else a refusal naming both. */
function atMost(env: Env, variable: Setting<number>, bound: Setting<number>): number {
  const value = variable.from(env);
  const limit = bound.from(env);
  if (value > limit) throw new ConfigError(variable.name, `must not exceed ${bound.name} (${limit})`);
  return value;
}

export function loadConfig(env: Env): Config {
  const baseUrlSet = read(env, vars.MARKET_API_BASE_URL.name) !== undefined;
  const apiKeySet = read(env, vars.MARKET_API_KEY.name) !== undefined;
  if (baseUrlSet && !apiKeySet) {
    throw new ConfigError(
      vars.MARKET_API_KEY.name,
      'must be set when MARKET_API_BASE_URL is set (set both or neither)',
    );
  }
  if (apiKeySet && !baseUrlSet) {
    throw new ConfigError(
      vars.MARKET_API_BASE_URL.name,
      'must be set when MARKET_API_KEY is set (set both or neither)',
    );
  }
  const apiKey = vars.MARKET_API_KEY.from(env);
  const baseUrl = vars.MARKET_API_BASE_URL.from(env);
  const marketApi = baseUrl !== undefined && apiKey !== undefined ? { baseUrl, apiKey } : null;

  const simNowSet = read(env, vars.SIM_NOW.name) !== undefined;
  // A pinned clock against the real service would make the date rules disagree with the service.
  if (simNowSet && marketApi !== null) {
    throw new ConfigError(
      vars.SIM_NOW.name,
      'only applies to simulated data; unset it or unset MARKET_API_KEY',
    );
  }

  const simClockControl = vars.SIM_CLOCK_CONTROL.from(env);
  if (simClockControl && (marketApi !== null || !simNowSet)) {
    throw new ConfigError(
      vars.SIM_CLOCK_CONTROL.name,
      'only applies to simulated data with a pinned clock: set SIM_NOW and no MARKET_API_KEY, or turn it off',
    );
  }

  const upstreamRatePerSecond = vars.UPSTREAM_RATE_PER_S.from(env);
  // The burst spends part of a second's budget; it cannot add to it.
  const upstreamBurst = atMost(env, vars.UPSTREAM_BURST, vars.UPSTREAM_RATE_PER_S);
  const upstreamTimeoutMs = vars.UPSTREAM_TIMEOUT_MS.from(env);
  const upstreamDeadlineMs = vars.UPSTREAM_DEADLINE_MS.from(env);
  const host = vars.HOST.from(env);
  const auth = parseAuth(env, host);
  const allowedHosts = [...LOOPBACK_HOSTS, ...(vars.ALLOWED_HOSTS.from(env) ?? [])];
  if (auth.mode === 'oidc') allowedHosts.push(new URL(auth.redirectUri).hostname.toLowerCase());
  const databaseUrl = vars.DATABASE_URL.from(env) ?? null;
  const backupDir = vars.BACKUP_DIR.from(env);
  // Backups would copy a file nobody writes while the lists are in PostgreSQL: say so rather than
  // leave the operator believing they are backed up.
  if (backupDir !== undefined && databaseUrl !== null) {
    throw new ConfigError(
      vars.BACKUP_DIR.name,
      'only applies to the SQLite store: with DATABASE_URL the watchlists are in PostgreSQL; unset BACKUP_DIR and back the database up with pg_dump (see the README)',
    );
  }
  const requestTimeoutMs = vars.REQUEST_TIMEOUT_MS.from(env);
  // Node refuses a headers timeout longer than the request timeout.
  const headersTimeoutMs = atMost(env, vars.HEADERS_TIMEOUT_MS, vars.REQUEST_TIMEOUT_MS);
  const maxConnections = vars.MAX_CONNECTIONS.from(env);
  // Unset, it is the default or the whole cap, whichever is lower; set, it must fit under the cap.
  const maxConnectionsPerClient =
    read(env, vars.MAX_CONNECTIONS_PER_CLIENT.name) === undefined
      ? Math.min(vars.MAX_CONNECTIONS_PER_CLIENT.from(env), maxConnections)
      : atMost(env, vars.MAX_CONNECTIONS_PER_CLIENT, vars.MAX_CONNECTIONS);
  const redisUrl = vars.REDIS_URL.from(env);
  const answerCacheFile = vars.ANSWER_CACHE_DB.from(env);
  const answerCacheMaxBytes = vars.ANSWER_CACHE_DISK_MB.from(env) * 1024 * 1024;
  return {
    port: vars.PORT.from(env),
    host,
    marketApi,
    simNow: vars.SIM_NOW.from(env) ?? null,
    simRestricted: vars.SIM_RESTRICTED.from(env),
    simClockControl,
    simDumps: {
      dir: vars.SIM_DUMP_DIR.from(env),
      codes: vars.SIM_DUMP_CODES.from(env),
      prepare: vars.SIM_DUMP_PREPARE.from(env),
    },
    upstreamTimeoutMs,
    upstreamConnectTimeoutMs: vars.UPSTREAM_CONNECT_TIMEOUT_MS.from(env),
    upstreamRatePerSecond,
    upstreamBurst,
    upstreamWindowMarginMs: vars.UPSTREAM_WINDOW_MARGIN_MS.from(env),
    upstreamQueueMax: vars.UPSTREAM_QUEUE_MAX.from(env),
    upstreamQueueTimeoutMs: vars.UPSTREAM_QUEUE_TIMEOUT_MS.from(env),
    upstreamMaxAttempts: vars.UPSTREAM_MAX_ATTEMPTS.from(env),
    upstreamDeadlineMs,
    cacheMaxBytes: vars.CACHE_MAX_MB.from(env) * 1024 * 1024,
    cacheStaleIfErrorMs: vars.CACHE_STALE_IF_ERROR_S.from(env) * 1000,
    answerCacheDisk:
      answerCacheFile === 'off' ? null : { file: answerCacheFile, maxBytes: answerCacheMaxBytes },
    warmCache: vars.WARM_CACHE.from(env),
    clientRateLimitPerMinute: vars.CLIENT_RATE_LIMIT_PER_MIN.from(env),
    writeRateLimitPerMinute: vars.WRITE_RATE_LIMIT_PER_MIN.from(env),
    logLevel: vars.LOG_LEVEL.from(env),
    staticDir: vars.STATIC_DIR.from(env),
    watchlistDb: vars.WATCHLIST_DB.from(env),
    databaseUrl,
    auth,
    allowedHosts: [...new Set(allowedHosts)],
    http: {
      requestTimeoutMs,
      headersTimeoutMs,
      keepAliveTimeoutMs: vars.KEEP_ALIVE_TIMEOUT_MS.from(env),
      maxConnections,
      maxConnectionsPerClient,
    },
    backup:
      backupDir === undefined
        ? null
        : {
            dir: backupDir,
            keep: vars.BACKUP_KEEP.from(env),
            intervalMs: vars.BACKUP_INTERVAL_MIN.from(env) * 60_000,
          },
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS.from(env),
    redis: redisUrl === undefined ? null : { url: redisUrl, keyPrefix: vars.REDIS_KEY_PREFIX.from(env) },
    marketData: {
      enabled: vars.MARKET_DATA.from(env),
      researchDb: vars.RESEARCH_DB.from(env),
      dumpDir: vars.DUMP_DIR.from(env),
      tapeBudgetShare: vars.TAPE_BUDGET_SHARE.from(env),
    },
  };
}

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

export interface ConfigVariable {
  name: string;
  description: string;
  /** As written in the environment; null when there is none. */
  default: string | null;
}

/** Every variable the server reads. The README table is generated from (and checked against) this list. */
export const configVariables: readonly ConfigVariable[] = [
  { name: 'PORT', description: 'Port the server listens on (0 picks a free one).', default: '8080' },
  { name: 'HOST', description: 'Interface the server listens on.', default: '127.0.0.1' },
  {
    name: 'MARKET_API_BASE_URL',
    description:
      'Base URL of the real market data service (http or https). Set together with MARKET_API_KEY.',
    default: null,
  },
  {
    name: 'MARKET_API_KEY',
    description: `Key for the real service, sent only by the server as X-api-key; at least ${MIN_KEY_LENGTH} characters. Without it the embedded simulator serves simulated data.`,
    default: null,
  },
  {
    name: 'SIM_NOW',
    description:
      'Pins the clock of the simulator and the gateway: ISO 8601 with an offset (2026-07-14T10:00:00+08:00) or Unix ms. Simulated mode only.',
    default: null,
  },
  {
    name: 'SIM_RESTRICTED',
    description:
      'Whether the simulator opens the restricted operations (high-frequency, capital flow): open or closed.',
    default: 'closed',
  },
  {
    name: 'SIM_CLOCK_CONTROL',
    description:
      'Tests only: on lets loopback clients move the pinned simulator clock forward with PUT /bff/test/clock. Needs SIM_NOW; refused with a real key.',
    default: 'off',
  },
  {
    name: 'SIM_DUMP_DIR',
    description:
      "Folder of the simulator's whole-market dump files (one per dump and data date, reused after a restart).",
    default: 'data/sim-dumps',
  },
  {
    name: 'SIM_DUMP_CODES',
    description:
      "Which stocks the simulator's dumps hold: all, first:N (the first N codes of the code table) or a comma-separated list of codes (tests and e2e runs: the whole market takes about a minute of both cores).",
    default: 'all',
  },
  {
    name: 'SIM_DUMP_PREPARE',
    description:
      'When the simulator writes the dump files of a data date: on-request (the first link request starts it and answers 4040 until done) or at-start (also at start-up, in the background).',
    default: 'on-request',
  },
  {
    name: 'UPSTREAM_TIMEOUT_MS',
    description: 'Time allowed for one upstream call, from sending it to the last byte of the answer.',
    default: '10000',
  },
  {
    name: 'UPSTREAM_CONNECT_TIMEOUT_MS',
    description: 'Time allowed to open a connection to the upstream.',
    default: '3000',
  },
  {
    name: 'UPSTREAM_RATE_PER_S',
    description:
      'Global budget of calls to the market data service: at most this many in any second (the vendor suggests 5).',
    default: '5',
  },
  {
    name: 'UPSTREAM_BURST',
    description:
      'How many of those calls may go back to back after a quiet spell (at most UPSTREAM_RATE_PER_S).',
    default: '5',
  },
  {
    name: 'UPSTREAM_WINDOW_MARGIN_MS',
    description:
      'Room for jitter between writing a call and the service receiving it: the budget counts each call from its turn until it is written, then for one second plus this much, so that no second holds more than UPSTREAM_RATE_PER_S calls as the service receives them while that jitter stays under the margin. Wider for a distant service; the rate the service sees is UPSTREAM_RATE_PER_S per (1 s + margin).',
    default: '100',
  },
  {
    name: 'UPSTREAM_QUEUE_MAX',
    description: 'Calls that may wait for their turn in the budget; more are refused at once (6003).',
    default: '100',
  },
  {
    name: 'UPSTREAM_QUEUE_TIMEOUT_MS',
    description: 'Longest wait for a turn in the budget before a call is given up (6003).',
    default: '5000',
  },
  {
    name: 'UPSTREAM_MAX_ATTEMPTS',
    description:
      'Attempts per call for transient failures (network, HTTP 429/502/503/504, codes 4001/5001/5002/5003).',
    default: '3',
  },
  {
    name: 'UPSTREAM_DEADLINE_MS',
    description:
      'Overall time for one call to the service: waiting for a turn, every attempt and the back-off.',
    default: '15000',
  },
  {
    name: 'CACHE_MAX_MB',
    description: 'Memory bound of the answer cache, in MiB.',
    default: '64',
  },
  {
    name: 'ANSWER_CACHE_DB',
    description:
      "SQLite file keeping the answers that stay good for a minute or more (calendar, code table, statements, chains; quotes while the market is closed) across restarts; 'off' keeps them in memory only.",
    default: 'data/answers.sqlite',
  },
  {
    name: 'WARM_CACHE',
    description:
      'on: at start-up and after each close the server asks (at background priority) for what the home page, /limit-up and the default options chain show first; off: only when someone asks.',
    default: 'on',
  },
  {
    name: 'ANSWER_CACHE_DISK_MB',
    description:
      'Size bound of the answer cache on disk (ANSWER_CACHE_DB), in MiB; the oldest answers go first.',
    default: '256',
  },
  {
    name: 'CACHE_STALE_IF_ERROR_S',
    description:
      'How long past its lifetime a cached answer may still be served (marked STALE) while the service fails.',
    default: '86400',
  },
  {
    name: 'CLIENT_RATE_LIMIT_PER_MIN',
    description: 'Requests to /api one client (IP address) may make per minute; more get HTTP 429 (6429).',
    default: '1200',
  },
  {
    name: 'WRITE_RATE_LIMIT_PER_MIN',
    description:
      'Watchlist changes (POST, PUT, PATCH, DELETE under /bff/watchlists) one user (the address when nobody signs in) may make per minute; more get HTTP 429 (rate_limited).',
    default: '120',
  },
  { name: 'LOG_LEVEL', description: `Log level: ${logLevels.join(', ')}.`, default: 'info' },
  { name: 'STATIC_DIR', description: 'Folder of the built SPA (npm run build).', default: 'dist' },
  {
    name: 'WATCHLIST_DB',
    description: 'SQLite file holding the watchlists (unused when DATABASE_URL is set).',
    default: 'data/watchlists.sqlite',
  },
  {
    name: 'MARKET_DATA',
    description:
      "The market data plane: on keeps the whole market's daily bars (research panel) and a minute tape of today's session and serves the dumps; off turns all three off.",
    default: 'on',
  },
  {
    name: 'RESEARCH_DB',
    description: 'DuckDB file of the research panel and the minute tape (rebuilt from the dumps if lost).',
    default: 'data/research.duckdb',
  },
  {
    name: 'DUMP_DIR',
    description: 'Folder of the whole-market dump files the server downloaded (one copy per dump per day).',
    default: 'data/dumps',
  },
  {
    name: 'TAPE_BUDGET_SHARE',
    description:
      'Largest share of the upstream budget (UPSTREAM_RATE_PER_SEC) the minute tape may use, from 0.01 to 1.',
    default: '0.2',
  },
  {
    name: 'DATABASE_URL',
    description:
      'PostgreSQL database holding the watchlists instead of WATCHLIST_DB, shared by several replicas (postgres://user:password@host:5432/database). Back it up with pg_dump; BACKUP_DIR is SQLite only.',
    default: null,
  },
  {
    name: 'AUTH_MODE',
    description:
      'Who may use the dashboard: none (loopback only, one local user), proxy (a trusted reverse proxy names the user) or oidc (OpenID Connect sign-in). A HOST other than loopback needs proxy or oidc.',
    default: 'none',
  },
  {
    name: 'ALLOWED_HOSTS',
    description:
      'Comma list of host names the server answers to besides localhost, 127.0.0.1 and ::1 (and the OIDC redirect host); other Host headers are refused (DNS rebinding).',
    default: null,
  },
  {
    name: 'TRUSTED_PROXIES',
    description:
      'proxy mode: comma list of addresses or CIDR ranges of the reverse proxy; the user header from any other address is refused.',
    default: null,
  },
  {
    name: 'AUTH_PROXY_HEADER',
    description: 'proxy mode: the header in which the proxy names the signed-in user.',
    default: 'X-Forwarded-User',
  },
  {
    name: 'ADMIN_USERS',
    description:
      'proxy and oidc modes: comma list of user ids (proxy header value or OIDC subject) who may read /bff/status.',
    default: null,
  },
  {
    name: 'OIDC_ISSUER',
    description:
      'oidc mode: the identity provider (issuer URL, discovered through .well-known/openid-configuration).',
    default: null,
  },
  {
    name: 'OIDC_CLIENT_ID',
    description: "oidc mode: this dashboard's client id at the provider.",
    default: null,
  },
  { name: 'OIDC_CLIENT_SECRET', description: 'oidc mode: its client secret.', default: null },
  {
    name: 'OIDC_REDIRECT_URI',
    description:
      'oidc mode: the address of /bff/auth/callback as browsers reach it (https behind TLS makes the session cookie Secure).',
    default: null,
  },
  {
    name: 'SESSION_SECRET',
    description:
      'proxy and oidc modes: at least 32 characters that sign session cookies and CSRF tokens; keep it secret and stable across restarts.',
    default: null,
  },
  { name: 'SESSION_TTL_H', description: 'oidc mode: hours a sign-in lasts.', default: '12' },
  {
    name: 'REQUEST_TIMEOUT_MS',
    description:
      'Time a client has to send a whole request (headers and body); slower ones are closed (408).',
    default: '30000',
  },
  {
    name: 'HEADERS_TIMEOUT_MS',
    description: 'Time a client has to send the request headers.',
    default: '10000',
  },
  {
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    description: 'How long an idle connection is kept open.',
    default: '5000',
  },
  {
    name: 'MAX_CONNECTIONS',
    description: 'Open connections the server accepts at once; more are closed straight away.',
    default: '1024',
  },
  {
    name: 'MAX_CONNECTIONS_PER_CLIENT',
    description:
      'Open connections (idle or busy) one client address may hold; more get 429 and are closed. The addresses in TRUSTED_PROXIES are exempt (their clients are limited by the proxy). At most MAX_CONNECTIONS.',
    default: '64',
  },
  {
    name: 'BACKUP_DIR',
    description:
      'Folder for online backups of the SQLite watchlist database (none when unset); restore with npm run watchlists:restore. Refused with DATABASE_URL.',
    default: null,
  },
  { name: 'BACKUP_KEEP', description: 'How many backups are kept (the oldest go first).', default: '24' },
  { name: 'BACKUP_INTERVAL_MIN', description: 'Minutes between backups.', default: '60' },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    description:
      'On SIGTERM or SIGINT the server turns not-ready (/readyz 503), stops accepting connections, ends the live event streams and lets requests in flight finish for at most this long before it cuts them off and exits.',
    default: '10000',
  },
  {
    name: 'REDIS_URL',
    description:
      "Redis (or Valkey) shared by several replicas of the server (redis:// or rediss://): one answer cache under each replica's own, one upstream call per answer for all of them, one upstream budget, shared Retry-After pauses and circuit breakers. Unset: one process alone. When Redis fails, each replica goes on alone with its share of the budget.",
    default: null,
  },
  {
    name: 'REDIS_KEY_PREFIX',
    description:
      'Prefix of every Redis key and channel the server uses, so that deployments sharing one Redis keep apart.',
    default: 'market-dashboard:',
  },
];

/** A Markdown table of the variables, for the README. */
export function configTable(): string {
  const rows = configVariables.map(
    (v) => `| \`${v.name}\` | ${v.default === null ? '—' : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

type Env = NodeJS.ProcessEnv;

/** Empty or blank counts as unset, so `MARKET_API_KEY=` in a shell behaves like no key. */
function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function defaultOf(name: string): string {
  const value = configVariables.find((v) => v.name === name)?.default;
  if (value === undefined || value === null) throw new Error(`No default for ${name}`);
  return value;
}

function parseWith<T>(env: Env, name: string, schema: z.ZodType<T>): T {
  const result = schema.safeParse(read(env, name) ?? defaultOf(name));
  if (!result.success) throw new ConfigError(name, result.error.issues[0]?.message ?? 'is invalid');
  return result.data;
}

function integer(min: number, max: number) {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule);
}

function parseAnswerCacheDisk(env: Env): Config['answerCacheDisk'] {
  const file = parseWith(env, 'ANSWER_CACHE_DB', z.string().min(1, "must name a file or be 'off'"));
  const maxBytes = parseWith(env, 'ANSWER_CACHE_DISK_MB', integer(1, 1_048_576)) * 1024 * 1024;
  return file === 'off' ? null : { file, maxBytes };
}

function fraction(min: number, max: number) {
  const rule = `must be a number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+(\.\d+)?$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule);
}

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
    if (!Number.isSafeInteger(ms)) throw new ConfigError('SIM_NOW', rule);
    return ms;
  }
  // Date.parse rolls 2026-02-30 over to March; the calendar day must exist as written.
  const ms = ISO_WITH_OFFSET_RE.test(text) && isValidDate(text.slice(0, 10)) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) throw new ConfigError('SIM_NOW', rule);
  return ms;
}

function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(
      'MARKET_API_BASE_URL',
      'must be an absolute http(s) URL, such as https://example.com',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(
      'MARKET_API_BASE_URL',
      `must use http or https (got ${url.protocol.replace(':', '')})`,
    );
  }
  // Credentials in the URL would end up wherever the URL is printed; the key has its own variable.
  if (url.username !== '' || url.password !== '') {
    throw new ConfigError(
      'MARKET_API_BASE_URL',
      'must not contain credentials; put the key in MARKET_API_KEY',
    );
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError('MARKET_API_BASE_URL', 'must not have a query or a fragment');
  }
  // Operation paths start with '/api/', so the base keeps no trailing slash.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Comma list: trimmed, blanks dropped. */
function listOf(env: Env, name: string): string[] {
  return (read(env, name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** postgres://[user[:password]@]host[:port]/database[?options]; the value is never repeated in a message. */
function parseDatabaseUrl(text: string): string {
  const rule = 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('DATABASE_URL', rule);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `${rule} (the scheme is postgres or postgresql)`);
  }
  if (url.hostname === '' || url.pathname.length < 2 || url.pathname.slice(1).includes('/')) {
    throw new ConfigError('DATABASE_URL', `${rule} (with a host and a database name)`);
  }
  return text;
}

function parseRedis(env: Env): Config['redis'] {
  const text = read(env, 'REDIS_URL');
  if (text === undefined) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError('REDIS_URL', `must use redis or rediss (got ${url.protocol.replace(':', '')})`);
  }
  const keyPrefix = parseWith(
    env,
    'REDIS_KEY_PREFIX',
    z.string().regex(/^[\w.:-]{1,64}$/, 'must be 1 to 64 letters, digits or . : - _'),
  );
  return { url: text, keyPrefix };
}

function required(env: Env, name: string, why: string): string {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(name, `must be set ${why}`);
  return value;
}

/** Whether `host` (HOST) only listens on this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Loopback names every mode answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]', '::1'];

const HOST_NAME_RE = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?)$/;

function parseAllowedHosts(env: Env): string[] {
  return listOf(env, 'ALLOWED_HOSTS').map((raw) => {
    const name = raw.toLowerCase();
    if (!HOST_NAME_RE.test(name)) {
      throw new ConfigError('ALLOWED_HOSTS', `has '${raw}', which is not a host name (no scheme, no port)`);
    }
    return name.replace(/\.$/, '');
  });
}

function parseTrustedProxies(env: Env): string[] {
  const entries = listOf(env, 'TRUSTED_PROXIES');
  if (entries.length === 0) {
    throw new ConfigError('TRUSTED_PROXIES', "must name the reverse proxy's address when AUTH_MODE=proxy");
  }
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) {
      throw new ConfigError('TRUSTED_PROXIES', `has '${entry}', which is not an IP address or CIDR range`);
    }
  }
  return entries;
}

function parseSessionSecret(env: Env, mode: string): string {
  const secret = required(env, 'SESSION_SECRET', `when AUTH_MODE=${mode}`);
  if (secret.length < 32) throw new ConfigError('SESSION_SECRET', 'must be at least 32 characters long');
  return secret;
}

function parseHttpUrl(name: string, text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(name, 'must be an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, 'must be an absolute http(s) URL');
  }
  return url;
}

function parseAuth(env: Env, host: string): AuthConfig {
  const mode = parseWith(env, 'AUTH_MODE', z.enum(authModes, `must be one of ${authModes.join(', ')}`));
  if (mode === 'none') {
    if (!isLoopbackHost(host)) {
      throw new ConfigError(
        'AUTH_MODE',
        `must be proxy or oidc when HOST (${host}) is not a loopback address: without sign-in, anyone who reaches the port could read, change or delete every watchlist. Set AUTH_MODE=oidc (with OIDC_* and SESSION_SECRET) or AUTH_MODE=proxy (with TRUSTED_PROXIES and SESSION_SECRET), or listen on 127.0.0.1`,
      );
    }
    return { mode };
  }
  const admins = listOf(env, 'ADMIN_USERS');
  if (mode === 'proxy') {
    const userHeader = parseWith(
      env,
      'AUTH_PROXY_HEADER',
      z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name'),
    ).toLowerCase();
    return {
      mode,
      trustedProxies: parseTrustedProxies(env),
      userHeader,
      admins,
      sessionSecret: parseSessionSecret(env, mode),
    };
  }
  const issuer = parseHttpUrl('OIDC_ISSUER', required(env, 'OIDC_ISSUER', 'when AUTH_MODE=oidc')).href;
  const redirectUri = parseHttpUrl(
    'OIDC_REDIRECT_URI',
    required(env, 'OIDC_REDIRECT_URI', 'when AUTH_MODE=oidc'),
  ).href;
  return {
    mode,
    issuer,
    clientId: required(env, 'OIDC_CLIENT_ID', 'when AUTH_MODE=oidc'),
    clientSecret: required(env, 'OIDC_CLIENT_SECRET', 'when AUTH_MODE=oidc'),
    redirectUri,
    admins,
    sessionSecret: parseSessionSecret(env, mode),
    sessionTtlMs: parseWith(env, 'SESSION_TTL_H', integer(1, 24 * 90)) * 3_600_000,
  };
}

export function loadConfig(env: Env): Config {
  const baseUrl = read(env, 'MARKET_API_BASE_URL');
  const apiKey = read(env, 'MARKET_API_KEY');
  if (baseUrl !== undefined && apiKey === undefined) {
    throw new ConfigError(
      'MARKET_API_KEY',
      'must be set when MARKET_API_BASE_URL is set (set both or neither)',
    );
  }
  if (apiKey !== undefined && baseUrl === undefined) {
    throw new ConfigError(
      'MARKET_API_BASE_URL',
      'must be set when MARKET_API_KEY is set (set both or neither)',
    );
  }
  // Every form of the key is removed from what the service sends back (gateway/redact.ts); the forms
  // of a shorter key could be ordinary text, which that would damage.
  if (apiKey !== undefined && [...apiKey].length < MIN_KEY_LENGTH) {
    throw new ConfigError(
      'MARKET_API_KEY',
      `must be at least ${MIN_KEY_LENGTH} characters long (got ${[...apiKey].length}): the server removes the key from everything the service sends back, and a shorter one could match ordinary text; use the full key the service issued`,
    );
  }
  const marketApi =
    baseUrl !== undefined && apiKey !== undefined ? { baseUrl: parseBaseUrl(baseUrl), apiKey } : null;

  const simNowText = read(env, 'SIM_NOW');
  // A pinned clock against the real service would make the date rules disagree with the service.
  if (simNowText !== undefined && marketApi !== null) {
    throw new ConfigError('SIM_NOW', 'only applies to simulated data; unset it or unset MARKET_API_KEY');
  }

  const simClockControl =
    parseWith(env, 'SIM_CLOCK_CONTROL', z.enum(['on', 'off'], 'must be on or off')) === 'on';
  if (simClockControl && (marketApi !== null || simNowText === undefined)) {
    throw new ConfigError(
      'SIM_CLOCK_CONTROL',
      'only applies to simulated data with a pinned clock: set SIM_NOW and no MARKET_API_KEY, or turn it off',
    );
  }

  const upstreamRatePerSecond = parseWith(env, 'UPSTREAM_RATE_PER_S', integer(1, 1000));
  const upstreamBurst = parseWith(env, 'UPSTREAM_BURST', integer(1, 1000));
  // The burst spends part of a second's budget; it cannot add to it.
  if (upstreamBurst > upstreamRatePerSecond) {
    throw new ConfigError('UPSTREAM_BURST', `must not exceed UPSTREAM_RATE_PER_S (${upstreamRatePerSecond})`);
  }
  const upstreamTimeoutMs = parseWith(env, 'UPSTREAM_TIMEOUT_MS', integer(1, 600_000));
  const upstreamDeadlineMs = parseWith(env, 'UPSTREAM_DEADLINE_MS', integer(1, 600_000));
  const host = parseWith(env, 'HOST', z.string().regex(/^[\w.:-]+$/, 'must be a host name or an IP address'));
  const auth = parseAuth(env, host);
  const allowedHosts = [...LOOPBACK_HOSTS, ...parseAllowedHosts(env)];
  if (auth.mode === 'oidc') allowedHosts.push(new URL(auth.redirectUri).hostname.toLowerCase());
  const databaseUrlText = read(env, 'DATABASE_URL');
  const databaseUrl = databaseUrlText === undefined ? null : parseDatabaseUrl(databaseUrlText);
  const backupDir = read(env, 'BACKUP_DIR');
  // Backups would copy a file nobody writes while the lists are in PostgreSQL: say so rather than
  // leave the operator believing they are backed up.
  if (backupDir !== undefined && databaseUrl !== null) {
    throw new ConfigError(
      'BACKUP_DIR',
      'only applies to the SQLite store: with DATABASE_URL the watchlists are in PostgreSQL; unset BACKUP_DIR and back the database up with pg_dump (see the README)',
    );
  }
  const requestTimeoutMs = parseWith(env, 'REQUEST_TIMEOUT_MS', integer(100, 600_000));
  const headersTimeoutMs = parseWith(env, 'HEADERS_TIMEOUT_MS', integer(100, 600_000));
  // Node refuses a headers timeout longer than the request timeout.
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HEADERS_TIMEOUT_MS', `must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const maxConnections = parseWith(env, 'MAX_CONNECTIONS', integer(1, 1_000_000));
  // Unset, it is the default or the whole cap, whichever is lower; set, it must fit under the cap.
  const perClientSet = read(env, 'MAX_CONNECTIONS_PER_CLIENT') !== undefined;
  const perClient = parseWith(env, 'MAX_CONNECTIONS_PER_CLIENT', integer(1, 1_000_000));
  const maxConnectionsPerClient = perClientSet ? perClient : Math.min(perClient, maxConnections);
  if (maxConnectionsPerClient > maxConnections) {
    throw new ConfigError(
      'MAX_CONNECTIONS_PER_CLIENT',
      `must not exceed MAX_CONNECTIONS (${maxConnections})`,
    );
  }
  return {
    port: parseWith(env, 'PORT', integer(0, 65535)),
    host,
    marketApi,
    simNow: simNowText === undefined ? null : parseSimNow(simNowText),
    simRestricted: parseWith(env, 'SIM_RESTRICTED', z.enum(['open', 'closed'], 'must be open or closed')),
    simClockControl,
    simDumps: {
      dir: parseWith(env, 'SIM_DUMP_DIR', z.string().min(1, 'must name a folder')),
      codes: parseWith(env, 'SIM_DUMP_CODES', simDumpCodes),
      prepare: parseWith(
        env,
        'SIM_DUMP_PREPARE',
        z.enum(['on-request', 'at-start'], 'must be on-request or at-start'),
      ),
    },
    upstreamTimeoutMs,
    upstreamConnectTimeoutMs: parseWith(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', integer(1, 600_000)),
    upstreamRatePerSecond,
    upstreamBurst,
    upstreamWindowMarginMs: parseWith(env, 'UPSTREAM_WINDOW_MARGIN_MS', integer(0, 10_000)),
    upstreamQueueMax: parseWith(env, 'UPSTREAM_QUEUE_MAX', integer(0, 100_000)),
    upstreamQueueTimeoutMs: parseWith(env, 'UPSTREAM_QUEUE_TIMEOUT_MS', integer(0, 600_000)),
    upstreamMaxAttempts: parseWith(env, 'UPSTREAM_MAX_ATTEMPTS', integer(1, 10)),
    upstreamDeadlineMs,
    cacheMaxBytes: parseWith(env, 'CACHE_MAX_MB', integer(1, 65_536)) * 1024 * 1024,
    cacheStaleIfErrorMs: parseWith(env, 'CACHE_STALE_IF_ERROR_S', integer(0, 30 * 86_400)) * 1000,
    answerCacheDisk: parseAnswerCacheDisk(env),
    warmCache: parseWith(env, 'WARM_CACHE', z.enum(['on', 'off'], 'must be on or off')) === 'on',
    clientRateLimitPerMinute: parseWith(env, 'CLIENT_RATE_LIMIT_PER_MIN', integer(1, 10_000_000)),
    writeRateLimitPerMinute: parseWith(env, 'WRITE_RATE_LIMIT_PER_MIN', integer(1, 10_000_000)),
    logLevel: parseWith(env, 'LOG_LEVEL', z.enum(logLevels, `must be one of ${logLevels.join(', ')}`)),
    staticDir: parseWith(env, 'STATIC_DIR', z.string()),
    watchlistDb: parseWith(env, 'WATCHLIST_DB', z.string()),
    databaseUrl,
    auth,
    allowedHosts: [...new Set(allowedHosts)],
    http: {
      requestTimeoutMs,
      headersTimeoutMs,
      keepAliveTimeoutMs: parseWith(env, 'KEEP_ALIVE_TIMEOUT_MS', integer(100, 600_000)),
      maxConnections,
      maxConnectionsPerClient,
    },
    backup:
      backupDir === undefined
        ? null
        : {
            dir: backupDir,
            keep: parseWith(env, 'BACKUP_KEEP', integer(1, 10_000)),
            intervalMs: parseWith(env, 'BACKUP_INTERVAL_MIN', integer(1, 7 * 24 * 60)) * 60_000,
          },
    shutdownTimeoutMs: parseWith(env, 'SHUTDOWN_TIMEOUT_MS', integer(0, 600_000)),
    redis: parseRedis(env),
    marketData: {
      enabled: parseWith(env, 'MARKET_DATA', z.enum(['on', 'off'], 'must be on or off')) === 'on',
      researchDb: parseWith(env, 'RESEARCH_DB', z.string().min(1, 'must name a file')),
      dumpDir: parseWith(env, 'DUMP_DIR', z.string().min(1, 'must name a folder')),
      tapeBudgetShare: parseWith(env, 'TAPE_BUDGET_SHARE', fraction(0.01, 1)),
    },
  };
}

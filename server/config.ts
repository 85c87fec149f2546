import { z } from 'zod';
import { isValidDate } from '../src/contract/params';

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
  upstreamTimeoutMs: number;
  upstreamConnectTimeoutMs: number;
  /** Global budget of upstream calls: at most this many in any second... */
  upstreamRatePerSecond: number;
  /** ...of which this many may go back to back. */
  upstreamBurst: number;
  upstreamQueueMax: number;
  upstreamQueueTimeoutMs: number;
  upstreamMaxAttempts: number;
  /** Overall time for one logical upstream call: queueing, attempts and back-off. */
  upstreamDeadlineMs: number;
  cacheMaxBytes: number;
  /** How long past its lifetime an answer may still be served when the service fails. */
  cacheStaleIfErrorMs: number;
  /** Requests per minute one client (IP address) may make to /api. */
  clientRateLimitPerMinute: number;
  logLevel: LogLevel;
  staticDir: string;
  watchlistDb: string;
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
    description:
      'Key for the real service, sent only by the server as X-api-key. Without it the embedded simulator serves simulated data.',
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
  { name: 'LOG_LEVEL', description: `Log level: ${logLevels.join(', ')}.`, default: 'info' },
  { name: 'STATIC_DIR', description: 'Folder of the built SPA (npm run build).', default: 'dist' },
  {
    name: 'WATCHLIST_DB',
    description: 'SQLite file holding the watchlists.',
    default: 'data/watchlists.sqlite',
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
  return {
    port: parseWith(env, 'PORT', integer(0, 65535)),
    host: parseWith(env, 'HOST', z.string().regex(/^[\w.:-]+$/, 'must be a host name or an IP address')),
    marketApi,
    simNow: simNowText === undefined ? null : parseSimNow(simNowText),
    simRestricted: parseWith(env, 'SIM_RESTRICTED', z.enum(['open', 'closed'], 'must be open or closed')),
    simClockControl,
    upstreamTimeoutMs,
    upstreamConnectTimeoutMs: parseWith(env, 'UPSTREAM_CONNECT_TIMEOUT_MS', integer(1, 600_000)),
    upstreamRatePerSecond,
    upstreamBurst,
    upstreamQueueMax: parseWith(env, 'UPSTREAM_QUEUE_MAX', integer(0, 100_000)),
    upstreamQueueTimeoutMs: parseWith(env, 'UPSTREAM_QUEUE_TIMEOUT_MS', integer(0, 600_000)),
    upstreamMaxAttempts: parseWith(env, 'UPSTREAM_MAX_ATTEMPTS', integer(1, 10)),
    upstreamDeadlineMs,
    cacheMaxBytes: parseWith(env, 'CACHE_MAX_MB', integer(1, 65_536)) * 1024 * 1024,
    cacheStaleIfErrorMs: parseWith(env, 'CACHE_STALE_IF_ERROR_S', integer(0, 30 * 86_400)) * 1000,
    clientRateLimitPerMinute: parseWith(env, 'CLIENT_RATE_LIMIT_PER_MIN', integer(1, 10_000_000)),
    logLevel: parseWith(env, 'LOG_LEVEL', z.enum(logLevels, `must be one of ${logLevels.join(', ')}`)),
    staticDir: parseWith(env, 'STATIC_DIR', z.string()),
    watchlistDb: parseWith(env, 'WATCHLIST_DB', z.string()),
  };
}

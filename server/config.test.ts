import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configTable, configVariables, loadConfig } from './config';
import { README, readmeWithConfigTable } from '../scripts/docs-config';

function errorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

const LIVE = { MARKET_API_BASE_URL: 'https://market.example.com', MARKET_API_KEY: 'k-123456789abcdef' };
const SECRET = 's'.repeat(32);
const PROXY = { AUTH_MODE: 'proxy', TRUSTED_PROXIES: '10.0.0.5, 192.168.1.0/24', SESSION_SECRET: SECRET };
const OIDC = {
  AUTH_MODE: 'oidc',
  OIDC_ISSUER: 'https://id.example.com/realms/team',
  OIDC_CLIENT_ID: 'dashboard',
  OIDC_CLIENT_SECRET: 'client-secret',
  OIDC_REDIRECT_URI: 'https://dash.example.com/bff/auth/callback',
  SESSION_SECRET: SECRET,
};

describe('loadConfig', () => {
  it('has working defaults: simulated data on 127.0.0.1:8080', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      marketApi: null,
      simNow: null,
      simRestricted: 'closed',
      simClockControl: false,
      simDumps: { dir: 'data/sim-dumps', codes: 'all', prepare: 'on-request' },
      upstreamTimeoutMs: 10000,
      upstreamConnectTimeoutMs: 3000,
      upstreamRatePerSecond: 5,
      upstreamBurst: 5,
      upstreamWindowMarginMs: 100,
      upstreamQueueMax: 100,
      upstreamQueueTimeoutMs: 5000,
      upstreamMaxAttempts: 3,
      upstreamDeadlineMs: 15000,
      cacheMaxBytes: 64 * 1024 * 1024,
      cacheStaleIfErrorMs: 86_400_000,
      answerCacheDisk: { file: 'data/answers.sqlite', maxBytes: 256 * 1024 * 1024 },
      warmCache: true,
      clientRateLimitPerMinute: 1200,
      writeRateLimitPerMinute: 120,
      logLevel: 'info',
      staticDir: 'dist',
      watchlistDb: 'data/watchlists.sqlite',
      databaseUrl: null,
      auth: { mode: 'none' },
      allowedHosts: ['localhost', '127.0.0.1', '[::1]', '::1'],
      http: {
        requestTimeoutMs: 30000,
        headersTimeoutMs: 10000,
        keepAliveTimeoutMs: 5000,
        maxConnections: 1024,
        maxConnectionsPerClient: 64,
      },
      backup: null,
      shutdownTimeoutMs: 10000,
      redis: null,
      marketData: {
        enabled: true,
        researchDb: 'data/research.duckdb',
        dumpDir: 'data/dumps',
        tapeBudgetShare: 0.2,
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      ...LIVE,
      ...PROXY,
      PORT: '9000',
      HOST: '0.0.0.0',
      UPSTREAM_TIMEOUT_MS: '2500',
      UPSTREAM_CONNECT_TIMEOUT_MS: '800',
      LOG_LEVEL: 'debug',
      STATIC_DIR: 'build',
      WATCHLIST_DB: '/tmp/w.sqlite',
      SIM_RESTRICTED: 'open',
      UPSTREAM_RATE_PER_S: '10',
      UPSTREAM_BURST: '2',
      UPSTREAM_QUEUE_MAX: '7',
      UPSTREAM_QUEUE_TIMEOUT_MS: '900',
      UPSTREAM_MAX_ATTEMPTS: '1',
      UPSTREAM_DEADLINE_MS: '4000',
      CACHE_MAX_MB: '2',
      CACHE_STALE_IF_ERROR_S: '60',
      CLIENT_RATE_LIMIT_PER_MIN: '30',
      WRITE_RATE_LIMIT_PER_MIN: '12',
      SHUTDOWN_TIMEOUT_MS: '25000',
    });
    expect(config).toMatchObject({
      shutdownTimeoutMs: 25000,
      upstreamRatePerSecond: 10,
      upstreamBurst: 2,
      upstreamQueueMax: 7,
      upstreamQueueTimeoutMs: 900,
      upstreamMaxAttempts: 1,
      upstreamDeadlineMs: 4000,
      cacheMaxBytes: 2 * 1024 * 1024,
      cacheStaleIfErrorMs: 60_000,
      clientRateLimitPerMinute: 30,
      writeRateLimitPerMinute: 12,
      port: 9000,
      host: '0.0.0.0',
      marketApi: { baseUrl: 'https://market.example.com', apiKey: 'k-123456789abcdef' },
      upstreamTimeoutMs: 2500,
      upstreamConnectTimeoutMs: 800,
      logLevel: 'debug',
      staticDir: 'build',
      watchlistDb: '/tmp/w.sqlite',
      simRestricted: 'open',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', MARKET_API_KEY: ' ', MARKET_API_BASE_URL: '' })).toMatchObject({
      port: 8080,
      marketApi: null,
    });
  });

  it('refuses a base URL without a key, naming MARKET_API_KEY', () => {
    const err = errorOf({ MARKET_API_BASE_URL: 'https://market.example.com' });
    expect(err.variable).toBe('MARKET_API_KEY');
    expect(err.message).toMatch(/MARKET_API_KEY must be set when MARKET_API_BASE_URL is set/);
  });

  it('refuses a key too short to be told from ordinary text, naming MARKET_API_KEY', () => {
    // The 6-character key an attacker saw echoed into a body, a header and the access log.
    for (const key of ['seckey', 'k'.repeat(15), '密钥'.repeat(7)]) {
      const err = errorOf({ ...LIVE, MARKET_API_KEY: key });
      expect(err.variable).toBe('MARKET_API_KEY');
      expect(err.message).toMatch(
        /^Invalid configuration: MARKET_API_KEY must be at least 16 characters long/,
      );
      expect(err.message).not.toContain(key);
    }
    expect(loadConfig({ ...LIVE, MARKET_API_KEY: 'k'.repeat(16) }).marketApi?.apiKey).toBe('k'.repeat(16));
  });

  it('refuses a key without a base URL', () => {
    expect(errorOf({ MARKET_API_KEY: 'abc' }).variable).toBe('MARKET_API_BASE_URL');
  });

  it.each([
    ['ftp://market.example.com', /http or https/],
    ['market.example.com', /absolute http\(s\) URL/],
    ['https://user:pw@market.example.com', /credentials/],
    ['https://market.example.com/?a=1', /query/],
  ])('refuses the base URL %s', (url, rule) => {
    const err = errorOf({ ...LIVE, MARKET_API_BASE_URL: url });
    expect(err.variable).toBe('MARKET_API_BASE_URL');
    expect(err.message).toMatch(rule);
  });

  it('drops a trailing slash and keeps a path prefix of the base URL', () => {
    expect(
      loadConfig({ ...LIVE, MARKET_API_BASE_URL: 'http://10.0.0.5:9000/market/' }).marketApi?.baseUrl,
    ).toBe('http://10.0.0.5:9000/market');
  });

  it.each(['abc', '70000', '-1', '80.5', '8080x'])('refuses PORT=%s', (port) => {
    const err = errorOf({ PORT: port });
    expect(err.variable).toBe('PORT');
    expect(err.message).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535');
  });

  it('accepts PORT=0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each([
    ['2026-07-14T10:00:00+08:00', Date.UTC(2026, 6, 14, 2)],
    ['2026-07-14T02:00:00Z', Date.UTC(2026, 6, 14, 2)],
    ['2026-07-14T10:00:00.250+08:00', Date.UTC(2026, 6, 14, 2, 0, 0, 250)],
    ['1784000000000', 1784000000000],
  ])('parses SIM_NOW=%s', (text, ms) => {
    expect(loadConfig({ SIM_NOW: text }).simNow).toBe(ms);
  });

  it.each([
    '2026-07-14T10:00:00',
    '2026-07-14',
    'yesterday',
    '2026-13-40T10:00:00Z',
    '2026-02-30T10:00:00Z',
    '2026-07-14T25:00:00Z',
  ])('refuses SIM_NOW=%s', (text) => {
    const err = errorOf({ SIM_NOW: text });
    expect(err.variable).toBe('SIM_NOW');
    expect(err.message).toMatch(/ISO 8601 with an offset/);
  });

  it('reads REDIS_URL with its key prefix, and refuses a URL of another kind', () => {
    expect(loadConfig({ REDIS_URL: 'redis://:pw@cache.internal:6380/2' }).redis).toEqual({
      url: 'redis://:pw@cache.internal:6380/2',
      keyPrefix: 'market-dashboard:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://cache', REDIS_KEY_PREFIX: 'team-a:' }).redis).toEqual({
      url: 'rediss://cache',
      keyPrefix: 'team-a:',
    });
    expect(errorOf({ REDIS_URL: 'http://cache:6379' }).message).toMatch(/REDIS_URL must use redis or rediss/);
    expect(errorOf({ REDIS_URL: 'not a url' }).message).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:/);
    expect(errorOf({ REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'a b' }).variable).toBe(
      'REDIS_KEY_PREFIX',
    );
  });

  it('refuses a burst larger than the per-second budget', () => {
    const err = errorOf({ UPSTREAM_RATE_PER_S: '3', UPSTREAM_BURST: '4' });
    expect(err.variable).toBe('UPSTREAM_BURST');
    expect(err.message).toMatch(/must not exceed UPSTREAM_RATE_PER_S \(3\)/);
  });

  it('refuses SIM_NOW together with a real service key', () => {
    expect(errorOf({ ...LIVE, SIM_NOW: '1784000000000' }).message).toMatch(
      /SIM_NOW only applies to simulated data/,
    );
  });

  it('lets tests move a pinned simulator clock only when asked, and never with a real key', () => {
    expect(loadConfig({ SIM_NOW: '1784000000000', SIM_CLOCK_CONTROL: 'on' }).simClockControl).toBe(true);
    expect(loadConfig({ SIM_NOW: '1784000000000' }).simClockControl).toBe(false);
    expect(errorOf({ SIM_CLOCK_CONTROL: 'on' }).message).toMatch(
      /SIM_CLOCK_CONTROL only applies to .* pinned/,
    );
    expect(errorOf({ ...LIVE, SIM_CLOCK_CONTROL: 'on' }).variable).toBe('SIM_CLOCK_CONTROL');
  });

  it("reads which stocks the simulator's dumps hold, their folder and when they are written", () => {
    expect(loadConfig({}).simDumps).toEqual({ dir: 'data/sim-dumps', codes: 'all', prepare: 'on-request' });
    expect(loadConfig({ SIM_DUMP_CODES: 'first:300' }).simDumps.codes).toBe(300);
    expect(loadConfig({ SIM_DUMP_CODES: '600519.SH, 000001.SZ' }).simDumps.codes).toEqual([
      '600519.SH',
      '000001.SZ',
    ]);
    expect(loadConfig({ SIM_DUMP_PREPARE: 'at-start', SIM_DUMP_DIR: '/tmp/d' }).simDumps).toMatchObject({
      dir: '/tmp/d',
      prepare: 'at-start',
    });
  });

  it.each([
    ['SIM_CLOCK_CONTROL', 'yes', /must be on or off/],
    ['SIM_RESTRICTED', 'maybe', /must be open or closed/],
    ['LOG_LEVEL', 'loud', /must be one of fatal, error/],
    ['UPSTREAM_TIMEOUT_MS', '0', /from 1 to 600000/],
    ['UPSTREAM_CONNECT_TIMEOUT_MS', 'soon', /whole number/],
    ['UPSTREAM_RATE_PER_S', '0', /from 1 to 1000/],
    ['UPSTREAM_RATE_PER_S', '2.5', /whole number/],
    ['UPSTREAM_MAX_ATTEMPTS', '11', /from 1 to 10/],
    ['CACHE_MAX_MB', '0', /from 1 to/],
    ['CLIENT_RATE_LIMIT_PER_MIN', 'lots', /whole number/],
    ['WRITE_RATE_LIMIT_PER_MIN', '0', /from 1 to/],
    ['SIM_DUMP_CODES', 'first:', /all, first:N or A-share codes/],
    ['SIM_DUMP_CODES', '600519.SH,600519', /all, first:N or A-share codes/],
    ['SIM_DUMP_PREPARE', 'never', /must be on-request or at-start/],
  ])('refuses %s=%s', (name, value, rule) => {
    const err = errorOf({ [name]: value });
    expect(err.variable).toBe(name);
    expect(err.message).toMatch(rule);
  });
});

describe('the watchlist store', () => {
  it('uses PostgreSQL when DATABASE_URL is set', () => {
    for (const url of [
      'postgres://dash:s3cret@db.internal:5432/watchlists',
      'postgresql://db.internal/watchlists?sslmode=require',
      'postgres://127.0.0.1:6543/w',
    ]) {
      expect(loadConfig({ DATABASE_URL: ` ${url} ` }).databaseUrl).toBe(url);
    }
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeNull();
  });

  it.each([
    ['mysql://db.internal/watchlists', /scheme is postgres or postgresql/],
    ['db.internal:5432/watchlists', /must be a PostgreSQL URL/],
    ['postgres://db.internal', /with a host and a database name/],
    ['postgres://db.internal/', /with a host and a database name/],
    ['postgres:///watchlists', /with a host and a database name/],
  ])('refuses DATABASE_URL=%s, without repeating it', (url, rule) => {
    const err = errorOf({ DATABASE_URL: url.replace('db.internal', 'u:hunter2@db.internal') });
    expect(err.variable).toBe('DATABASE_URL');
    expect(err.message).toMatch(rule);
    expect(err.message).not.toContain('hunter2');
  });

  it('refuses BACKUP_DIR with DATABASE_URL, pointing to pg_dump', () => {
    const err = errorOf({ DATABASE_URL: 'postgres://db.internal/watchlists', BACKUP_DIR: '/var/backups' });
    expect(err.variable).toBe('BACKUP_DIR');
    expect(err.message).toMatch(/only applies to the SQLite store/);
    expect(err.message).toMatch(/pg_dump/);
    expect(loadConfig({ BACKUP_DIR: '/var/backups' }).backup).toMatchObject({ dir: '/var/backups' });
  });
});

describe('sign-in and network settings', () => {
  it('refuses a non-loopback HOST without an auth mode, naming the fix', () => {
    for (const host of ['0.0.0.0', '192.168.1.20', '::', 'dash.example.com']) {
      const err = errorOf({ HOST: host });
      expect(err.variable).toBe('AUTH_MODE');
      expect(err.message).toMatch(/must be proxy or oidc when HOST .* is not a loopback address/);
      expect(err.message).toContain('AUTH_MODE=oidc');
    }
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1']) {
      expect(loadConfig({ HOST: host }).auth).toEqual({ mode: 'none' });
    }
  });

  it('reads proxy mode: trusted addresses, header, admins, secret', () => {
    const config = loadConfig({
      ...PROXY,
      HOST: '0.0.0.0',
      ADMIN_USERS: 'ann, bob',
      AUTH_PROXY_HEADER: 'X-Auth-User',
    });
    expect(config.auth).toEqual({
      mode: 'proxy',
      trustedProxies: ['10.0.0.5', '192.168.1.0/24'],
      userHeader: 'x-auth-user',
      admins: ['ann', 'bob'],
      sessionSecret: SECRET,
    });
  });

  it('reads oidc mode and allows the redirect host', () => {
    const config = loadConfig({ ...OIDC, HOST: '0.0.0.0', ALLOWED_HOSTS: 'Dash.Internal, other.example.' });
    expect(config.auth).toMatchObject({ mode: 'oidc', clientId: 'dashboard', sessionTtlMs: 12 * 3_600_000 });
    expect(config.allowedHosts).toEqual(
      expect.arrayContaining(['localhost', 'dash.internal', 'other.example', 'dash.example.com']),
    );
  });

  it.each([
    [{ ...PROXY, TRUSTED_PROXIES: '' }, 'TRUSTED_PROXIES', /must name the reverse proxy/],
    [{ ...PROXY, TRUSTED_PROXIES: 'proxy.local' }, 'TRUSTED_PROXIES', /not an IP address or CIDR/],
    [{ ...PROXY, TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES', /not an IP address or CIDR/],
    [{ ...PROXY, SESSION_SECRET: 'short' }, 'SESSION_SECRET', /at least 32/],
    [{ ...OIDC, OIDC_CLIENT_SECRET: '' }, 'OIDC_CLIENT_SECRET', /must be set when AUTH_MODE=oidc/],
    [{ ...OIDC, OIDC_ISSUER: 'id.example.com' }, 'OIDC_ISSUER', /absolute http/],
    [{ AUTH_MODE: 'ldap' }, 'AUTH_MODE', /one of none, proxy, oidc/],
    [{ ALLOWED_HOSTS: 'http://x.example' }, 'ALLOWED_HOSTS', /not a host name/],
    [{ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' }, 'HEADERS_TIMEOUT_MS', /must not exceed/],
  ])('refuses %o', (env, variable, rule) => {
    const err = errorOf(env);
    expect(err.variable).toBe(variable);
    expect(err.message).toMatch(rule);
  });
});

describe('the list of variables', () => {
  it('names exactly the variables loadConfig reads', () => {
    const read = new Set<string>();
    const target: NodeJS.ProcessEnv = { ...LIVE };
    const env = new Proxy<NodeJS.ProcessEnv>(target, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return typeof name === 'string' ? target[name] : undefined;
      },
    });
    // Each auth mode reads its own variables: together they read every one.
    for (const extra of [{}, PROXY, { ...OIDC, BACKUP_DIR: '/tmp/b', REDIS_URL: 'redis://r:6379' }]) {
      for (const key of Object.keys(extra)) Reflect.deleteProperty(target, key);
      Object.assign(target, extra);
      loadConfig(env);
    }
    expect([...read].sort()).toEqual(configVariables.map((v) => v.name).sort());
  });

  it('is the README table, as npm run docs:config writes it', async () => {
    const readme = readFileSync(README, 'utf8');
    expect(await readmeWithConfigTable(readme), 'README.md differs: run npm run docs:config').toBe(readme);
  });

  it('renders a Markdown table row per variable, with its default or what unset means', () => {
    const table = configTable().split('\n');
    expect(table).toHaveLength(configVariables.length + 2);
    expect(table).toContain('| `PORT` | `8080` | port of the server |');
    expect(table.find((row) => row.startsWith('| `SIM_NOW` |'))).toMatch(/^\| `SIM_NOW` \| real time \| /);
    expect(table.find((row) => row.startsWith('| `REDIS_URL` |'))).toMatch(/^\| `REDIS_URL` \| — \| /);
  });

  it('caps connections per client address under the global cap', () => {
    expect(loadConfig({ MAX_CONNECTIONS: '10' }).http.maxConnectionsPerClient).toBe(10);
    expect(loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '8' }).http.maxConnectionsPerClient).toBe(8);
    expect(() => loadConfig({ MAX_CONNECTIONS: '10', MAX_CONNECTIONS_PER_CLIENT: '20' })).toThrow(
      /MAX_CONNECTIONS_PER_CLIENT must not exceed MAX_CONNECTIONS \(10\)/,
    );
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_CLIENT: '0' })).toThrow(/MAX_CONNECTIONS_PER_CLIENT/);
  });
});

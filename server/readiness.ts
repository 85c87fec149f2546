import type { Readiness } from '../src/contract/health';

/**
 * Whether this server should get traffic (`GET /readyz`): a small registry of dependency checks that
 * the parts of the server add as they start (the watchlist store; Redis and PostgreSQL when they are
 * used), and the shutdown switch that makes every answer "not ready" once the process is stopping.
 *
 *   const readiness = createReadiness();
 *   const remove = readiness.add('redis', async () => (await redis.ping()) === 'PONG');
 *   await readiness.check(); // { status: 'ready', checks: { redis: 'ok' } }
 *
 * `createApp` makes one (or takes `deps.readiness`) and decorates the app with it (`app.readiness`), so
 * a plugin registers its check with `app.readiness.add(name, check)` when it opens its connection.
 */

/** Resolves true when the dependency answers; false, a rejection or no answer in time all mean failed. */
export type ReadinessCheck = () => Promise<boolean>;

export interface ReadinessRegistry {
  /**
   * Adds a check (names are unique: shown in the answer, so no secrets or addresses). Returns the
   * function that removes it again (a dependency closed on purpose).
   */
  add(name: string, check: ReadinessCheck, options?: CheckOptions): () => void;
  /** Shutdown has begun: every answer from now on is `shutting_down`. Cannot be undone. */
  beginShutdown(): void;
  readonly shuttingDown: boolean;
  /** Runs every check at once (requests arriving meanwhile share the run). */
  check(): Promise<Readiness>;
}

export interface CheckOptions {
  /**
   * false: the server still serves well when this dependency fails (Redis: each replica goes on with
   * its own cache and its share of the budget), so a failure reads `degraded` and the server stays
   * ready; taking every replica out of the balancer because Redis went down would turn a slowdown into
   * an outage. Default true.
   */
  required?: boolean;
}

/** Time a check has to answer before it counts as failed: a probe must not hang on a dead socket. */
export const CHECK_TIMEOUT_MS = 2_000;

const NAME_RE = /^[a-z][a-z0-9_.-]{0,39}$/;

async function passes(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().then((ok) => ok === true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createReadiness(options: { timeoutMs?: number } = {}): ReadinessRegistry {
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const checks = new Map<string, { check: ReadinessCheck; required: boolean }>();
  let shuttingDown = false;
  let running: Promise<Readiness> | null = null;

  async function run(): Promise<Readiness> {
    const entries = [...checks];
    const results = await Promise.all(entries.map(([, { check }]) => passes(check, timeoutMs)));
    const named: Readiness['checks'] = {};
    let ready = true;
    entries.forEach(([name, { required }], i) => {
      const ok = results[i] === true;
      if (!ok && required) ready = false;
      named[name] = ok ? 'ok' : required ? 'failed' : 'degraded';
    });
    // Shutdown may have begun while the checks ran.
    if (shuttingDown) return { status: 'shutting_down', checks: {} };
    return { status: ready ? 'ready' : 'not_ready', checks: named };
  }

  return {
    add(name, check, options = {}) {
      if (!NAME_RE.test(name))
        throw new Error(`A readiness check name must match ${String(NAME_RE)}: ${name}`);
      if (checks.has(name)) throw new Error(`A readiness check named ${name} is already registered`);
      const entry = { check, required: options.required ?? true };
      checks.set(name, entry);
      return () => {
        if (checks.get(name) === entry) checks.delete(name);
      };
    },
    beginShutdown() {
      shuttingDown = true;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    check() {
      if (shuttingDown) return Promise.resolve({ status: 'shutting_down', checks: {} });
      running ??= run().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's readiness checks and shutdown switch (`createApp`); `GET /readyz` reads it. */
    readiness: ReadinessRegistry;
  }
}

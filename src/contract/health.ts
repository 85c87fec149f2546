import { z } from 'zod';

/**
 * The probes a load balancer or an orchestrator asks (deploy/ uses them): outside /api and /bff, no
 * sign-in, no Host check, nothing in the answers beyond the names of the checks and whether each passed.
 */
export const HEALTH_PATHS = {
  /** Liveness: the process answers (200 `{ status: 'ok' }`); restart it when this fails. */
  live: '/healthz',
  /**
   * Readiness: 200 when every required check passes (the watchlist store, SQLite or PostgreSQL), else
   * 503 naming the failed ones; Redis is reported (`degraded` when it fails) but a replica without it
   * still serves; 503 from the moment shutdown has begun.
   * Send it traffic only while this is 200.
   */
  ready: '/readyz',
} as const;

/** `degraded`: a dependency the server can do without for a while (Redis) failed; it is still ready. */
export const READINESS_RESULTS = ['ok', 'failed', 'degraded'] as const;

export const livenessSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready', 'shutting_down']),
  /** Each check by name; none are run once shutdown has begun. */
  checks: z.record(z.string(), z.enum(READINESS_RESULTS)),
});
export type Readiness = z.infer<typeof readinessSchema>;

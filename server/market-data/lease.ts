/**
 * One replica at a time does the plane's upstream work (a dump import, the minute tape): whoever holds
 * the named lease. The lease expires unless renewed, so a replica that dies hands the work on.
 * `localLeases` serves a single process; Redis (REDIS_URL) or PostgreSQL (DATABASE_URL, when it is the
 * only shared store) serve several replicas.
 */
export interface Leases {
  /** Takes or renews the lease `name` for `ttlMs`; true while this holder has it. */
  acquire(name: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if this holder has it. */
  release(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Leases inside one process (no other replica to share the work with). */
export function localLeases(now: () => number = Date.now): Leases {
  const until = new Map<string, number>();
  return {
    async acquire(name, ttlMs) {
      until.set(name, now() + ttlMs);
      return true;
    },
    async release(name) {
      until.delete(name);
    },
    async close() {
      until.clear();
    },
  };
}

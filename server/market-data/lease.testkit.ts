import type { Leases } from './lease';

/**
 * Leases shared by several holders in one process, as Redis or PostgreSQL share them between replicas:
 * `holder(id)` is one replica's view. A lease held by another holder and not expired is refused.
 */
export function sharedLeases(now: () => number): { holder(id: string): Leases } {
  const held = new Map<string, { holder: string; until: number }>();
  return {
    holder(id) {
      return {
        async acquire(name, ttlMs) {
          const current = held.get(name);
          if (current && current.holder !== id && current.until > now()) return false;
          held.set(name, { holder: id, until: now() + ttlMs });
          return true;
        },
        async release(name) {
          if (held.get(name)?.holder === id) held.delete(name);
        },
        async close() {
          for (const [name, lease] of held) if (lease.holder === id) held.delete(name);
        },
      };
    },
  };
}

/**
 * Who is asking. Every request gets an identity (or none, when sign-in is required and missing) before
 * any handler runs; the watchlists use it as the owner, the budget as the fairness key, /bff/status to
 * tell an admin.
 */
export interface Identity {
  /** Stable id: 'local' without sign-in, the proxy's user header, or the OIDC subject. */
  id: string;
  /** What others see as the owner of a team list. */
  name: string;
  admin: boolean;
}

/** The one user of a loopback-only server (AUTH_MODE=none): whoever sits at this machine. */
export const LOCAL_USER: Identity = { id: 'local', name: 'local', admin: true };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook (auth/plugin.ts) before any handler; null when nobody is signed in. */
    identity: Identity | null;
    /**
     * Whose share of the upstream budget a request uses: the user when signed in, the client address
     * otherwise.
     */
    clientKey: string;
  }
}

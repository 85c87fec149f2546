import * as client from 'openid-client';
import { isLoopbackHost } from '../config';

/**
 * The OpenID Connect relying party (openid-client): authorization code flow with PKCE, state and nonce.
 * The provider's metadata is discovered on the first sign-in (and again after a failure), so the
 * dashboard starts even while the provider is briefly away.
 */

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LoginStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

export interface SignedInUser {
  sub: string;
  name: string;
}

export interface OidcClient {
  /** Where to send the browser, with the checks to keep until it comes back; null: provider unreachable. */
  start(): Promise<LoginStart | null>;
  /** The user of a callback URL, or null when the provider or the checks refuse it. */
  finish(
    callbackUrl: URL,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<SignedInUser | null>;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let config: Promise<client.Configuration> | null = null;
  const issuer = new URL(settings.issuer);
  // Plain HTTP only for a provider on this machine (the tests' own); anything else must be https.
  const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);

  function discover(): Promise<client.Configuration> {
    config ??= client
      .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      })
      .catch((err: unknown) => {
        config = null;
        throw err;
      });
    return config;
  }

  return {
    async start() {
      let found: client.Configuration;
      try {
        found = await discover();
      } catch {
        return null;
      }
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(found, {
        redirect_uri: settings.redirectUri,
        scope: 'openid profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, verifier };
    },

    async finish(callbackUrl, checks) {
      try {
        const found = await discover();
        const tokens = await client.authorizationCodeGrant(found, callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (claims === undefined) return null;
        const name =
          text(claims['name']) ?? text(claims['preferred_username']) ?? text(claims['email']) ?? claims.sub;
        return { sub: claims.sub, name };
      } catch {
        return null;
      }
    },
  };
}

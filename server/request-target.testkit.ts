/**
 * The guarded requests of the sign-in checks and the ways of writing their paths that once made the
 * checks and the router disagree (issue 27): shared by the app's own walk (request-target.test.ts) and
 * the walk through the shipped nginx configuration (deploy-nginx.test.ts).
 */

export interface GuardedRequest {
  name: string;
  method: string;
  path: string;
  /** The user the trusted proxy names (null: none). */
  user: string | null;
  body?: string;
  /** What the plain form gets. */
  refused: number;
}

export const guardedRequests: readonly GuardedRequest[] = [
  {
    name: 'a list created without a CSRF token',
    method: 'POST',
    path: '/bff/watchlists',
    user: 'bob',
    body: '{"name":"sneaky"}',
    refused: 403,
  },
  {
    name: 'a list deleted without a CSRF token',
    method: 'DELETE',
    path: '/bff/watchlists/1?version=1',
    user: 'bob',
    refused: 403,
  },
  {
    name: 'the gateway status read by a non-admin',
    method: 'GET',
    path: '/bff/status',
    user: 'bob',
    refused: 403,
  },
  {
    name: 'the gateway status read anonymously',
    method: 'GET',
    path: '/bff/status',
    user: null,
    refused: 401,
  },
  {
    name: 'market data read anonymously',
    method: 'GET',
    path: '/api/a-share/prices/snapshot?thscodes=600519.SH',
    user: null,
    refused: 401,
  },
  { name: 'watchlists read anonymously', method: 'GET', path: '/bff/watchlists', user: null, refused: 401 },
];

/** The ways of writing a path that once made the checks and the router disagree. */
export function disguises(path: string, port: number): string[] {
  const [first = '', ...rest] = path.slice(1).split('/');
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  const letter = first.charCodeAt(1).toString(16);
  return [
    `/${first[0]}%${letter}${first.slice(2)}${tail}`,
    `/${first[0]}%${letter.toUpperCase()}${first.slice(2)}${tail}`,
    `/%${first.charCodeAt(0).toString(16)}${first.slice(1)}${tail}`,
    `/${first}/.${tail}`,
    `/${first}/%2e${tail}`,
    `/x/../${first}${tail}`,
    `/x/%2E%2E/${first}${tail}`,
    `//${first}${tail}`,
    `/${first}//${tail.slice(1)}`,
    `/${first}%2F${tail.slice(1)}`,
    `/${first}\\${tail.slice(1)}`,
    `${path}#fragment`,
    `${path};jsessionid=1`,
    `http://127.0.0.1:${port}${path}`,
    `http://elsewhere.example${path}`,
  ];
}

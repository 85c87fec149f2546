/**
 * The sign-in e2e's addresses, from E2E_PORT: the OIDC-mode dashboard on E2E_PORT, its identity provider
 * on E2E_PORT + 1, a proxy-mode dashboard on E2E_PORT + 2.
 */
export const APP_PORT = Number(process.env['E2E_PORT'] ?? 4180);
export const ISSUER_PORT = Number(process.env['E2E_ISSUER_PORT'] ?? APP_PORT + 1);
export const PROXY_PORT = APP_PORT + 2;
/** The only address the proxy-mode dashboard takes the user header from: not the browser's. */
export const TRUSTED_PROXY = '10.0.0.1';

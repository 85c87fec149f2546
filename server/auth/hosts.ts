/**
 * The Host allow-list. A page on another site can make a browser send requests to this server under
 * its own name (DNS rebinding: `rebind.evil.example` resolving to 127.0.0.1), and the browser then
 * treats the answers as that site's. Such a request carries the foreign name in `Host`; answering only
 * the names this server is known by defeats it, whatever the Origin says.
 */

/** The host name of a `Host` header or an origin's host: lower case, no port, IPv6 in brackets. */
export function hostName(value: string | undefined): string | null {
  if (value === undefined) return null;
  const text = value.trim().toLowerCase();
  if (text === '') return null;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end === -1) return null;
    const rest = text.slice(end + 1);
    return rest === '' || /^:\d{1,5}$/.test(rest) ? text.slice(0, end + 1) : null;
  }
  const match = /^([a-z0-9.-]+?)\.?(:\d{1,5})?$/.exec(text);
  return match?.[1] ?? null;
}

export function isAllowedHost(value: string | undefined, allowed: readonly string[]): boolean {
  const name = hostName(value);
  return name !== null && allowed.includes(name);
}

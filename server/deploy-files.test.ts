import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * What the deploy files and the README say of each other (issue 27: compose set Redis to `allkeys-lru`
 * while the README promised `volatile-lru`, under which nothing without a time to live is evicted).
 */

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the deploy files and the README agree', () => {
  it("on Redis' eviction policy", () => {
    const compose = read('deploy/compose.yaml');
    const policies = [...compose.matchAll(/--maxmemory-policy\s*\n\s*-\s*([a-z-]+)/g)].map((m) => m[1]);
    expect(policies).toEqual(['volatile-lru']);
    const readme = read('README.md');
    const promised = [...readme.matchAll(/maxmemory-policy ([a-z-]+)/g)].map((m) => m[1]);
    expect(promised.length).toBeGreaterThan(0);
    expect(new Set(promised)).toEqual(new Set(policies));
  });

  it('on where the app is served: HTTPS only, the plain port redirecting', () => {
    const compose = read('deploy/compose.yaml');
    expect(compose).toMatch(/:443['"]?\s*$/m);
    const nginx = read('deploy/nginx.conf');
    const plain = /listen 80;[\s\S]*?\n {2}\}/.exec(nginx)?.[0] ?? '';
    expect(plain).toContain('return 301 https://');
    expect(plain).not.toMatch(/proxy_pass|auth_basic /);
  });
});

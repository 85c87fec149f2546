// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderAppAt } from '../../app.testkit';
import { catalog, isOperationId, operations } from '../../contract/catalog';
import { requestOf } from '../../lib/testing.testkit';
import { startServerProcess } from '../../../server/process.testkit';
import { SAMPLES, url } from '../../../server/simulator/conformance-cases.testkit';

/**
 * The explorer over the whole catalog, against the real server (BFF and simulator in their own process,
 * the clock pinned at the conformance samples' morning, restricted operations opened): for every
 * operation, its page renders one field per parameter of the schema, sends nothing until asked, and the
 * conformance sample sent with the Send button comes back with code 0.
 */

let server: Awaited<ReturnType<typeof startServerProcess>>;
const requested: string[] = [];

beforeAll(async () => {
  server = await startServerProcess({
    SIM_NOW: '2026-07-15T10:10:00+08:00',
    SIM_RESTRICTED: 'open',
    UPSTREAM_RATE_PER_S: '1000',
    UPSTREAM_BURST: '1000',
    WATCHLIST_DB: path.join(mkdtempSync(path.join(tmpdir(), 'explorer-walk-')), 'watchlists.sqlite'),
    // The dumps of a few codes, written at start-up: their operations answer a link, not 4040.
    SIM_DUMP_CODES: 'first:20',
    SIM_DUMP_DIR: path.join(tmpdir(), 'explorer-walk-dumps'),
    SIM_DUMP_PREPARE: 'at-start',
  });
  await dumpsWritten(server.url);
  // The app's same-origin requests go to that server over loopback, answered as they come.
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: unknown) => {
    const target = requestOf(input);
    const pathAndQuery = `${target.pathname}${target.search}`;
    requested.push(pathAndQuery);
    // No signal: jsdom's AbortSignal is not the one Node's fetch takes.
    return realFetch(new URL(pathAndQuery.slice(1), server.url).href, {
      headers: { Accept: 'application/json' },
    });
  });
}, 120_000);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.stop();
});

/** Waits until the server's dump operations answer a link (code 4040 while their files are written). */
async function dumpsWritten(base: string): Promise<void> {
  const paths = operations.filter((op) => op.group === 'market-dumps').map((op) => op.path);
  for (let attempt = 0; attempt < 600; attempt++) {
    const codes = await Promise.all(
      paths.map(async (p) => {
        const res = await fetch(new URL(p.slice(1), base).href, { headers: { Accept: 'application/json' } });
        const body: unknown = await res.json();
        return typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
      }),
    );
    if (codes.every((c) => c === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the dumps were not written');
}

/** The shell's own request (the market session): the same as the calendar operation's sample. */
const SHELL_CALENDAR = '/api/a-share/calendar/trading-days';

/** A request path with its query sorted (the form sends parameters in declaration order). */
function sorted(path: string): string {
  const target = new URL(path, 'http://localhost');
  target.searchParams.sort();
  return `${target.pathname}${target.search}`;
}

describe('every operation through the explorer', () => {
  const ids = Object.keys(catalog).filter(isOperationId);

  it('covers the whole catalog with conformance samples', () => {
    expect(ids).toHaveLength(operations.length);
    expect(ids).toHaveLength(89);
    expect(ids.filter((id) => SAMPLES[id] === undefined)).toEqual([]);
  });

  for (const id of ids) {
    const op = catalog[id];
    it(`${id}: one field per parameter, nothing sent before Send, then code 0`, async () => {
      const sample = SAMPLES[id] ?? {};
      requested.length = 0;
      renderAppAt(url(`/explorer/${op.id}`, sample));

      // Test ids rather than roles: computing roles over the whole page 89 times is slow in jsdom.
      const form = await screen.findByTestId('explorer-form', {}, { timeout: 10_000 });
      const fields = [...form.querySelectorAll<HTMLElement>('[data-field]')].map((el) => el.dataset['field']);
      // Counted against the catalog's parameter schema itself, in its order.
      expect(fields).toHaveLength(Object.keys(op.params.shape).length);
      expect(fields).toEqual(Object.keys(op.params.shape));
      // The sample is in the form, read from the URL.
      for (const [name, value] of Object.entries(sample)) {
        expect(form.querySelector<HTMLInputElement>(`[data-param="${name}"]`)?.value, name).toBe(value);
      }
      // Nothing is sent until the user asks (the shell itself reads the trading calendar).
      expect(screen.getByTestId('answer-idle').textContent).toContain('尚未发送请求');
      const calls = () =>
        requested.filter((path) => path.split('?')[0] === op.path && path !== SHELL_CALENDAR);
      expect(calls()).toEqual([]);

      const send = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      expect(send?.textContent).toBe('发送');
      if (send) fireEvent.click(send);
      const code = await screen.findByTestId('answer-code', {}, { timeout: 10_000 });
      expect(code.textContent, screen.queryByTestId('answer-message')?.textContent ?? '').toBe('0');
      expect(sorted(screen.getByTestId('answer-url').textContent?.replace(/^GET /, '') ?? '')).toBe(
        sorted(url(op.path, sample)),
      );
      if (op.path !== SHELL_CALENDAR) expect(calls().map(sorted)).toEqual([sorted(url(op.path, sample))]);
      // The simulator's data matches the catalog, and the page says so.
      await waitFor(() => expect(screen.getByTestId('schema-ok')).toBeTruthy());
    });
  }
});

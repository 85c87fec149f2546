// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAppAt } from '../../app.testkit';
import { envelope, requestOf } from '../../lib/testing.testkit';

/** The server's clock: 2026-07-15 10:10 Shanghai. */
const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const HISTORICAL = '/api/a-share/prices/historical';

function bar(dateMs: number, close: number) {
  return {
    date_ms: dateMs,
    open_price: close,
    high_price: close,
    low_price: close,
    close_price: close,
    volume: 100,
    turnover: 1000,
  };
}

/** A BFF that answers the historical bars with one bar per request (its close counts the requests). */
function serve(answer?: (url: URL) => unknown) {
  let count = 0;
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    if (url.pathname === '/bff/mode') {
      return Promise.resolve(new Response(JSON.stringify({ mode: 'simulated', version: '0', now: NOW })));
    }
    // The shell's own requests (the trading calendar) are answered empty and not counted.
    if (url.pathname !== HISTORICAL) return Promise.resolve(envelope({ timestamp: NOW, item: [] }));
    count += 1;
    const data = answer?.(url) ?? {
      timestamp: NOW,
      item: [bar(Number(url.searchParams.get('start')), count)],
    };
    return Promise.resolve(
      new Response(JSON.stringify({ code: 0, message: 'success', request_id: `r-${count}`, data }), {
        headers: { 'x-cache': 'MISS', 'x-request-id': `r-${count}` },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return () =>
    fetch.mock.calls.map(([input]) => requestOf(input)).filter((url) => url.pathname === HISTORICAL);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form = () => screen.getByTestId('explorer-form');
const field = (name: string) => {
  const el = form().querySelector(`[data-param="${name}"]`);
  if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement))
    throw new Error(`no field ${name}`);
  return el;
};

describe('an operation in the explorer', () => {
  it('warns about data that departs from the catalog, naming each field’s path', async () => {
    serve(() => ({ timestamp: NOW, item: [{ date_ms: 'not a time', open_price: 1 }] }));
    renderAppAt(`/explorer/a-share/prices/historical?thscode=600519.SH&start=1&end=2&run=1`);
    const issues = await screen.findByTestId('schema-issues', {}, { timeout: 5000 });
    expect(issues.textContent).toContain('data.item[0].date_ms');
    expect(issues.textContent).toContain('data.item[0].close_price');
    expect(screen.getByTestId('answer-code').textContent).toBe('0');
  });

  it('refuses a conflict before sending, with the code and the parameter the BFF would name', async () => {
    const calls = serve();
    renderAppAt(`/explorer/a-share/prices/historical?thscode=600519.SH&start=2000&end=1000`);
    fireEvent.click(await within(await screen.findByTestId('explorer-form')).findByText('发送'));
    const refusal = await screen.findByTestId('refusal');
    expect(refusal.textContent).toContain("1004 · Parameter 'end' must not be earlier than 'start'");
    expect(field('end').getAttribute('aria-invalid')).toBe('true');
    expect(calls()).toEqual([]);
  });

  it('refuses a value its parameter’s rule refuses: the field is named, marked and focused, and nothing is requested', async () => {
    const calls = serve();
    renderAppAt(`/explorer/a-share/prices/historical?thscode=600519&start=1000&end=2000`);
    fireEvent.click(await within(await screen.findByTestId('explorer-form')).findByText('发送'));
    const refusal = await screen.findByTestId('refusal');
    expect(refusal.textContent).toContain("1002 · Parameter 'thscode'");
    expect(field('thscode').getAttribute('aria-invalid')).toBe('true');
    // The message also stands under the field itself, and the field has the focus.
    const own = form().querySelector('[data-field="thscode"] [role="alert"]');
    expect(own?.textContent).toContain("Parameter 'thscode'");
    await waitFor(() => expect(document.activeElement).toBe(field('thscode')));
    // Ctrl+Enter asks again: still refused, still nothing sent.
    fireEvent.keyDown(field('start'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId('refusal').textContent).toContain('1002'));
    expect(calls()).toEqual([]);
    expect(screen.getByTestId('answer-idle')).toBeTruthy();
  });

  it('checks a field once it is left, as it is typed, and a change takes the refusal away', async () => {
    const calls = serve();
    const router = renderAppAt(`/explorer/a-share/prices/historical?thscode=600519.SH&start=2000&end=1000`);
    await screen.findByTestId('explorer-form');
    // Typing alone says nothing; leaving the field does.
    fireEvent.change(field('start'), { target: { value: 'soon' } });
    expect(field('start').getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(field('start'));
    await waitFor(() => expect(field('start').getAttribute('aria-invalid')).toBe('true'));
    expect(form().querySelector('[data-field="start"] [role="alert"]')?.textContent).toContain("'start'");
    // Fixed as it is typed: the message goes at once.
    fireEvent.change(field('start'), { target: { value: '2000' } });
    await waitFor(() => expect(field('start').getAttribute('aria-invalid')).toBeNull());

    // Sent: refused on `end` (the two dates conflict) ...
    fireEvent.submit(form());
    expect((await screen.findByTestId('refusal')).textContent).toContain('1004');
    expect(field('end').getAttribute('aria-invalid')).toBe('true');
    // ... until the form changes: the refusal goes, and the draft is in the URL.
    fireEvent.change(field('start'), { target: { value: '500' } });
    await waitFor(() => expect(screen.queryByTestId('refusal')).toBeNull());
    expect(field('end').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ thscode: '600519.SH', start: 500, end: 1000 }),
    );
    expect(calls()).toEqual([]);
  });

  it('clears every field and the link with Clear', async () => {
    serve();
    const router = renderAppAt(`/explorer/a-share/prices/historical?thscode=600519.SH&start=1000&end=2000`);
    fireEvent.click(await within(await screen.findByTestId('explorer-form')).findByText('清空'));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect([field('thscode').value, field('start').value, field('end').value]).toEqual(['', '', '']);
  });

  it('keeps an answer on screen while the form changes, and back returns to the earlier request', async () => {
    const calls = serve();
    const router = renderAppAt(
      `/explorer/a-share/prices/historical?thscode=600519.SH&start=1000&end=2000&run=1`,
    );
    await waitFor(() => expect(screen.getByTestId('answer-url').textContent).toContain('start=1000'));

    fireEvent.change(field('start'), { target: { value: '1500' } });
    expect((await screen.findByTestId('answer-previous', {}, { timeout: 5000 })).textContent).toContain(
      '上一次请求',
    );
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ thscode: '600519.SH', start: 1500, end: 2000 }),
    );

    fireEvent.keyDown(field('start'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(screen.getByTestId('answer-url').textContent).toContain('start=1500'));
    expect(calls().map((url) => url.searchParams.get('start'))).toEqual(['1000', '1500']);

    // Back to the first request: the form follows the URL and the first answer is shown again, unsent.
    act(() => router.history.back());
    await waitFor(() => expect(field('start').value).toBe('1000'));
    await waitFor(() => expect(screen.getByTestId('answer-url').textContent).toContain('start=1000'));
    expect(calls()).toHaveLength(2);
  });

  it('sends the same request again on Send, and shows what the cache said', async () => {
    const calls = serve();
    renderAppAt(`/explorer/a-share/prices/historical?thscode=600519.SH&start=1000&end=2000&run=1`);
    await waitFor(() => expect(screen.getByTestId('answer-request-id').textContent).toBe('r-1'));
    expect(screen.getByTestId('answer-cache').textContent).toBe('MISS');
    fireEvent.click(within(form()).getByText('发送'));
    await waitFor(() => expect(screen.getByTestId('answer-request-id').textContent).toBe('r-2'));
    expect(calls()).toHaveLength(2);
  });

  it('names an unknown operation and links back to the list', async () => {
    serve();
    renderAppAt('/explorer/a-share/no-such-thing');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      'a-share/no-such-thing',
    );
    expect(screen.getByRole('link', { name: '全部操作' }).getAttribute('href')).toBe('/explorer');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SearchBox } from './SearchBox';
import { envelope, renderWithProviders, requestOf } from '../../lib/testing.testkit';

const rows = [
  {
    thscode: '600519.SH',
    ticker: '600519',
    name: '贵州茅台',
    exchange: 'SH',
    asset_type: 'a-share',
    currency: 'CNY',
  },
  {
    thscode: '000858.SZ',
    ticker: '000858',
    name: '五粮液',
    exchange: 'SZ',
    asset_type: 'a-share',
    currency: 'CNY',
  },
  {
    thscode: '510050.SH',
    ticker: '510050',
    name: '上证50ETF',
    exchange: 'SH',
    asset_type: 'fund-etf',
    currency: 'CNY',
  },
  {
    thscode: '160519.OF',
    ticker: '160519',
    name: '某某基金',
    exchange: null,
    asset_type: 'fund-otc',
    currency: 'CNY',
  },
  {
    thscode: 'USDCNY.FX',
    ticker: 'USDCNY',
    name: '美元兑人民币',
    exchange: null,
    asset_type: 'forex',
    currency: 'CNY',
  },
];

/** Substring search over the rows, like the service; `hold` keeps chosen keywords pending. */
function serveSearch(opts: { hold?: (q: string) => boolean } = {}) {
  const seen: string[] = [];
  const fetch = vi.fn((input: unknown) => {
    const url = requestOf(input);
    const q = url.searchParams.get('q') ?? '';
    seen.push(q);
    if (opts.hold?.(q)) return new Promise<Response>(() => undefined);
    const key = q.toUpperCase();
    const item = rows.filter((r) => r.thscode.includes(key) || r.ticker.includes(key) || r.name.includes(q));
    return Promise.resolve(envelope({ timestamp: 1_784_000_000_000, item }));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, seen };
}

function input(): HTMLInputElement {
  const element = screen.getByRole('combobox');
  if (!(element instanceof HTMLInputElement)) throw new Error('combobox is not an input');
  return element;
}

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

function key(name: string) {
  fireEvent.keyDown(input(), { key: name });
}

function optionTexts(): string[] {
  return screen.getAllByRole('option').map((o) => o.textContent ?? '');
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SearchBox', () => {
  it('lists code, name, asset type and exchange for what is typed', async () => {
    const { seen } = serveSearch();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('600519');
    const option = await screen.findByRole('option', { name: /600519\.SH/ });
    expect(within(option).getByText('贵州茅台')).toBeTruthy();
    expect(within(option).getByText('股票')).toBeTruthy();
    expect(within(option).getByText('SH')).toBeTruthy();
    expect(seen).toContain('600519');
  });

  it('moves with the arrow keys (wrapping) and opens the highlighted row with Enter', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('5');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    // An off-exchange fund has no exchange: the row says so instead of leaving a hole.
    expect(within(screen.getByRole('option', { name: /160519\.OF/ })).getByText('场外')).toBeTruthy();
    // A code starting with the keyword comes first; the rest keep the service's order.
    expect(optionTexts().map((text) => text.slice(0, 9))).toEqual([
      '510050.SH',
      '600519.SH',
      '000858.SZ',
      '160519.OF',
    ]);
    expect(input().getAttribute('aria-activedescendant')).toBeNull();

    key('ArrowDown');
    key('ArrowDown');
    const selected = () =>
      screen.getAllByRole('option').findIndex((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected()).toBe(1);
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]?.id);
    key('ArrowUp');
    key('ArrowUp');
    expect(selected()).toBe(3);
    key('ArrowDown');
    expect(selected()).toBe(0);

    key('ArrowDown');
    key('Enter');
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0]?.[0]).toEqual({ kind: 'page', to: '/stock/$thscode', thscode: '600519.SH' });
    expect(input().value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens the exact match first on Enter, even when the service lists it later', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('600519');
    // 160519.OF is not a match for "600519"; 600519.SH is exact.
    await screen.findByRole('option', { name: /600519\.SH/ });
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ thscode: '600519.SH' }),
      expect.objectContaining({ name: '贵州茅台' }),
    );
  });

  it('waits for the answer when Enter comes before the debounce fires, instead of opening a stale row', async () => {
    const { seen } = serveSearch();
    const onOpen = vi.fn();
    // The debounce never fires during this test: only Enter can send the request.
    renderWithProviders(<SearchBox debounceMs={60_000} onOpen={onOpen} />);
    input().focus();
    type('000858');
    key('Enter');
    await waitFor(() =>
      expect(onOpen).toHaveBeenCalledWith(
        expect.objectContaining({ thscode: '000858.SZ' }),
        expect.anything(),
      ),
    );
    expect(seen).toEqual(['000858']);
  });

  it('does not submit while an input method is composing', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('五粮');
    await screen.findByRole('option', { name: /000858/ });
    fireEvent.keyDown(input(), { key: 'Enter', isComposing: true });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('closes the list with Esc, then clears the box with a second Esc', async () => {
    serveSearch();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('600519');
    await screen.findByRole('listbox');
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('600519');
    key('ArrowDown');
    expect(screen.getByRole('listbox')).toBeTruthy();
    key('Escape');
    key('Escape');
    expect(input().value).toBe('');
  });

  it('says "no match" when the service finds nothing', async () => {
    serveSearch();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('999999');
    expect(await screen.findByText('无匹配')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows the service's code and message when the search fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(envelope(null, 2001, 'API key missing or invalid'))),
    );
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('600519');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('搜索失败');
    expect(alert.textContent).toContain('2001');
    expect(alert.textContent).toContain('API key missing or invalid');
  });

  it('keeps the previous results on screen while the next keyword loads', async () => {
    serveSearch({ hold: (q) => q === '6005' });
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('600');
    await screen.findByRole('option', { name: /600519\.SH/ });
    type('6005');
    await waitFor(() => expect(document.querySelector('.search__progress')).not.toBeNull());
    expect(optionTexts().some((t) => t.includes('贵州茅台'))).toBe(true);
    expect(screen.queryByText('搜索中…')).toBeNull();
  });

  it('keeps the highlighted instrument when the answer to a longer keyword replaces the list', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('5');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    key('ArrowDown');
    key('ArrowDown');
    expect(screen.getByRole('option', { name: /600519\.SH/ }).getAttribute('aria-selected')).toBe('true');
    // The reader's arrow keys came before the answer to what they typed next: 600519.SH stays chosen.
    type('51');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(optionTexts()[0]?.slice(0, 9)).toBe('510050.SH');
    expect(screen.getByRole('option', { name: /600519\.SH/ }).getAttribute('aria-selected')).toBe('true');
    // A list without it highlights nothing; Enter then opens the best match.
    type('510');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    expect(screen.getByRole('option').getAttribute('aria-selected')).toBe('false');
    key('Enter');
    expect(onOpen.mock.calls[0]?.[0]).toEqual({ kind: 'page', to: '/fund/$thscode', thscode: '510050.SH' });
  });

  it('opens a fund’s page, on or off the exchange', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('510050');
    await screen.findByRole('option', { name: /510050\.SH/ });
    key('Enter');
    expect(onOpen).toHaveBeenCalledWith(
      expect.objectContaining({ to: '/fund/$thscode', thscode: '510050.SH' }),
      expect.objectContaining({ asset_type: 'fund-etf' }),
    );
    type('160519');
    fireEvent.click(await screen.findByRole('option', { name: /160519\.OF/ }));
    expect(onOpen).toHaveBeenLastCalledWith(
      expect.objectContaining({ to: '/fund/$thscode', thscode: '160519.OF' }),
      expect.anything(),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows "not supported yet" for other asset types instead of opening them', async () => {
    serveSearch();
    const onOpen = vi.fn();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={onOpen} />);
    input().focus();
    type('USDCNY');
    fireEvent.click(await screen.findByRole('option', { name: /USDCNY\.FX/ }));
    expect(onOpen).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('美元兑人民币');
    expect(alert.textContent).toContain('尚未支持');
  });

  it('focuses on "/" pressed outside a text field, but lets "/" be typed inside one', () => {
    serveSearch();
    renderWithProviders(
      <>
        <input aria-label="other field" />
        <SearchBox shortcut onOpen={() => undefined} />
      </>,
    );
    const other = screen.getByLabelText('other field');
    other.focus();
    const inOther = fireEvent.keyDown(other, { key: '/' });
    expect(inOther).toBe(true);
    expect(document.activeElement).toBe(other);

    other.blur();
    const onBody = fireEvent.keyDown(document.body, { key: '/' });
    expect(onBody).toBe(false); // default prevented: the slash is not typed into the box
    expect(document.activeElement).toBe(input());
  });

  it('starts a search with a digit or letter typed outside a text field, keeping the character', async () => {
    const { seen } = serveSearch();
    renderWithProviders(
      <>
        <input aria-label="other field" />
        <SearchBox shortcut debounceMs={0} onOpen={() => undefined} />
      </>,
    );
    const onBody = fireEvent.keyDown(document.body, { key: '6' });
    expect(onBody).toBe(false); // not typed twice
    expect(document.activeElement).toBe(input());
    expect(input().value).toBe('6');
    expect(await screen.findByRole('listbox')).toBeTruthy();
    expect(seen).toContain('6');

    // Typing again outside the box starts over with the new character.
    input().blur();
    fireEvent.keyDown(document.body, { key: 'M', shiftKey: true });
    expect(input().value).toBe('M');
  });

  it('leaves keys with modifiers, keys inside other fields and non-characters alone', () => {
    serveSearch();
    renderWithProviders(
      <>
        <input aria-label="other field" />
        <SearchBox shortcut onOpen={() => undefined} />
      </>,
    );
    for (const init of [
      { key: 'c', ctrlKey: true },
      { key: 'r', metaKey: true },
      { key: '1', altKey: true },
      { key: 'Enter' },
      { key: 'ArrowDown' },
      { key: ' ' },
    ]) {
      expect(fireEvent.keyDown(document.body, init)).toBe(true);
    }
    const other = screen.getByLabelText('other field');
    other.focus();
    expect(fireEvent.keyDown(other, { key: '6' })).toBe(true);
    expect(document.activeElement).toBe(other);
    expect(input().value).toBe('');
  });

  it('takes at most the search limit, says so, and never sends a longer keyword', async () => {
    const { seen } = serveSearch();
    renderWithProviders(<SearchBox debounceMs={0} onOpen={() => undefined} />);
    input().focus();
    type('6'.repeat(70));
    expect(input().value).toHaveLength(64);
    expect(input().maxLength).toBe(64);
    expect(await screen.findByText('搜索内容最多 64 个字符，超出部分已截去。')).toBeTruthy();
    await waitFor(() => expect(seen).toContain('6'.repeat(64)));
    expect(seen.every((q) => q.length <= 64)).toBe(true);
    expect(screen.queryByText(/1003|Parameter/)).toBeNull();
  });

  it('sends one request for a burst of keystrokes', async () => {
    vi.useFakeTimers();
    const { seen } = serveSearch();
    renderWithProviders(<SearchBox debounceMs={150} onOpen={() => undefined} />);
    input().focus();
    for (const text of ['6', '60', '600', '6005']) {
      type(text);
      act(() => vi.advanceTimersByTime(100));
    }
    expect(seen).toEqual([]);
    // The request leaves once the debounce has passed (after the catalog's parameter check, a promise).
    await act(async () => {
      vi.advanceTimersByTime(150);
      await Promise.resolve();
    });
    await vi.waitFor(() => expect(seen).toEqual(['6005']));
  });
});

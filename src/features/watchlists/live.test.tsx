// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import {
  createWatchlistClient,
  watchlistIndexQuery,
  watchlistKeys,
  watchlistQuery,
  type Watchlist,
  type WatchlistIndex,
} from '../../api/watchlists';
import { WATCHLIST_CHANGE_EVENT, WATCHLIST_LIMITS, type WatchlistChange } from '../../contract/watchlists';
import { createLiveWatchlists, type LiveOptions, type LiveSource, type LiveWatchlists } from './live';
import { renderAt, serverList, startUiServer, type UiServer } from './ui.testkit';

/**
 * Live lists in jsdom with a stand-in EventSource the test drives: which change events make the page read
 * a list again, what the tab's own writes cost, reconnecting, refusals, hidden tabs, and the indicator
 * on the real pages.
 */

class FakeSource implements LiveSource {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.closed = true;
    this.readyState = 2;
  }
  private emit(event: Event): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
  open(): void {
    this.readyState = 1;
    this.emit(new Event('open'));
  }
  send(data: string): void {
    this.emit(new MessageEvent(WATCHLIST_CHANGE_EVENT, { data }));
  }
  change(change: WatchlistChange): void {
    this.send(JSON.stringify(change));
  }
  /** The connection dropped; the browser is reconnecting. */
  drop(): void {
    this.readyState = 0;
    this.emit(new Event('error'));
  }
  /** The server refused (429, 503): the browser gives up. */
  refuse(): void {
    this.readyState = 2;
    this.emit(new Event('error'));
  }
}

const lastSource = (): FakeSource => {
  const source = FakeSource.made.at(-1);
  if (source === undefined) throw new Error('no stream was opened');
  return source;
};

beforeEach(() => {
  FakeSource.made = [];
});

// ---- the rules, on a query client with a fake server ----

function listAt(id: number, version: number, deleted = false): Watchlist | null {
  if (deleted) return null;
  return {
    id,
    name: `List ${id}`,
    version,
    item_count: 0,
    created_at: 1,
    updated_at: version,
    owner_id: 'local',
    owner_name: 'local',
    visibility: 'private',
    access: 'owner',
    items: [],
  };
}

/** The server's lists (id → version, null: deleted) and how often each path was read. */
function fakeServer(lists: Map<number, number | null>) {
  const reads = new Map<string, number>();
  const fetch = async (input: string): Promise<Response> => {
    const path = new URL(input, 'http://localhost').pathname;
    reads.set(path, (reads.get(path) ?? 0) + 1);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const id = Number(/\/bff\/watchlists\/(\d+)$/.exec(path)?.[1] ?? NaN);
    if (path === '/bff/watchlists') {
      const index: WatchlistIndex = {
        watchlists: [...lists].flatMap(([key, version]) => {
          const list = version === null ? null : listAt(key, version);
          if (list === null) return [];
          const { items: _items, ...summary } = list;
          return [summary];
        }),
        limits: WATCHLIST_LIMITS,
      };
      return json(index);
    }
    const version = lists.get(id);
    if (version === undefined || version === null) {
      return json({ error: { code: 'not_found', message: 'gone', field: null } }, 404);
    }
    return json(listAt(id, version));
  };
  return { reads, client: createWatchlistClient({ fetch }) };
}

interface Rig {
  queryClient: QueryClient;
  live: LiveWatchlists;
  reads: Map<string, number>;
  lists: Map<number, number | null>;
  source: FakeSource;
  /** Resolves when no query is fetching any more. */
  settled: () => Promise<void>;
  release: () => void;
}

/** A tab showing list 1 (version 3) and the index, listening, after the stream's opening reload. */
async function rig(options: Partial<LiveOptions> = {}): Promise<Rig> {
  const lists = new Map<number, number | null>([
    [1, 3],
    [2, 1],
  ]);
  const { reads, client } = fakeServer(lists);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // Observed, as the pages observe them: an invalidated query is read again at once.
  new QueryObserver(queryClient, watchlistQuery(1, client)).subscribe(() => undefined);
  new QueryObserver(queryClient, watchlistIndexQuery(client)).subscribe(() => undefined);
  const settled = () => waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await settled();
  const live = createLiveWatchlists(queryClient, {
    connect: (url) => new FakeSource(url),
    document: null,
    releaseGraceMs: 0,
    ...options,
  });
  const release = live.acquire();
  const source = lastSource();
  source.open();
  await settled();
  reads.clear();
  return { queryClient, live, reads, lists, source, settled, release };
}

/** A write of the tab in flight (as the page's mutations: the committed list goes into the cache). */
async function ownWrite(queryClient: QueryClient) {
  let answer: ((list: Watchlist) => void) | null = null;
  const write = new MutationObserver(queryClient, {
    mutationFn: () => new Promise<Watchlist>((resolve) => (answer = resolve)),
    onSuccess: (list: Watchlist) => queryClient.setQueryData(watchlistKeys.detail(list.id), list),
  });
  const done = write.mutate();
  await waitFor(() => expect(answer).not.toBeNull());
  return {
    done,
    answer(version: number) {
      const list = listAt(1, version);
      if (list === null || answer === null) throw new Error('no write');
      answer(list);
    },
  };
}

const detailPath = '/bff/watchlists/1';
const indexPath = '/bff/watchlists';

describe('which change events read a list again', () => {
  afterEach(() => vi.useRealTimers());

  it('opens one stream at the events URL, and reads what is shown again when it opens', async () => {
    const { reads, source, queryClient, live, settled } = await rig();
    expect(source.url).toBe('/bff/watchlists/events');
    expect(live.getState()).toBe('live');
    // A second page of the same tab shares the stream.
    live.acquire();
    expect(FakeSource.made).toHaveLength(1);
    // The opening reload happened (rig cleared its count after it): a reconnect does it again.
    source.drop();
    expect(live.getState()).toBe('reconnecting');
    source.open();
    expect(queryClient.isFetching()).toBeGreaterThan(0);
    await settled();
    expect(reads.get(detailPath)).toBe(1);
    expect(reads.get(indexPath)).toBe(1);
    expect(live.getState()).toBe('live');
  });

  it('a newer version reads the list and the index again; an equal or older one does not', async () => {
    const { reads, source, lists, queryClient, settled } = await rig();
    source.change({ id: 1, version: 3, deleted: false });
    source.change({ id: 1, version: 2, deleted: false });
    expect(queryClient.isFetching()).toBe(0);
    expect(reads.size).toBe(0);

    lists.set(1, 4);
    source.change({ id: 1, version: 4, deleted: false });
    expect(queryClient.isFetching()).toBeGreaterThan(0);
    await settled();
    expect(reads.get(detailPath)).toBe(1);
    expect(reads.get(indexPath)).toBe(1);
    expect(queryClient.getQueryData(watchlistKeys.detail(1))).toMatchObject({ version: 4 });
  });

  it('ignores an event that is not a change', async () => {
    const { reads, source, queryClient } = await rig();
    for (const data of [
      'not json',
      '{"id":1}',
      '{"id":1,"version":"9","deleted":false}',
      '{"id":-1,"version":9,"deleted":false}',
      'null',
      '[1,9,false]',
    ]) {
      source.send(data);
    }
    expect(queryClient.isFetching()).toBe(0);
    expect(reads.size).toBe(0);
  });

  it('a list it did not know of (new, or just shared) reads the index; a deleted one the list and the index', async () => {
    const { reads, source, lists, settled } = await rig();
    lists.set(7, 1);
    source.change({ id: 7, version: 1, deleted: false });
    await settled();
    expect(reads.get(indexPath)).toBe(1);
    // The open list is not read for a change of another one.
    expect(reads.get(detailPath)).toBeUndefined();

    lists.set(1, null);
    source.change({ id: 1, version: 3, deleted: true });
    await settled();
    expect(reads.get(detailPath)).toBe(1);
    expect(reads.get(indexPath)).toBe(2);
  });

  it("the tab's own write costs no extra read: its event waits for the write's answer", async () => {
    const { reads, source, lists, queryClient } = await rig();
    const write = await ownWrite(queryClient);
    lists.set(1, 4);
    // The server tells of the commit before the write's own answer arrives.
    source.change({ id: 1, version: 4, deleted: false });
    expect(queryClient.isFetching()).toBe(0);
    write.answer(4);
    await write.done;
    // The mutation cache tells its listeners on a timer queued when the write settled, before this one.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.get(detailPath)).toBeUndefined();
    expect(queryClient.getQueryData(watchlistKeys.detail(1))).toMatchObject({ version: 4 });
  });

  it("a change after the tab's own write is still read once the write is answered", async () => {
    const { reads, source, lists, queryClient, settled } = await rig();
    const write = await ownWrite(queryClient);
    lists.set(1, 5);
    // Someone else's change (5) came right after ours (4), before our answer.
    source.change({ id: 1, version: 4, deleted: false });
    source.change({ id: 1, version: 5, deleted: false });
    expect(queryClient.isFetching()).toBe(0);
    write.answer(4);
    await write.done;
    await waitFor(() => expect(reads.get(detailPath)).toBe(1));
    await settled();
    expect(queryClient.getQueryData(watchlistKeys.detail(1))).toMatchObject({ version: 5 });
  });

  it('a refused stream pauses and is tried again later; a released one closes', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    const live = createLiveWatchlists(queryClient, {
      connect: (url) => new FakeSource(url),
      document: null,
      pausedRetryMs: 30_000,
      releaseGraceMs: 1_000,
    });
    const release = live.acquire();
    lastSource().refuse();
    expect(live.getState()).toBe('paused');
    expect(lastSource().closed).toBe(true);
    vi.advanceTimersByTime(29_999);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    lastSource().open();
    expect(live.getState()).toBe('live');

    release();
    // Another watchlist page mounting within the grace keeps the stream.
    vi.advanceTimersByTime(500);
    const again = live.acquire();
    vi.advanceTimersByTime(5_000);
    expect(lastSource().closed).toBe(false);
    again();
    vi.advanceTimersByTime(1_000);
    expect(lastSource().closed).toBe(true);
    expect(FakeSource.made).toHaveLength(2);
  });

  it('a hidden tab closes its stream and opens a new one when shown', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const { source, live } = await rig({ document: page });
    page.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(source.closed).toBe(true);
    page.visibilityState = 'visible';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(FakeSource.made).toHaveLength(2);
    lastSource().open();
    expect(live.getState()).toBe('live');
  });

  it('is off where the browser has no EventSource', () => {
    const live = createLiveWatchlists(new QueryClient(), { connect: null, document: null });
    live.acquire();
    expect(live.getState()).toBe('off');
  });
});

// ---- the real pages ----

describe('the watchlist pages, live', () => {
  let ui: UiServer;
  beforeEach(async () => {
    vi.stubGlobal('EventSource', FakeSource);
    ui = await startUiServer();
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await ui.close();
  });

  it('shows a change made elsewhere when its event arrives, and says whether it is live', async () => {
    const list = await serverList(ui, '白酒', ['600519.SH']);
    renderAt(`/watchlists/${list.id}`);
    expect(await screen.findByText('贵州茅台')).toBeTruthy();
    const indicator = await screen.findByTestId('live-indicator');
    expect(indicator.textContent).toBe('连接实时同步…');
    act(() => lastSource().open());
    await waitFor(() => expect(indicator.textContent).toBe('实时同步'));

    // Another tab adds an item: the server commits it and tells the stream.
    const res = await ui.server.app.inject({
      method: 'POST',
      url: `/bff/watchlists/${list.id}/items`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ thscode: '000001.SZ', version: list.version }),
    });
    expect(res.statusCode).toBe(200);
    act(() => lastSource().change({ id: list.id, version: list.version + 1, deleted: false }));
    expect(await screen.findByText('平安银行')).toBeTruthy();

    act(() => lastSource().drop());
    await waitFor(() => expect(screen.getByTestId('live-indicator').textContent).toBe('重新连接中…'));
    // One stream for the tab, whatever happens.
    expect(FakeSource.made).toHaveLength(1);
  });
});

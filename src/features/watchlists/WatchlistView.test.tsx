// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  renderAt,
  serverList,
  serverShareWithTeam,
  serverState,
  startUiServer,
  type UiServer,
} from './ui.testkit';
import { columnPrefsKey } from '../../components/DataTable/columnPrefs';

/**
 * The list page against the real watchlist routes: add with the keyboard, move with Alt+arrows and by
 * dragging, notes (Enter saves, Esc cancels), remove, a change made meanwhile in another tab, and the
 * live columns from one batched snapshot.
 */

let ui: UiServer;

beforeEach(async () => {
  localStorage.clear();
  ui = await startUiServer();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await ui.close();
});

const table = () => screen.getByRole('table', { name: /的品种/ });
const shownCodes = () =>
  Array.from(table().querySelectorAll('button[data-code]')).map((b) => b.getAttribute('data-code'));
const handle = (code: string) => {
  const el = table().querySelector(`button[data-code="${code}"]`);
  if (!(el instanceof HTMLElement)) throw new Error(`no row ${code}`);
  return el;
};
const rowOf = (code: string) => {
  const row = handle(code).closest('tr');
  if (!row) throw new Error(`no row ${code}`);
  return row;
};
const writes = () => ui.requests.filter((r) => r.method !== 'GET' && r.url.pathname.startsWith('/bff/'));

async function openList(codes: string[], notes: Record<string, string> = {}, query = '') {
  const list = await serverList(ui, 'Core', codes, notes);
  const { router } = renderAt(`/watchlists/${list.id}${query}`);
  await screen.findByRole('heading', { level: 1, name: 'Core' });
  await waitFor(() => expect(shownCodes()).toEqual(codes));
  return Object.assign(list, { router });
}

describe('the list page', () => {
  it("links every row's code to its instrument's own page", async () => {
    await openList(['600519.SH', '510300.SH', '110022.OF', 'IF2609.CFX']);
    const hrefOf = (code: string) =>
      within(rowOf(code)).getByRole('link', { name: code }).getAttribute('href');
    expect(hrefOf('600519.SH')).toBe('/stock/600519.SH');
    expect(hrefOf('510300.SH')).toBe('/fund/510300.SH');
    expect(hrefOf('110022.OF')).toBe('/fund/110022.OF');
    expect(hrefOf('IF2609.CFX')).toBe('/futures/IF2609.CFX');
  });

  it('shows the items in their order with live figures from ONE snapshot for all A-shares', async () => {
    await openList(['600519.SH', '510300.SH', '000001.SZ']);
    expect(within(rowOf('600519.SH')).getByText('贵州茅台')).toBeTruthy();
    // 000001.SZ is the second code of the sorted request: last price 101.
    await waitFor(() => expect(within(rowOf('000001.SZ')).getByText('100.00')).toBeTruthy());
    const snapshots = ui.requests.filter((r) => r.url.pathname === '/api/a-share/prices/snapshot');
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]?.url.searchParams.get('thscodes')).toBe('000001.SZ,600519.SH');
    // The ETF asks its own operation; the A-share snapshot never carries it.
    expect(ui.requests.some((r) => r.url.pathname === '/api/fund/market/snapshot')).toBe(true);
  });

  it('shows when an A-share quote was read, marked as such, where the snapshot gives no time (thscodes sends null)', async () => {
    // Saturday: the quote read now stands for Friday's close.
    ui.serverNow = Date.parse('2026-07-18T11:00:00+08:00');
    ui.snapshotTimestamp = null;
    localStorage.setItem(columnPrefsKey('watchlist-items'), JSON.stringify({ time: true }));
    await openList(['600519.SH']);
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '');
    const column = headers.findIndex((h) => h.includes('数据时间'));
    expect(column).toBeGreaterThan(-1);
    await waitFor(() =>
      expect(rowOf('600519.SH').querySelectorAll('td, th')[column]?.textContent).toBe(
        '2026-07-17 15:00:00 读取',
      ),
    );
    const read = within(rowOf('600519.SH')).getByTitle(/服务未给出行情时间/);
    expect(read.textContent).toContain('2026-07-17 15:00:00');
  });

  it('adds with the keyboard: type, Enter, and the box is ready for the next one', async () => {
    const list = await openList(['600519.SH']);
    const box = screen.getByRole('combobox', { name: '添加品种' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '510300' } });
    await screen.findByRole('option', { name: /510300\.SH/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(shownCodes()).toEqual(['600519.SH', '510300.SH']));
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual([
        '600519.SH',
        '510300.SH',
      ]),
    );
    // An instrument already there is not sent again; the reader is told.
    fireEvent.change(box, { target: { value: '600519' } });
    await screen.findByRole('option', { name: /600519\.SH/ });
    const before = writes().length;
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText('贵州茅台（600519.SH）已在清单中。')).toBeTruthy();
    expect(writes()).toHaveLength(before);
  });

  it('Enter pressed before the search answered still adds, and text typed on meanwhile stays', async () => {
    const list = await openList([]);
    const box = screen.getByRole('combobox', { name: '添加品种' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '510300' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: '6005' } });
    await waitFor(() => expect(shownCodes()).toEqual(['510300.SH']));
    expect((box as HTMLInputElement).value).toBe('6005');
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual(['510300.SH']),
    );
  });

  it('a type watchlists cannot hold is refused with a reason, without a request', async () => {
    await openList([]);
    const box = screen.getByRole('combobox', { name: '添加品种' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'USDCNY' } });
    await screen.findByRole('option', { name: /USDCNY\.FX/ });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText(/自选清单不支持这类品种/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('Alt+↓ and Alt+↑ move the focused row, keep the focus on it and announce the new position', async () => {
    const list = await openList(['600519.SH', '000001.SZ', '510300.SH']);
    act(() => handle('600519.SH').focus());
    fireEvent.keyDown(handle('600519.SH'), { key: 'ArrowDown', altKey: true });
    expect(shownCodes()).toEqual(['000001.SZ', '600519.SH', '510300.SH']);
    expect(screen.getByTestId('watchlist-announcer').textContent).toBe('贵州茅台 已移到第 2 位，共 3 项');
    await waitFor(() => expect(document.activeElement).toBe(handle('600519.SH')));
    fireEvent.keyDown(handle('600519.SH'), { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(handle('510300.SH'), { key: 'ArrowUp', altKey: true });
    expect(shownCodes()).toEqual(['510300.SH', '000001.SZ', '600519.SH']);
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual([
        '510300.SH',
        '000001.SZ',
        '600519.SH',
      ]),
    );
    // Three quick moves, three writes, no conflict between them.
    expect(writes().filter((w) => w.method === 'PUT')).toHaveLength(3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('after a keyboard move, a note opened on another row keeps the focus when the list changes', async () => {
    const list = await openList(['600519.SH', '000001.SZ', '510300.SH']);
    act(() => handle('510300.SH').focus());
    fireEvent.keyDown(handle('510300.SH'), { key: 'ArrowUp', altKey: true });
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual([
        '600519.SH',
        '510300.SH',
        '000001.SZ',
      ]),
    );
    // A note saved, and another opened at once: the first one's answer changes the list meanwhile.
    fireEvent.click(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }));
    const first = within(rowOf('600519.SH')).getByRole('textbox');
    fireEvent.change(first, { target: { value: '目标 1800' } });
    fireEvent.keyDown(first, { key: 'Enter' });
    fireEvent.click(within(rowOf('000001.SZ')).getByRole('button', { name: /备注/ }));
    await waitFor(async () => expect((await serverState(ui, list.id)).items[0]?.note).toBe('目标 1800'));
    await waitFor(() =>
      expect(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }).textContent).toBe('目标 1800'),
    );
    // The moved row's handle does not take the focus back from the field being typed in.
    const second = within(rowOf('000001.SZ')).getByRole('textbox');
    expect(document.activeElement).toBe(second);
  });

  it('the first row does not move further up; it says so', async () => {
    await openList(['600519.SH', '000001.SZ']);
    fireEvent.keyDown(handle('600519.SH'), { key: 'ArrowUp', altKey: true });
    expect(screen.getByTestId('watchlist-announcer').textContent).toBe('贵州茅台 已经在第 1 位');
    expect(writes()).toEqual([]);
  });

  it('drops a dragged row before or after the row under the pointer', async () => {
    const list = await openList(['600519.SH', '000001.SZ', '510300.SH']);
    const target = rowOf('600519.SH');
    target.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 100, width: 500, height: 30 });
    fireEvent.dragStart(handle('510300.SH'), { dataTransfer: { setData: () => undefined } });
    // jsdom has no DragEvent: the pointer position is put on a plain event.
    const over = createEvent.dragOver(target, { dataTransfer: { dropEffect: 'none' } });
    Object.defineProperty(over, 'clientY', { value: 105 });
    fireEvent(target, over);
    expect(handle('600519.SH').getAttribute('data-drop')).toBe('before');
    fireEvent.drop(target);
    expect(shownCodes()).toEqual(['510300.SH', '600519.SH', '000001.SZ']);
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual([
        '510300.SH',
        '600519.SH',
        '000001.SZ',
      ]),
    );
  });

  it('while sorted by a column, rows do not move and the reader is told why', async () => {
    await openList(['600519.SH', '000001.SZ'], {}, '?sort=name.asc');
    expect(screen.getByText(/正在按列排序显示/)).toBeTruthy();
    const note = within(rowOf('600519.SH')).getByRole('button', { name: /备注/ });
    fireEvent.keyDown(note, { key: 'ArrowDown', altKey: true });
    expect(screen.getByTestId('watchlist-announcer').textContent).toBe('按列排序时不能调整顺序');
    expect(writes()).toEqual([]);
  });

  it('a column sort lives in the URL; restoring the own order drops it', async () => {
    const { router } = await openList(['600519.SH', '000001.SZ', '300750.SZ']);
    // The snapshot stub prices by position in the sorted request: 000001.SZ < 300750.SZ < 600519.SH.
    await waitFor(() => expect(within(rowOf('600519.SH')).getByText('102.00')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /^最新,/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'last.desc' }));
    expect(shownCodes()).toEqual(['600519.SH', '300750.SZ', '000001.SZ']);
    fireEvent.click(screen.getByRole('button', { name: '恢复自定义顺序' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(shownCodes()).toEqual(['600519.SH', '000001.SZ', '300750.SZ']);
  });

  it('notes: Enter saves, Esc cancels', async () => {
    const list = await openList(['600519.SH']);
    fireEvent.click(within(rowOf('600519.SH')).getByRole('button', { name: '编辑「贵州茅台」的备注' }));
    const field = within(rowOf('600519.SH')).getByRole('textbox', { name: '「贵州茅台」的备注' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: '目标 1800' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(async () => expect((await serverState(ui, list.id)).items[0]?.note).toBe('目标 1800'));
    expect(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }).textContent).toBe('目标 1800');

    fireEvent.click(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }));
    const again = within(rowOf('600519.SH')).getByRole('textbox');
    fireEvent.change(again, { target: { value: 'thrown away' } });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }).textContent).toBe('目标 1800');
    expect(writes().filter((w) => w.url.pathname.endsWith('/note'))).toHaveLength(1);
  });

  it('a note longer than the limit is not sent; the field says why', async () => {
    await openList(['600519.SH']);
    fireEvent.click(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }));
    const field = within(rowOf('600519.SH')).getByRole('textbox');
    fireEvent.change(field, { target: { value: 'x'.repeat(501) } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByText('备注最多 500 个字')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(writes()).toEqual([]);
  });

  it('remove takes the row out on the server', async () => {
    const list = await openList(['600519.SH', '000001.SZ']);
    fireEvent.click(screen.getByRole('button', { name: '从清单移除 贵州茅台' }));
    await waitFor(() => expect(shownCodes()).toEqual(['000001.SZ']));
    await waitFor(async () =>
      expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual(['000001.SZ']),
    );
  });

  it('a change made meanwhile in another tab is kept, the move re-applied on top, and the reader told', async () => {
    const list = await openList(['600519.SH', '000001.SZ']);
    // Another tab adds an item; this page still shows the old version.
    await ui.server.app.inject({
      method: 'POST',
      url: `/bff/watchlists/${list.id}/items`,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: JSON.stringify({ thscode: '510300.SH', version: list.version }),
    });
    fireEvent.keyDown(handle('000001.SZ'), { key: 'ArrowUp', altKey: true });
    expect(
      await screen.findByText(/清单刚在其他地方被修改过，已在最新版本上重新应用：移动 000001\.SZ/),
    ).toBeTruthy();
    const state = await serverState(ui, list.id);
    expect(state.items.map((i) => i.thscode)).toEqual(['000001.SZ', '600519.SH', '510300.SH']);
    await waitFor(() => expect(shownCodes()).toEqual(['000001.SZ', '600519.SH', '510300.SH']));
  });

  it('a note someone else changed meanwhile is not overwritten; the reader keeps their text', async () => {
    const list = await openList(['600519.SH']);
    fireEvent.click(within(rowOf('600519.SH')).getByRole('button', { name: /备注/ }));
    await ui.server.app.inject({
      method: 'PUT',
      url: `/bff/watchlists/${list.id}/items/600519.SH/note`,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: JSON.stringify({ note: 'theirs', version: list.version }),
    });
    const field = within(rowOf('600519.SH')).getByRole('textbox');
    fireEvent.change(field, { target: { value: 'mine' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('600519.SH 的备注已在其他地方改为「theirs」');
    expect(alert.textContent).toContain('你的内容：「mine」');
    expect((await serverState(ui, list.id)).items[0]?.note).toBe('theirs');
  });

  it("a colleague's team list is read-only: rows named by their code, no handle, note field or remove", async () => {
    const made = await serverList(
      ui,
      'Alice 团队',
      ['600519.SH', '000001.SZ'],
      { '600519.SH': '长线' },
      'alice',
    );
    const list = await serverShareWithTeam(ui, 'alice', made.id, made.version);
    ui.pageUser = 'bob';
    renderAt(`/watchlists/${list.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Alice 团队' });
    expect(screen.getByTestId('readonly-badge').textContent).toContain('alice');
    // Each row says its code (the code link's name is the code shown), its name and the owner's note.
    const row = await screen.findByRole('row', { name: /600519\.SH/ });
    expect(within(row).getByRole('link', { name: '600519.SH' }).getAttribute('href')).toBe(
      '/stock/600519.SH',
    );
    expect(row.textContent).toContain('贵州茅台');
    expect(row.textContent).toContain('长线');
    expect(screen.getByRole('row', { name: /000001\.SZ/ })).toBeTruthy();
    // Nothing that would change someone else's list.
    expect(screen.queryAllByRole('button', { name: /拖动以调整/ })).toEqual([]);
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(within(row).queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('button', { name: /从清单移除/ })).toEqual([]);
    expect(screen.queryByRole('combobox', { name: /添加品种/ })).toBeNull();
    // Alt+↓ on a row moves nothing and sends nothing.
    fireEvent.keyDown(within(row).getByRole('link', { name: '600519.SH' }), {
      key: 'ArrowDown',
      altKey: true,
    });
    expect(writes()).toEqual([]);
  });

  it('a list deleted elsewhere says so instead of showing stale items', async () => {
    renderAt('/watchlists/42');
    expect(await screen.findByText('清单 42 不存在，可能已被删除。')).toBeTruthy();
  });

  it('a malformed id is refused without asking the server', async () => {
    renderAt('/watchlists/abc');
    expect(await screen.findByText('不是有效的清单编号：abc')).toBeTruthy();
    expect(ui.requests.some((r) => r.url.pathname.startsWith('/bff/watchlists'))).toBe(false);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WATCHLIST_LIMITS } from '../../contract/watchlists';
import { renderAt, serverList, serverState, startUiServer, type UiServer } from './ui.testkit';

/**
 * The index (create, rename, delete with confirmation) and the import preview (share link or CSV file,
 * names resolved, refused lines listed, "save as new list") against the real watchlist routes.
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

async function lists() {
  const res = await ui.server.app.inject({ method: 'GET', url: '/bff/watchlists' });
  const body: unknown = res.json();
  if (typeof body !== 'object' || body === null || !('watchlists' in body) || !Array.isArray(body.watchlists))
    throw new Error('not a list of watchlists');
  return body.watchlists.map((w: unknown) =>
    typeof w === 'object' && w !== null && 'name' in w && 'id' in w ? { id: w.id, name: w.name } : null,
  );
}

/**
 * A name field refuses a blank name when `submit`ted, then one character too many as it is typed, each in
 * the reader's words (after `prefix`, the field's name where the form names it) and marked invalid.
 */
async function refusesEmptyThenLong(field: HTMLElement, submit: () => void, prefix = '') {
  fireEvent.change(field, { target: { value: '   ' } });
  submit();
  expect((await screen.findByRole('alert')).textContent).toBe(`${prefix}请输入名称`);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  fireEvent.change(field, { target: { value: '长'.repeat(WATCHLIST_LIMITS.name_length + 1) } });
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe(
      `${prefix}名称最多 ${WATCHLIST_LIMITS.name_length} 个字`,
    ),
  );
}

describe('the index', () => {
  it('creates a list from its name (Enter) and opens it', async () => {
    const { router } = renderAt('/watchlists');
    const field = await screen.findByLabelText('新清单名称');
    expect(await screen.findByText('还没有清单。在上面输入名称新建一个。')).toBeTruthy();
    fireEvent.change(field, { target: { value: '  白酒  ' } });
    fireEvent.submit(field);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/watchlists\/\d+$/));
    expect(await screen.findByRole('heading', { level: 1, name: '白酒' })).toBeTruthy();
    expect(await lists()).toEqual([{ id: 1, name: '白酒' }]);
  });

  it('refuses an empty or taken name with a reason', async () => {
    await serverList(ui, 'Core', []);
    renderAt('/watchlists');
    const field = await screen.findByLabelText('新清单名称');
    fireEvent.submit(field);
    expect((await screen.findByRole('alert')).textContent).toBe('请输入名称');
    fireEvent.change(field, { target: { value: 'core' } });
    fireEvent.submit(field);
    expect(await screen.findByText('已有同名的清单（不区分大小写），请换一个名称。')).toBeTruthy();
    expect(await lists()).toHaveLength(1);
  });

  it("refuses a name the contract refuses (too long, control characters) in the reader's words, without a write", async () => {
    renderAt('/watchlists');
    const field = await screen.findByLabelText('新清单名称');
    fireEvent.change(field, { target: { value: '长'.repeat(WATCHLIST_LIMITS.name_length + 1) } });
    fireEvent.submit(field);
    expect((await screen.findByRole('alert')).textContent).toBe(
      `名称最多 ${WATCHLIST_LIMITS.name_length} 个字`,
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // Changing the name takes the refusal away until the next try.
    fireEvent.change(field, { target: { value: 'Bank\u0007s' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.submit(field);
    expect((await screen.findByRole('alert')).textContent).toBe('名称不能含控制字符');
    expect(await lists()).toEqual([]);
  });

  it('renames in place: Enter saves, Esc cancels', async () => {
    await serverList(ui, 'Core', []);
    renderAt('/watchlists');
    fireEvent.click(await screen.findByRole('button', { name: '重命名 Core' }));
    const field = screen.getByRole('textbox', { name: '「Core」的新名称' });
    fireEvent.change(field, { target: { value: 'Banks' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.getByRole('link', { name: 'Core' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重命名 Core' }));
    fireEvent.change(screen.getByRole('textbox', { name: '「Core」的新名称' }), {
      target: { value: 'Banks' },
    });
    fireEvent.submit(screen.getByRole('textbox', { name: '「Core」的新名称' }));
    expect(await screen.findByRole('link', { name: 'Banks' })).toBeTruthy();
    expect(await lists()).toEqual([{ id: 1, name: 'Banks' }]);
  });

  it('keeps the rename open with the reason when the new name is refused, and sends nothing', async () => {
    await serverList(ui, 'Core', []);
    renderAt('/watchlists');
    fireEvent.click(await screen.findByRole('button', { name: '重命名 Core' }));
    const field = screen.getByRole('textbox', { name: '「Core」的新名称' });
    await refusesEmptyThenLong(field, () => fireEvent.submit(field));
    expect(await lists()).toEqual([{ id: 1, name: 'Core' }]);
  });

  it('deletes only after confirmation naming the list and its size', async () => {
    await serverList(ui, 'Core', ['600519.SH', '000001.SZ']);
    renderAt('/watchlists');
    fireEvent.click(await screen.findByRole('button', { name: '删除 Core' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('确定删除「Core」及其中的 2 个品种吗？');
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: '取消' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await lists()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '删除 Core' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '确定删除' }));
    await waitFor(async () => expect(await lists()).toEqual([]));
    expect(await screen.findByText('还没有清单。在上面输入名称新建一个。')).toBeTruthy();
  });

  it('a list that changed after the question is not deleted: the new size is shown and asked again', async () => {
    const list = await serverList(ui, 'Core', ['600519.SH']);
    renderAt('/watchlists');
    fireEvent.click(await screen.findByRole('button', { name: '删除 Core' }));
    // Meanwhile a colleague adds an item.
    await ui.server.app.inject({
      method: 'POST',
      url: `/bff/watchlists/${list.id}/items`,
      headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
      payload: JSON.stringify({ thscode: '000001.SZ', version: list.version }),
    });
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '确定删除' }));
    expect(
      await screen.findByText(
        '「Core」刚被其他地方修改过（现在有 2 个品种），所以没有删除。请确认是否仍要删除。',
      ),
    ).toBeTruthy();
    expect((await serverState(ui, list.id)).items).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '确定删除' }));
    await waitFor(async () => expect(await lists()).toEqual([]));
  });
});

describe('import', () => {
  it('a share link previews names, lists refused codes with reasons, and saves the rest as a new list', async () => {
    await serverList(ui, 'Shared', []);
    const notes = encodeURIComponent(JSON.stringify(['看好', '', 'x', '']));
    const { router } = renderAt(
      `/watchlists/import?name=Shared&codes=600519.SH,BAD,USDCNY.FX,000001.SZ,999999.SH&notes=${notes}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: '别人分享的清单' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('2 个品种可以保存'));
    const rows = screen.getAllByTestId('import-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['ok', 'unsupported', 'ok', 'unknown']);
    expect(rows[0]?.textContent).toContain('贵州茅台');
    const rejects = within(screen.getByTestId('import-rejects'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rejects).toEqual([
      '第 2 个代码 不是有效的代码：BAD',
      '第 3 个代码 USDCNY.FX 属于「外汇」，自选清单不支持',
      '第 5 个代码 找不到该品种：999999.SH',
    ]);
    // "Shared" is taken here: the proposed name is free.
    expect(screen.getByRole('textbox', { name: '清单名称' })).toHaveProperty('value', 'Shared (2)');
    fireEvent.click(screen.getByRole('button', { name: '保存为新清单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/watchlists/2'));
    const saved = await serverState(ui, 2);
    expect(saved.name).toBe('Shared (2)');
    expect(saved.items.map((i) => [i.thscode, i.note])).toEqual([
      ['600519.SH', '看好'],
      ['000001.SZ', ''],
    ]);
  });

  it('a CSV file is read, checked line by line and saved under the file’s name', async () => {
    const { router } = renderAt('/watchlists/import');
    const input = await screen.findByTestId('import-file');
    const file = new File(
      ['\uFEFFthscode,name,note\r\n510300.SH,沪深300ETF,"a, b"\r\n600519,x,y\r\n'],
      '核心.csv',
      {
        type: 'text/csv',
      },
    );
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('1 个品种可以保存'));
    expect(within(screen.getByTestId('import-rejects')).getByRole('listitem').textContent).toBe(
      '第 3 行 不是有效的代码：600519',
    );
    expect(screen.getByRole('textbox', { name: '清单名称' })).toHaveProperty('value', '核心');
    fireEvent.click(screen.getByRole('button', { name: '保存为新清单' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/watchlists/1'));
    expect((await serverState(ui, 1)).items.map((i) => [i.thscode, i.note])).toEqual([['510300.SH', 'a, b']]);
  });

  it('refuses an empty or too long list name, naming the field, without a write; a valid one is saved (Enter)', async () => {
    const { router } = renderAt('/watchlists/import?name=Core&codes=600519.SH');
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('1 个品种可以保存'));
    const field = screen.getByRole('textbox', { name: '清单名称' });
    const save = screen.getByRole('button', { name: '保存为新清单' });
    await refusesEmptyThenLong(field, () => fireEvent.click(save), '清单名称：');
    fireEvent.click(save);
    expect(screen.getByRole('alert').textContent).toContain('清单名称');
    expect(await lists()).toEqual([]);
    fireEvent.change(field, { target: { value: '  核心  ' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.submit(field);
    await waitFor(() => expect(router.state.location.pathname).toBe('/watchlists/1'));
    expect(await lists()).toEqual([{ id: 1, name: '核心' }]);
    expect((await serverState(ui, 1)).items.map((i) => i.thscode)).toEqual(['600519.SH']);
  });

  it('nothing to save keeps the button off and says so', async () => {
    renderAt('/watchlists/import?name=X&codes=BAD');
    await waitFor(() => expect(screen.getByTestId('import-status').textContent).toBe('没有可以保存的品种。'));
    expect(screen.getByRole('button', { name: '保存为新清单' })).toHaveProperty('disabled', true);
  });
});

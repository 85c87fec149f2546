// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, serverList, serverState, startUiServer, type UiServer } from './ui.testkit';

/** "Add to watchlist" in the stock view's header, against the real watchlist routes. */

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

async function openPanel() {
  renderAt('/stock/600519.SH');
  const header = await screen.findByTestId('stock-header', {}, { timeout: 5000 });
  fireEvent.click(within(header).getByRole('button', { name: '加入自选' }));
  return screen.getByRole('dialog', { name: '加入自选清单' });
}

describe('add to watchlist', () => {
  it('adds the instrument to a chosen list and links to it', async () => {
    const list = await serverList(ui, 'Core', ['000001.SZ']);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /Core/ }));
    expect(await within(panel).findByText(/已加入「Core」/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: '查看' }).getAttribute('href')).toBe(
      `/watchlists/${list.id}`,
    );
    expect((await serverState(ui, list.id)).items.map((i) => i.thscode)).toEqual(['000001.SZ', '600519.SH']);
  });

  it('says so when the instrument is already in the list, without a write', async () => {
    const list = await serverList(ui, 'Core', ['600519.SH']);
    const panel = await openPanel();
    fireEvent.click(await within(panel).findByRole('button', { name: /Core/ }));
    expect(await within(panel).findByText(/已在「Core」中/)).toBeTruthy();
    expect((await serverState(ui, list.id)).version).toBe(list.version);
  });

  it('creates a new list with the instrument in it', async () => {
    const panel = await openPanel();
    expect(await within(panel).findByText('还没有清单。')).toBeTruthy();
    const name = within(panel).getByRole('textbox', { name: '新清单名称' });
    fireEvent.change(name, { target: { value: '白酒' } });
    fireEvent.submit(name);
    expect(await within(panel).findByText(/已加入「白酒」/)).toBeTruthy();
    const saved = await serverState(ui, 1);
    expect([saved.name, saved.items.map((i) => i.thscode)]).toEqual(['白酒', ['600519.SH']]);
  });

  it('Esc closes the panel and gives the focus back to the button', async () => {
    const panel = await openPanel();
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '加入自选' }));
  });
});

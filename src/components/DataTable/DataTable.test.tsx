// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './DataTable';
import { columnPrefsKey } from './columnPrefs';
import { ApiError } from '../../contract/envelope';
import { formatPercent } from '../../lib/format';
import { renderWithProviders } from '../../lib/testing.testkit';

interface Quote {
  code: string;
  name: string;
  price: number | null;
  pct: number | null;
}

const quotes: Quote[] = [
  { code: '600519.SH', name: '贵州茅台', price: 1688.5, pct: 1.25 },
  { code: '000001.SZ', name: '平安银行', price: null, pct: null },
  { code: '300750.SZ', name: '宁德时代', price: 201.3, pct: -2.5 },
  { code: '000858.SZ', name: '五粮液', price: 150.02, pct: 0.5 },
];

const columns: DataColumn<Quote>[] = [
  { id: 'code', header: '代码', value: (q) => q.code, hideable: false },
  { id: 'name', header: '名称', value: (q) => q.name },
  { id: 'price', header: '最新价', value: (q) => q.price, numeric: true },
  {
    id: 'pct',
    header: '涨跌幅',
    value: (q) => q.pct,
    cell: (q) => formatPercent(q.pct, 'zh-CN', { sign: true }),
    numeric: true,
  },
];

function table() {
  return screen.getByRole('table', { name: '行情' });
}

function bodyRows(): HTMLElement[] {
  const [, body] = within(table()).getAllByRole('rowgroup');
  if (!body) throw new Error('no table body');
  return within(body)
    .queryAllByRole('row')
    .filter((row) => row.dataset['index'] !== undefined);
}

function column(index: number): string[] {
  return bodyRows().map((row) => row.querySelectorAll('td')[index]?.textContent ?? '');
}

function headerButton(name: RegExp) {
  return within(table()).getByRole('button', { name });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('DataTable', () => {
  it('shows formatted cells, a dash for null, and right-aligns numeric columns', () => {
    renderWithProviders(<DataTable id="t1" label="行情" columns={columns} rows={quotes} />);
    expect(column(0)).toEqual(['600519.SH', '000001.SZ', '300750.SZ', '000858.SZ']);
    expect(column(2)).toEqual(['1688.5', '—', '201.3', '150.02']);
    expect(column(3)).toEqual(['+1.25%', '—', '-2.50%', '+0.50%']);
    const priceCell = bodyRows()[0]?.querySelectorAll('td')[2];
    expect(priceCell?.className).toContain('dt__cell--num');
    expect(screen.getByText('4 行')).toBeTruthy();
  });

  it('sorts on header click (numbers largest first), keeps nulls last both ways, and says so in aria-sort', () => {
    renderWithProviders(<DataTable id="t2" label="行情" columns={columns} rows={quotes} />);
    fireEvent.click(headerButton(/涨跌幅/));
    expect(column(0)).toEqual(['600519.SH', '000858.SZ', '300750.SZ', '000001.SZ']);
    expect(
      headerButton(/涨跌幅/)
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.click(headerButton(/涨跌幅/));
    expect(column(0)).toEqual(['300750.SZ', '000858.SZ', '600519.SH', '000001.SZ']);
    expect(
      headerButton(/涨跌幅/)
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBe('ascending');
    // Text columns start ascending, in Chinese collation.
    fireEvent.click(headerButton(/代码/));
    expect(column(0)).toEqual(['000001.SZ', '000858.SZ', '300750.SZ', '600519.SH']);
    expect(
      headerButton(/涨跌幅/)
        .closest('th')
        ?.getAttribute('aria-sort'),
    ).toBeNull();
    // Headers are buttons, so Enter and Space sort from the keyboard.
    expect(headerButton(/代码/).tagName).toBe('BUTTON');
  });

  it('reports sorting to a controlled owner (view state kept in the URL)', () => {
    const onSortingChange = vi.fn();
    renderWithProviders(
      <DataTable
        id="t3"
        label="行情"
        columns={columns}
        rows={quotes}
        sorting={[{ id: 'price', desc: false }]}
        onSortingChange={onSortingChange}
      />,
    );
    expect(column(0)).toEqual(['000858.SZ', '300750.SZ', '600519.SH', '000001.SZ']);
    fireEvent.click(headerButton(/涨跌幅/));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'pct', desc: true }]);
    // The owner did not change its state: the table still shows its order.
    expect(column(0)).toEqual(['000858.SZ', '300750.SZ', '600519.SH', '000001.SZ']);
  });

  it('hides a column from the chooser and remembers it per table id', () => {
    const first = renderWithProviders(<DataTable id="t4" label="行情" columns={columns} rows={quotes} />);
    fireEvent.click(screen.getByText('列'));
    const chooser = screen.getByRole('group', { name: '显示的列' });
    // The always-visible code column is not offered.
    expect(within(chooser).queryByLabelText('代码')).toBeNull();
    fireEvent.click(within(chooser).getByLabelText('名称'));
    expect(within(table()).queryByRole('columnheader', { name: /名称/ })).toBeNull();
    expect(localStorage.getItem(columnPrefsKey('t4'))).toContain('"name":false');
    first.unmount();

    renderWithProviders(<DataTable id="t4" label="行情" columns={columns} rows={quotes} />);
    expect(within(table()).queryByRole('columnheader', { name: /名称/ })).toBeNull();
    expect(within(table()).getByRole('columnheader', { name: /最新价/ })).toBeTruthy();
    cleanup();
    // Another table id has its own choice.
    renderWithProviders(<DataTable id="t5" label="行情" columns={columns} rows={quotes} />);
    expect(within(table()).getByRole('columnheader', { name: /名称/ })).toBeTruthy();
  });

  it('never lets the last hideable column go', () => {
    localStorage.setItem(columnPrefsKey('t6'), JSON.stringify({ name: false, price: false }));
    renderWithProviders(<DataTable id="t6" label="行情" columns={columns} rows={quotes} />);
    fireEvent.click(screen.getByText('列'));
    const last = screen.getByLabelText('涨跌幅');
    expect(last instanceof HTMLInputElement && last.disabled).toBe(true);
  });

  it('exports the exact values of the visible columns in the shown order, as UTF-8 with a BOM', async () => {
    const exported: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      exported.push(blob);
      return 'blob:test';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    localStorage.setItem(columnPrefsKey('t7'), JSON.stringify({ name: false }));
    renderWithProviders(
      <DataTable id="t7" label="行情" columns={columns} rows={quotes} exportName="行情 列表" />,
    );
    fireEvent.click(headerButton(/涨跌幅/));
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(clicks.mock.contexts[0]).toMatchObject({ download: '行情_列表.csv' });
    const [blob] = exported;
    if (!blob) throw new Error('nothing exported');
    const bytes = await new Promise<Uint8Array>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => {
        if (reader.result instanceof ArrayBuffer) resolve(new Uint8Array(reader.result));
        else reject(new Error('not read as bytes'));
      };
      reader.onerror = () => reject(reader.error ?? new Error('read failed'));
      reader.readAsArrayBuffer(blob);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe(
      '代码,最新价,涨跌幅\r\n600519.SH,1688.5,1.25\r\n000858.SZ,150.02,0.5\r\n300750.SZ,201.3,-2.5\r\n000001.SZ,,\r\n',
    );
  });

  it('opens a row on click and on Enter, and moves between rows with the arrow keys', () => {
    const onRowClick = vi.fn();
    renderWithProviders(
      <DataTable id="t8" label="行情" columns={columns} rows={quotes} onRowClick={onRowClick} />,
    );
    const [first, second] = bodyRows();
    if (!first || !second) throw new Error('rows missing');
    fireEvent.click(first);
    expect(onRowClick).toHaveBeenLastCalledWith(quotes[0]);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(onRowClick).toHaveBeenLastCalledWith(quotes[1]);
    expect(onRowClick).toHaveBeenCalledTimes(2);
  });

  it('marks the rows its owner chose (the row whose detail is open)', () => {
    renderWithProviders(
      <DataTable
        id="t12"
        label="行情"
        columns={columns}
        rows={quotes}
        onRowClick={() => undefined}
        isRowSelected={(q) => q.code === '300750.SZ'}
      />,
    );
    expect(bodyRows().map((row) => row.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
      'true',
      'false',
    ]);
  });

  it('keeps its layout with skeleton rows while loading, then says when there is nothing', () => {
    renderWithProviders(<DataTable id="t9" label="行情" columns={columns} rows={undefined} loading />);
    expect(table().closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    expect(table().querySelectorAll('.dt__row--skeleton').length).toBeGreaterThan(0);
    expect(within(table()).getAllByRole('columnheader')).toHaveLength(4);
    cleanup();
    renderWithProviders(<DataTable id="t9" label="行情" columns={columns} rows={[]} />);
    expect(within(table()).getByText('暂无数据')).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出 CSV' })).toHaveProperty('disabled', true);
  });

  it("shows the service's error code inside the table", () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <DataTable
        id="t10"
        label="行情"
        columns={columns}
        rows={undefined}
        error={new ApiError({ code: 3002, message: 'data not ready' })}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('3002');
    fireEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders only the rows in view for a long list, and follows scrolling', () => {
    // jsdom lays nothing out: give the scroll area a height of 10 rows of 28 px.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
    const many: Quote[] = Array.from({ length: 5000 }, (_, i) => ({
      code: `${String(i).padStart(6, '0')}.SZ`,
      name: `股票${i}`,
      price: i,
      pct: null,
    }));
    renderWithProviders(<DataTable id="t11" label="行情" columns={columns} rows={many} />);
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(60);
    expect(screen.getByText('5000 行')).toBeTruthy();
    const scroller = table().closest('.dt__scroll');
    if (!(scroller instanceof HTMLElement)) throw new Error('no scroll area');
    act(() => {
      scroller.scrollTop = 28 * 3000;
      fireEvent.scroll(scroller);
    });
    expect(column(0)).toContain('003000.SZ');
    expect(column(0)).not.toContain('000000.SZ');
  });
});

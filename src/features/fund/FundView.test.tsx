// @vitest-environment jsdom
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Fastify from 'fastify';
import { watchlistsPlugin } from '../../../server/watchlists/routes';
import { findDrawnTable, renderAppAt } from '../../app.testkit';
import { catalog } from '../../contract/catalog';
import { WATCHLISTS_BASE_PATH, watchlistLookupParams, watchlistSchema } from '../../contract/watchlists';
import { formatNumber, formatPercent, formatShanghaiDate } from '../../lib/format';
import { languagePreference } from '../../lib/i18n';
import { requestOf } from '../../lib/testing.testkit';
import { premiumPct } from './premium';
import { simulatedFundPages } from './simulated-fetch.testkit';

// The simulator builds its fund universe on the first fund call: done once, not inside a test.
const sim = simulatedFundPages();

/** The fund operations the page called, with the `fund_type` each one carried. */
function fundCalls(): { path: string; fundType: string | null }[] {
  return sim.requests
    .filter((u) => u.pathname.startsWith('/api/fund/'))
    .map((u) => ({ path: u.pathname, fundType: u.searchParams.get('fund_type') }));
}

describe('fund page', () => {
  it('locates an off-exchange fund by the search’s asset type: every call sends fund_type=otc, no exchange data', async () => {
    renderAppAt('/fund/005827.OF?tab=performance');
    const returns = await screen.findByRole('table', { name: '阶段收益' }, { timeout: 20_000 });
    await waitFor(() =>
      expect(within(returns).getAllByText(/^(优秀|良好|一般|不佳)$/).length).toBeGreaterThan(0),
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('中欧医疗健康混合A');
    expect(screen.getByTestId('fund-type').textContent).toBe('场外基金');
    const calls = fundCalls();
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([
        catalog['fund/profile/detail'].path,
        catalog['fund/performance/returns'].path,
        catalog['fund/performance/drawdowns'].path,
      ]),
    );
    expect(calls.every((c) => c.fundType === 'otc')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/fund/market/'))).toBe(false);
    // Since inception and year to date have no peer ranking: a dash, never a made-up quartile.
    const since = within(returns).getByText('成立以来').closest('tr');
    expect(since?.textContent).toContain('—');
  }, 60_000);

  it('shows an ETF’s exchange price and its premium to the newest unit net value, computed from both answers', async () => {
    renderAppAt('/fund/510300.SH');
    const premium = await screen.findByTestId('etf-premium', {}, { timeout: 20_000 });
    const nav = await sim.client.fetchOperation('fund/performance/nav', {
      thscode: '510300.SH',
      fund_type: 'exchange',
      range: 'week',
    });
    const quote = await sim.client.fetchOperation('fund/market/snapshot', { thscode: '510300.SH' });
    const last = nav.item[nav.item.length - 1];
    const unit = last?.unit_nav;
    const price = quote.item[0]?.last_price;
    const expected = premiumPct(price, unit);
    if (expected === null) throw new Error('no premium');
    await waitFor(() =>
      expect(premium.textContent).toBe(`${expected >= 0 ? '+' : ''}${expected.toFixed(2)}%`),
    );
    expect(screen.getByTestId('nav-date').textContent).toBe(formatShanghaiDate(last?.nav_date));
    const calls = fundCalls();
    expect(
      calls.filter((c) => c.path.startsWith('/api/fund/market/')).every((c) => c.fundType === null),
    ).toBe(true);
    expect(
      calls.filter((c) => !c.path.startsWith('/api/fund/market/')).every((c) => c.fundType === 'exchange'),
    ).toBe(true);
  }, 60_000);

  it('says plainly that a LOF has no exchange quote or candles here (3004), with a way back to its net value', async () => {
    const router = renderAppAt('/fund/161725.SZ?chart=market');
    const refused = await screen.findByTestId('chart-refused', {}, { timeout: 20_000 });
    expect(refused.textContent).toContain('该基金类型不提供此项数据');
    expect(refused.textContent).toContain('3004');
    await waitFor(() =>
      expect(screen.getByTestId('fund-header').textContent).toContain('该基金类型不提供此项数据'),
    );
    fireEvent.click(within(refused).getByRole('button', { name: '改看净值走势' }));
    // The default view is left out of the URL.
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('chart'));
    await waitFor(() => expect(screen.queryByTestId('chart-refused')).toBeNull());
  }, 60_000);

  it('offers exactly the disclosed report dates, opens the linked one, and compares it with the previous report', async () => {
    const router = renderAppAt('/fund/005827.OF?tab=portfolio&sdate=2025-12-31&stype=quarter');
    const picker = await screen.findByTestId('stock-report-picker', {}, { timeout: 20_000 });
    const dates = await sim.client.fetchOperation('fund/portfolio/stock-report-dates', {
      thscode: '005827.OF',
      fund_type: 'otc',
    });
    const expected = dates.item.map((r) => `${String(r.report_type)}|${formatShanghaiDate(r.end_date_ms)}`);
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(expected);
    expect(picker).toHaveProperty('value', 'quarter|2025-12-31');
    const section = screen.getByTestId('stock-holdings');
    await waitFor(() => expect(section.textContent).toContain('对比上期 2025-09-30'));
    // A-share holdings link to their stock view.
    const table = within(section).getByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('link').length).toBeGreaterThan(0));
    expect(within(table).getAllByRole('link')[0]?.getAttribute('href')).toMatch(/^\/stock\/\d{6}\.(SH|SZ)$/);

    fireEvent.change(picker, { target: { value: expected[0] } });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ sdate: expected[0]?.split('|')[1] }),
    );
  }, 60_000);

  it('explains a link to a report that was never disclosed and shows the newest instead', async () => {
    renderAppAt('/fund/005827.OF?tab=portfolio&sdate=2024-02-29');
    const section = await screen.findByTestId('stock-holdings', {}, { timeout: 20_000 });
    await waitFor(() => expect(section.textContent).toContain('链接中的报告期 2024-02-29 未披露'));
  }, 60_000);

  it('sends a stock’s code to its stock page, and names a code that does not exist and one that is malformed', async () => {
    const router = renderAppAt('/fund/600519.SH');
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/600519.SH'), { timeout: 20_000 });
    expect(
      await screen.findByRole('heading', { level: 1, name: '贵州茅台' }, { timeout: 20_000 }),
    ).toBeTruthy();
    cleanup();
    renderAppAt('/fund/999999.OF');
    expect((await screen.findByRole('alert', {}, { timeout: 20_000 })).textContent).toBe(
      '未找到代码为 999999.OF 的基金',
    );
    cleanup();
    renderAppAt('/fund/510300');
    expect((await screen.findByRole('alert')).textContent).toContain('不是有效的基金代码：510300');
    expect(fundCalls()).toEqual([]);
  }, 60_000);

  it('sends an ETF opened as a stock to its fund page', async () => {
    const router = renderAppAt('/stock/510300.SH');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fund/510300.SH'), { timeout: 20_000 });
    expect(await screen.findByRole('heading', { level: 1, name: /沪深300ETF华泰柏瑞/ })).toBeTruthy();
    // The stock loader starts its quote and chart beside the instrument lookup (no waterfall, issue 16),
    // so an ETF's code on /stock/ costs those two requests before the redirect; the fund page is what shows.
  }, 60_000);
});

/** The `data-testid`s of the chart legend's entries, in order (`legend-date` first). */
function legendIds(): string[] {
  return [...screen.getByTestId('chart-legend').querySelectorAll('dd[data-testid]')].map(
    (dd) => dd.getAttribute('data-testid') ?? '',
  );
}

/** A DataTable's own toolbar (export, columns) is in its wrapper, beside the table. */
function tableBox(table: HTMLElement): HTMLElement {
  const box = table.closest<HTMLElement>('.dt');
  if (!box) throw new Error('not a shared DataTable');
  return box;
}

/** The rows of a table's body (the header row left out). */
function bodyRows(table: HTMLElement): HTMLElement[] {
  return within(table).getAllByRole('row').slice(1);
}

/** Clicks the table's CSV export and returns the file name it offered. */
function exportedName(table: HTMLElement): string {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:test'), revokeObjectURL: vi.fn() }),
  );
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  fireEvent.click(within(tableBox(table)).getByRole('button', { name: '导出 CSV' }));
  const anchor = clicks.mock.contexts[0];
  clicks.mockRestore();
  return anchor instanceof HTMLAnchorElement ? anchor.download : '';
}

describe('fund page views', () => {
  it('draws the comparison lines the link names in the return view, re-based to its start, and a toggle rewrites the link', async () => {
    const code = '005827.OF';
    const router = renderAppAt(`/fund/${code}?chart=return&cmp=manager,peer`);
    const switches = await screen.findByTestId('line-switch', {}, { timeout: 20_000 });
    const pressed = () =>
      within(switches)
        .getAllByRole('button')
        .map((b) => `${b.textContent ?? ''}:${b.getAttribute('aria-pressed') ?? ''}`);
    expect(pressed()).toEqual(['基金经理:true', '同类平均:true', '业绩基准:false']);

    // The expectation from the service's own answers: the fund's adjusted net value and the manager's
    // lines, all re-based to the first day on which every one of them has a value.
    const profile = await sim.client.fetchOperation('fund/profile/detail', {
      thscode: code,
      fund_type: 'otc',
    });
    const managerId = profile.item[0]?.manager_info?.[0]?.manager_id;
    if (managerId === undefined) throw new Error('no manager');
    const [nav, mgr] = await Promise.all([
      sim.client.fetchOperation('fund/performance/nav', {
        thscode: code,
        fund_type: 'otc',
        range: 'year',
        nav_type: 'unit,adj',
      }),
      sim.client.fetchOperation('fund/managers/performance', { manager_id: managerId, range: 'year' }),
    ]);
    const adj = new Map(
      nav.item.flatMap((p) =>
        typeof p.adj_nav === 'number' && p.adj_nav > 0 ? [[p.nav_date, p.adj_nav]] : [],
      ),
    );
    const lineOf = (pick: (r: (typeof mgr.item)[number]) => number | null) =>
      new Map(
        mgr.item.flatMap((r) => {
          const v = pick(r);
          return typeof v === 'number' ? [[r.date_ms, v]] : [];
        }),
      );
    const manager = lineOf((r) => r.manager_return_pct);
    const peer = lineOf((r) => r.peer_return_pct);
    const days = [...adj.keys()].sort((a, b) => a - b);
    const start = days.find((d) => manager.has(d) && peer.has(d));
    const last = days[days.length - 1];
    if (start === undefined || last === undefined) throw new Error('no common start');
    const rebased = (line: Map<number, number>) => {
      const base = line.get(start);
      const now = line.get(last);
      return base === undefined || now === undefined ? null : ((1 + now / 100) / (1 + base / 100) - 1) * 100;
    };
    const pct = (v: number | null) => formatPercent(v, 'zh-CN', { sign: true });
    const fundReturn = ((adj.get(last) ?? Number.NaN) / (adj.get(start) ?? Number.NaN) - 1) * 100;

    await waitFor(() => expect(screen.getByTestId('legend-peer').textContent).not.toBe('—'));
    expect(legendIds()).toEqual(['legend-date', 'legend-fund', 'legend-manager', 'legend-peer']);
    expect(screen.getByTestId('legend-date').textContent).toBe(formatShanghaiDate(last));
    expect(screen.getByTestId('legend-fund').textContent).toBe(pct(fundReturn));
    expect(screen.getByTestId('legend-manager').textContent).toBe(pct(rebased(manager)));
    expect(screen.getByTestId('legend-peer').textContent).toBe(pct(rebased(peer)));
    expect(screen.getByTestId('nav-panel').textContent).toContain(formatShanghaiDate(start));

    fireEvent.click(within(switches).getByRole('button', { name: '业绩基准' }));
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ cmp: 'manager,peer,benchmark' }),
    );
    await waitFor(() => expect(legendIds()).toContain('legend-benchmark'));
    // Manager off again: peer and benchmark are the default, which the link leaves out.
    fireEvent.click(within(switches).getByRole('button', { name: '基金经理' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('cmp'));
    expect(legendIds()).toEqual(['legend-date', 'legend-fund', 'legend-peer', 'legend-benchmark']);
  }, 60_000);

  it('lists a fund’s dividends with their Shanghai ex-dates (the same ones the chart marks)', async () => {
    const code = '510880.SH';
    renderAppAt(`/fund/${code}`);
    const panel = await screen.findByTestId('dividends-panel', {}, { timeout: 20_000 });
    const dividends = await sim.client.fetchOperation('fund/corporate-actions/dividends', {
      thscode: code,
      fund_type: 'exchange',
    });
    expect(dividends.item.length).toBeGreaterThan(1);
    const table = await findDrawnTable('分红记录');
    expect(panel.contains(table)).toBe(true);
    expect(bodyRows(table)).toHaveLength(dividends.item.length);
    const exDates = bodyRows(table).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(exDates).toEqual(
      [...dividends.item]
        .sort((a, b) => (b.ex_dividend_date_ms ?? 0) - (a.ex_dividend_date_ms ?? 0))
        .map((d) => formatShanghaiDate(d.ex_dividend_date_ms)),
    );
  }, 60_000);

  it('shows one disclosure basis at a time and switches to the other from the link’s switch', async () => {
    const code = '003095.OF';
    const router = renderAppAt(`/fund/${code}?tab=holders`);
    const section = await screen.findByTestId('holder-structure', {}, { timeout: 20_000 });
    const holders = await sim.client.fetchOperation('fund/holders/detail', {
      thscode: code,
      fund_type: 'otc',
      merge_scope: 'all',
    });
    const merged = holders.item.find((h) => h.merge_scope === 'merged');
    const separate = holders.item.find((h) => h.merge_scope === 'separate');
    if (!merged || !separate) throw new Error('the fixture fund discloses both bases');
    const ratios = () => within(section).getByTestId('holder-ratios').textContent ?? '';
    const shares = (h: typeof merged) => [
      formatPercent(h.ins_position, 'zh-CN'),
      formatPercent(h.psnl_rate, 'zh-CN'),
    ];
    await waitFor(() => expect(ratios()).toContain(shares(merged)[0]));
    expect(ratios()).toContain(shares(merged)[1]);
    const basis = within(section).getByTestId('basis-switch');
    expect(within(basis).getByRole('button', { name: '合并' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(basis).getByRole('button', { name: '分级' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ basis: 'separate' }));
    await waitFor(() => expect(ratios()).toContain(shares(separate)[0]));
    expect(ratios()).toContain(shares(separate)[1]);
    expect(ratios()).not.toContain(shares(merged)[0]);
    expect(within(basis).getByRole('button', { name: '分级' }).getAttribute('aria-pressed')).toBe('true');
  }, 60_000);

  it('switches the financial statement, its periods newest first', async () => {
    const code = '005827.OF';
    const router = renderAppAt(`/fund/${code}?tab=financials`);
    expect(await screen.findByRole('table', { name: '主要财务指标' }, { timeout: 20_000 })).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('statement-switch')).getByRole('button', { name: '利润表' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ statement: 'income' }));
    const table = await screen.findByRole('table', { name: '利润表' });
    expect(screen.queryByRole('table', { name: '主要财务指标' })).toBeNull();
    const income = await sim.client.fetchOperation('fund/financials/income-statements', {
      thscode: code,
      fund_type: 'otc',
    });
    const periods = within(table)
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => h.textContent?.match(/\d{4}-\d{2}-\d{2}/)?.[0]);
    expect(periods).toEqual(
      [...income.item]
        .sort((a, b) => b.end_date_ms - a.end_date_ms)
        .map((p) => formatShanghaiDate(p.end_date_ms)),
    );
  }, 60_000);

  it('draws the tools tab’s chosen indicators as lines and as a table with the fund’s own row', async () => {
    const code = '005827.OF';
    const router = renderAppAt(`/fund/${code}?tab=tools&ind=unit_nav,fund_scale`);
    const line = await screen.findByTestId('indicator-line', {}, { timeout: 20_000 });
    await waitFor(() =>
      expect(
        within(line)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['单位净值', '基金规模']),
    );
    const lineCall = sim.requests.find((u) => u.pathname === catalog['fund/indicators/line'].path);
    expect(JSON.parse(lineCall?.searchParams.get('indexes') ?? 'null')).toEqual([
      { thscodes: [code], index_info: [{ index_id: 'unit_nav' }, { index_id: 'fund_scale' }] },
    ]);

    const table = await findDrawnTable('指标对比表');
    expect(screen.getByTestId('indicator-table').contains(table)).toBe(true);
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent ?? '');
    expect(headers().some((h) => h.includes('单位净值'))).toBe(true);
    expect(headers().some((h) => h.includes('基金规模'))).toBe(true);
    const own = bodyRows(table).find((row) => row.textContent?.includes(code));
    expect(own?.getAttribute('aria-selected')).toBe('true');
    // The fund's unit net value in the table is the newest one the service has.
    const latest = await sim.client.fetchOperation('fund/performance/nav', {
      thscode: code,
      fund_type: 'otc',
      range: 'week',
    });
    const unit = latest.item[latest.item.length - 1]?.unit_nav;
    expect(own?.textContent).toContain(formatNumber(unit, 'zh-CN', 4));

    fireEvent.click(
      within(screen.getByTestId('indicator-picker')).getByRole('checkbox', { name: '累计净值' }),
    );
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ ind: 'unit_nav,accumulated_nav,fund_scale' }),
    );
    await waitFor(() => expect(headers().some((h) => h.includes('累计净值'))).toBe(true));
  }, 60_000);

  it('lists only the purchasable QDII funds with buy=yes, every fund without it', async () => {
    const router = renderAppAt('/fund/005827.OF?tab=tools&buy=yes');
    const panel = await screen.findByTestId('quota-panel', {}, { timeout: 20_000 });
    const count = async (buy?: boolean) => {
      const tab = JSON.stringify(['remen']);
      const list = await sim.client.fetchOperation(
        'fund/quota/list',
        buy === undefined ? { tab } : { tab, buy },
      );
      return list.flatMap((c) => c.sub_tab.flatMap((s) => s.fund_list.map((f) => f.thscode)));
    };
    const purchasable = await count(true);
    const all = await count();
    expect(purchasable.length).toBeLessThan(all.length);
    const codes = async () => {
      const table = await within(panel).findByRole('table', { name: 'QDII 额度' });
      return bodyRows(table).map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    };
    await waitFor(async () => expect(await codes()).toHaveLength(purchasable.length));
    const buy = within(panel).getByTestId('buy-filter');
    expect(within(buy).getByRole('button', { name: '可申购' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(buy).getByRole('button', { name: '全部' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('buy'));
    await waitFor(async () => expect(await codes()).toHaveLength(all.length));
  }, 60_000);

  it('offers exactly the disclosed bond report dates, newest first', async () => {
    const code = '005827.OF';
    const router = renderAppAt(`/fund/${code}?tab=portfolio`);
    const picker = await screen.findByTestId('bond-report-picker', {}, { timeout: 20_000 });
    const dates = await sim.client.fetchOperation('fund/portfolio/bond-report-dates', {
      thscode: code,
      fund_type: 'otc',
    });
    const expected = dates.item.map((r) => `${String(r.report_type)}|${formatShanghaiDate(r.end_date_ms)}`);
    expect(expected.length).toBeGreaterThan(1);
    const options = within(picker)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(expected);
    expect(picker).toHaveProperty('value', expected[0]);
    const older = expected[1] ?? '';
    fireEvent.change(picker, { target: { value: older } });
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        bdate: older.split('|')[1],
        btype: older.split('|')[0],
      }),
    );
  }, 60_000);

  it('renders in English: tabs, table names, quartiles and the fund type; dates stay Shanghai dates', async () => {
    languagePreference.write('en');
    try {
      renderAppAt('/fund/005827.OF?tab=performance');
      const returns = await screen.findByRole('table', { name: 'Returns by period' }, { timeout: 20_000 });
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Overview',
        'Performance',
        'Portfolio',
        'Holders & managers',
        'Financials',
        'Tools',
      ]);
      expect(screen.getByTestId('fund-type').textContent).toBe('Mutual fund');
      await waitFor(() =>
        expect(within(returns).getAllByText(/^(Top|Good|Average|Poor)$/).length).toBeGreaterThan(0),
      );
      expect(within(returns).queryAllByText(/^(优秀|良好|一般|不佳)$/)).toHaveLength(0);
      expect(await screen.findByRole('table', { name: 'Scores by dimension' })).toBeTruthy();
      expect(screen.getByRole('table', { name: 'Returns by holding period' })).toBeTruthy();
      expect(screen.getByTestId('nav-date').textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    } finally {
      languagePreference.write('zh-CN');
    }
  }, 60_000);

  it('puts the diagnosis and the manager’s assessment in the shared tables: sortable, exported under their names', async () => {
    const code = '005827.OF';
    renderAppAt(`/fund/${code}?tab=performance`);
    const dims = await findDrawnTable('诊断维度得分', 20_000);
    const diagnosis = await sim.client.fetchOperation('fund/diagnostics/detail', {
      thscode: code,
      fund_type: 'otc',
    });
    const scores = Object.values(diagnosis.item[0]?.dimensions ?? {}).filter(
      (v): v is number => typeof v === 'number',
    );
    expect(bodyRows(dims)).toHaveLength(scores.length);
    fireEvent.click(within(dims).getByRole('button', { name: /^得分/ }));
    const shown = () => bodyRows(dims).map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    // Numeric columns sort largest first.
    expect(shown()).toEqual([...scores].sort((a, b) => b - a).map((v) => formatNumber(v, 'zh-CN', 1)));
    expect(exportedName(dims)).toBe(`${code}-diagnosis.csv`);

    const holding = await findDrawnTable('持有期收益');
    expect(bodyRows(holding).length).toBeGreaterThan(0);
    expect(exportedName(holding)).toBe(`${code}-holding-periods.csv`);

    cleanup();
    renderAppAt(`/fund/${code}?tab=holders`);
    // One table per documented radar node (a fund category over a horizon), named by both.
    const radar = await findDrawnTable('能力评价（混合型 · 近1年）', 20_000);
    expect(bodyRows(radar).map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toContain(
      '收益能力',
    );
    expect(within(radar).getByRole('button', { name: /^同类/ })).toBeTruthy();
    expect(exportedName(radar)).toMatch(/^manager-[\w-]+-assessment-[^.]+\.csv$/);
  }, 60_000);

  it('adds the fund to a watchlist from its header', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fund-watchlists-'));
    const lists = Fastify({ logger: false });
    lists.register(watchlistsPlugin, {
      prefix: WATCHLISTS_BASE_PATH,
      dbPath: join(dir, 'watchlists.sqlite'),
      // The store checks codes with the same search the app uses (here the simulator's).
      resolveInstrument: async (thscode) => {
        const found = await sim.client.fetchOperation('meta/tickers/search', watchlistLookupParams(thscode));
        const hit = found.item.find((i) => i.thscode === thscode);
        return hit ? { thscode, name: hit.name, asset_type: hit.asset_type } : null;
      },
    });
    await lists.ready();
    vi.stubGlobal('fetch', async (input: unknown, init?: RequestInit) => {
      const url = requestOf(input);
      if (!url.pathname.startsWith(WATCHLISTS_BASE_PATH)) return sim.fetch(input);
      const method = init?.method ?? 'GET';
      const res = await lists.inject({
        method:
          method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH' ? method : 'GET',
        url: url.pathname + url.search,
        headers: { origin: 'http://localhost:80', 'content-type': 'application/json' },
        payload: typeof init?.body === 'string' ? init.body : undefined,
      });
      return new Response(res.statusCode === 204 ? null : res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      renderAppAt('/fund/005827.OF');
      const header = await screen.findByTestId('fund-header', {}, { timeout: 20_000 });
      fireEvent.click(within(header).getByRole('button', { name: '加入自选' }));
      const panel = screen.getByRole('dialog', { name: '加入自选清单' });
      const name = await within(panel).findByRole('textbox', { name: '新清单名称' });
      fireEvent.change(name, { target: { value: '基金' } });
      fireEvent.submit(name);
      expect(await within(panel).findByText(/已加入「基金」/, {}, { timeout: 10_000 })).toBeTruthy();
      const saved = watchlistSchema.parse(
        (await lists.inject({ method: 'GET', url: `${WATCHLISTS_BASE_PATH}/1` })).json(),
      );
      expect(saved.items.map((i) => [i.thscode, i.asset_type])).toEqual([['005827.OF', 'fund-otc']]);
    } finally {
      await lists.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

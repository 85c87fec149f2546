import { z } from 'zod';
import { apiData } from './api';
import { expect, test } from './fixtures';

/**
 * Valuations on the simulator pinned at 2026-07-15 10:10 Shanghai, from a browser in New York: the stock
 * header's ratios and a sector's constituent columns are the valuation snapshot's answer for those codes,
 * formatted as the page formats ratios (two decimals, zh-CN grouping); the header's dividend yield is
 * the cash that went ex in the last year over the last price.
 */

const NOW = Date.parse('2026-07-15T10:10:00+08:00');
const YEAR_MS = 365 * 24 * 3600 * 1000;

const valuation = z.object({
  thscode: z.string(),
  pe_ttm: z.number().nullable(),
  pe_mrq: z.number().nullable(),
  pb_mrq: z.number().nullable(),
});
const valuations = z.object({ item: z.array(valuation) });

const ratioFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const ratio = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? ratioFormat.format(value) : '—';

async function valuationsOf(request: Parameters<typeof apiData>[0], codes: readonly string[]) {
  const out = new Map<string, z.output<typeof valuation>>();
  // The service takes at most 100 codes a call.
  for (let i = 0; i < codes.length; i += 100) {
    const chunk = codes.slice(i, i + 100).join(',');
    const data = await apiData(request, `/api/a-share/valuations/snapshot?thscodes=${chunk}`, valuations);
    for (const item of data.item) out.set(item.thscode, item);
  }
  return out;
}

test('the stock header shows the valuation snapshot’s PE TTM, PE MRQ and PB, and the trailing dividend yield', async ({
  app,
  page,
}) => {
  const code = '600519.SH';
  const v = (await valuationsOf(page.request, [code])).get(code);
  if (!v) throw new Error('no valuation');
  const [events, quote] = await Promise.all([
    apiData(
      page.request,
      `/api/a-share/corporate-actions/adjustment-factors?thscode=${code}`,
      z.object({ item: z.array(z.object({ ex_date_ms: z.number(), dividend_per_share: z.number() })) }),
    ),
    apiData(
      page.request,
      `/api/a-share/prices/snapshot?thscodes=${code}`,
      z.object({ item: z.array(z.object({ thscode: z.string(), last_price: z.number() })) }),
    ),
  ]);
  const cash = events.item
    .filter((e) => e.ex_date_ms > NOW - YEAR_MS && e.ex_date_ms <= NOW)
    .reduce((sum, e) => sum + Math.max(0, e.dividend_per_share), 0);
  const price = quote.item[0]?.last_price;
  if (price === undefined) throw new Error('no quote');
  expect(cash, 'the stock paid cash in the last year').toBeGreaterThan(0);

  await app.open(`/stock/${code}`);
  const header = page.getByTestId('stock-header');
  await expect(header.getByTestId('valuation-pe-ttm')).toHaveText(ratio(v.pe_ttm));
  await expect(header.getByTestId('valuation-pe-mrq')).toHaveText(ratio(v.pe_mrq));
  await expect(header.getByTestId('valuation-pb-mrq')).toHaveText(ratio(v.pb_mrq));
  await expect(header.getByTestId('valuation-dividend-yield')).toHaveText(`${ratio((cash / price) * 100)}%`);
});

test('a sector’s constituents show each stock’s PE TTM and PB from the valuation snapshot', async ({
  app,
  page,
}) => {
  await app.open('/sectors');
  const ranking = page.getByRole('table', { name: /板块排名|涨跌排名/ });
  const link = ranking.locator('tbody tr').first().getByRole('link');
  const code = /^\/sectors\/(\d{6}\.TI)$/.exec((await link.getAttribute('href')) ?? '')?.[1];
  if (code === undefined) throw new Error('no sector link');
  await link.click();

  const members = await apiData(
    page.request,
    `/api/a-share-index/constituents/ths-stock-list?thscode=${code}`,
    z.object({ item: z.array(z.object({ thscode: z.string() })) }),
  );
  const expected = await valuationsOf(
    page.request,
    members.item.map((m) => m.thscode),
  );
  expect(expected.size).toBeGreaterThan(0);

  const table = page.getByTestId('index-members').getByRole('table');
  await expect(table).toHaveAttribute('aria-rowcount', String(members.item.length + 1));
  const headers = await table.getByRole('columnheader').allTextContents();
  const pe = headers.findIndex((h) => h.includes('市盈率(TTM)'));
  const pb = headers.findIndex((h) => h.includes('市净率(MRQ)'));
  expect(pe).toBeGreaterThan(-1);
  expect(pb).toBeGreaterThan(-1);
  // Wait for the valuations (they load after the list), then read every row in the page.
  const firstCode = await table
    .locator('tbody tr')
    .first()
    .locator('a[href^="/stock/"]')
    .first()
    .getAttribute('href');
  const first = expected.get(firstCode?.replace('/stock/', '') ?? '');
  await expect(table.locator('tbody tr').first().locator('td, th').nth(pe)).toHaveText(ratio(first?.pe_ttm));
  const rows = await table.locator('tbody tr').evaluateAll(
    (trs, [peAt, pbAt]) =>
      trs.flatMap((tr) => {
        const cells = [...tr.querySelectorAll('td, th')].map((c) => c.textContent ?? '');
        const href = tr.querySelector('a[href^="/stock/"]')?.getAttribute('href');
        return href
          ? [{ code: href.replace('/stock/', ''), pe: cells[peAt ?? -1], pb: cells[pbAt ?? -1] }]
          : [];
      }),
    [pe, pb],
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    const v = expected.get(row.code);
    expect(row, row.code).toEqual({ code: row.code, pe: ratio(v?.pe_ttm), pb: ratio(v?.pb_mrq) });
  }
});

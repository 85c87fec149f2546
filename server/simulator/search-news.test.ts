import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import { UNSAFE_NOTICE_MARKER, UNSAFE_NOTICE_SEQ } from './model/news';
import { FLASH_TYPE_ANNOUNCEMENT } from '../../src/contract/operations/news';
import { TRADING_MORNING, fetchData, simulatorsForFile } from './testkit';

const search = catalog['meta/tickers/search'];
const list = catalog['news/flash/list'];
const refresh = catalog['news/flash/refresh'];
const notice = catalog['news/notice/detail'];

const sim = simulatorsForFile();

describe('instrument search', () => {
  const app = () => sim(TRADING_MORNING);

  it('puts the exact code first and matches Chinese, English and pinyin initials', async () => {
    const a = app();
    expect((await fetchData(a, search, { q: '600519' })).item[0]?.thscode).toBe('600519.SH');
    expect(
      (await fetchData(a, search, { q: '000001' })).item
        .map((i) => i.thscode)
        .slice(0, 2)
        .sort(),
    ).toEqual(['000001.SH', '000001.SZ']);
    expect((await fetchData(a, search, { q: '茅台' })).item[0]?.name).toBe('贵州茅台');
    expect((await fetchData(a, search, { q: 'MOUTAI' })).item[0]?.thscode).toBe('600519.SH');
    expect((await fetchData(a, search, { q: 'gzmt' })).item[0]?.thscode).toBe('600519.SH');
    expect((await fetchData(a, search, { q: '平安银行' })).item[0]?.thscode).toBe('000001.SZ');
  });

  it('finds every asset type with its exchange, currency and dates', async () => {
    const a = app();
    const first = async (q: string, asset_type?: string) =>
      (await fetchData(a, search, asset_type ? { q, asset_type } : { q })).item[0];
    expect(await first('沪深300', 'a-share-index')).toMatchObject({ thscode: '000300.SH', exchange: 'SH' });
    expect(await first('885517.TI')).toMatchObject({ asset_type: 'a-share-index', exchange: null });
    expect(await first('510300')).toMatchObject({ asset_type: 'fund-etf', exchange: 'SH' });
    expect(await first('161725')).toMatchObject({ asset_type: 'fund-lof', exchange: 'SZ' });
    expect(await first('REIT', 'fund-reits')).toMatchObject({ asset_type: 'fund-reits' });
    expect(await first('005827')).toMatchObject({ asset_type: 'fund-otc', exchange: null, currency: 'CNY' });
    expect(await first('USDCNY')).toMatchObject({ asset_type: 'forex', exchange: null });
    const copper = await first('CU', 'futures');
    expect(copper?.thscode).toMatch(/^CU(\d{4}|ZL)\.SHF$/);
    expect(copper?.exchange).toBe('SHFE');
    const sugar = await first('SR6', 'futures');
    expect(sugar?.thscode).toMatch(/^SR\d{3}\.CZC$/);
    expect(sugar?.last_trade_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await first('50ETF', 'options')).toMatchObject({ asset_type: 'options' });
    expect(await first('南华', 'futures-commodity-index')).toMatchObject({
      asset_type: 'futures-commodity-index',
    });
  });

  it('filters by exchange (SSE means SH) and asset type, and honours the limit', async () => {
    const a = app();
    const sh = await fetchData(a, search, { q: '银行', exchange: 'SSE', limit: '50' });
    expect(sh.item.length).toBeGreaterThan(5);
    for (const i of sh.item) expect(i.exchange).toBe('SH');
    const dce = await fetchData(a, search, { q: 'M', exchange: 'DCE', limit: '50' });
    for (const i of dce.item) expect(i.thscode.endsWith('.DCE')).toBe(true);
    const etfs = await fetchData(a, search, { q: 'ETF', asset_type: 'fund-etf,fund-lof' });
    expect(etfs.item).toHaveLength(10);
    for (const i of etfs.item) expect(['fund-etf', 'fund-lof']).toContain(i.asset_type);
  });
});

describe('news flashes', () => {
  it('pages newest first by seq cursor, without overlap, with exact large-integer ids', async () => {
    const app = sim(TRADING_MORNING);
    const first = await fetchData(app, list, { tag_id: '0', seq: '0' });
    expect(first.items.length).toBe(20);
    const seqs = first.items.map((i) => BigInt(i.seq));
    for (let i = 1; i < seqs.length; i++) expect((seqs[i] ?? 0n) < (seqs[i - 1] ?? 0n)).toBe(true);
    for (const item of first.items) {
      expect(BigInt(item.seq) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(BigInt(item.id) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
      expect(item.create_time_ms % 1000).toBe(0);
      expect(item.create_time_ms).toBeLessThanOrEqual(TRADING_MORNING);
      expect(item.update_time_ms).toBeGreaterThanOrEqual(item.create_time_ms);
      expect(item.encoded_url).not.toBe('');
    }
    const last = first.items[first.items.length - 1];
    const next = await fetchData(app, list, { tag_id: '0', seq: last?.seq ?? '0' });
    expect(next.items.length).toBe(20);
    expect(BigInt(next.items[0]?.seq ?? '0') < BigInt(last?.seq ?? '0')).toBe(true);
    // The digits survive JSON: the raw body carries the same text.
    const raw = await app.inject({
      method: 'GET',
      url: '/api/news/flash/list?tag_id=0&seq=0',
      headers: { 'x-api-key': 'test-key' },
    });
    expect(raw.body).toContain(`"seq":"${first.items[0]?.seq ?? ''}"`);
  });

  it('filters a column by its tag', async () => {
    const data = await fetchData(sim(TRADING_MORNING), list, { tag_id: '5', seq: '0' });
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items) expect(item.tags.map((t) => t.id)).toContain(5);
  });

  it('refreshes with the flashes newer than the latest known one', async () => {
    const earlier = TRADING_MORNING - 40 * 60 * 1000;
    const old = await fetchData(sim(earlier), list, { tag_id: '0', seq: '0' });
    const newest = old.items[0];
    expect(newest).toBeDefined();
    const fresh = await fetchData(sim(TRADING_MORNING), refresh, {
      tag_id: '0',
      seq: newest?.seq ?? '0',
      create_time_ms: String(newest?.create_time_ms ?? 0),
    });
    expect(fresh.items.length).toBeGreaterThan(0);
    for (const item of fresh.items) {
      expect(BigInt(item.seq) > BigInt(newest?.seq ?? '0')).toBe(true);
      expect(item.create_time_ms).toBeLessThanOrEqual(TRADING_MORNING);
    }
    const now = await fetchData(sim(TRADING_MORNING), list, { tag_id: '0', seq: '0' });
    expect(fresh.items[0]?.seq).toBe(now.items[0]?.seq);
  });
});

describe('announcement interpretation', () => {
  it('is the same for the same seq and carries HTML findings', async () => {
    const a = await fetchData(sim(TRADING_MORNING), notice, { seq: '1784080892624084722' });
    const b = await fetchData(sim(TRADING_MORNING + 3600_000), notice, { seq: '1784080892624084722' });
    expect(b).toEqual(a);
    expect(a.seq).toBe('1784080892624084722');
    expect(a.title).not.toBe('');
  });

  it('has one fixture of hostile markup for the reader to sanitise, and only that one', async () => {
    const data = await fetchData(sim(TRADING_MORNING), notice, { seq: UNSAFE_NOTICE_SEQ });
    const html = JSON.stringify(data.monthly_report_interpretation);
    for (const part of [
      '<script>',
      'onerror=',
      'onclick=',
      'onmouseover=',
      'href=\\"javascript:',
      'src=\\"https://tracker.simulated.invalid/',
      '<iframe',
      UNSAFE_NOTICE_MARKER,
    ])
      expect(html).toContain(part);
    const safe = await fetchData(sim(TRADING_MORNING), notice, { seq: '1784080892624084722' });
    expect(JSON.stringify(safe)).not.toMatch(/onerror|<script|javascript:/);
  });

  it('opens the announcement an announcement flash names, with the same title', async () => {
    const app = sim(TRADING_MORNING);
    const page = await fetchData(app, list, { tag_id: '0', seq: '0' });
    const flashes = page.items.filter((i) => i.type === FLASH_TYPE_ANNOUNCEMENT);
    expect(flashes.length).toBeGreaterThan(0);
    for (const flash of flashes) {
      const detail = await fetchData(sim(TRADING_MORNING + 86_400_000), notice, { seq: flash.seq });
      expect(detail.seq).toBe(flash.seq);
      expect(detail.title).toBe(flash.title);
      expect(flash.tags.map((t) => t.id)).toContain(5);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { catalog } from '../../src/contract/catalog';
import {
  AFTER_CLOSE,
  HOLIDAY,
  TRADING_MORNING,
  WEEKEND,
  call,
  fetchData,
  simulatorsForFile,
} from './testkit';
import {
  futuresContractSearches,
  isDatedContractOf,
  type ContractSearch,
} from '../../src/contract/operations/futures';
import { isListedOptionOf, optionContractSearches } from '../../src/contract/operations/options';
import { FUTURES_VARIETIES, futuresContractsOf, optionContracts } from './model/instruments';
import { optionTerms } from './model/options';
import { dayOf } from './model/calendar';

const plates = catalog['futures/variety-plates/list'];
const continuous = catalog['futures/contracts/main-continuous-list'];
const mainList = catalog['futures/contracts/main-list'];
const secondary = catalog['futures/contracts/secondary-main-list'];
const commodityIndex = catalog['futures/contracts/commodity-index-list'];
const varieties = catalog['futures/varieties/list'];
const latestBasis = catalog['futures/basis/main-continuous-latest'];
const basisHistory = catalog['futures/basis/historical'];
const search = catalog['meta/tickers/search'];
const indexHistory = catalog['a-share-index/prices/historical'];
const optionVarieties = catalog['options/varieties/list'];
const optionDetail = catalog['options/contracts/detail'];
const optionIntraday = catalog['options/prices/intraday'];
const optionDaily = catalog['options/prices/daily'];

const sim = simulatorsForFile();

const midnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const EXCHANGES = ['SHFE', 'INE', 'DCE', 'CZCE', 'CFFEX', 'GFEX'];
const SUFFIX: Record<string, string> = {
  SHFE: 'SHF',
  INE: 'INE',
  DCE: 'DCE',
  CZCE: 'CZC',
  CFFEX: 'CFX',
  GFEX: 'GFE',
};

describe('futures reference lists', () => {
  it('use real variety codes on the six exchanges with their suffixes, named as in the search', async () => {
    const app = sim(TRADING_MORNING);
    const list = await fetchData(app, varieties);
    expect(new Set(list.item.map((v) => v.exchange_code))).toEqual(new Set(EXCHANGES));
    const main = await fetchData(app, mainList);
    const next = await fetchData(app, secondary);
    const byVariety = new Map(main.item.map((m) => [m.variety_code, m]));
    for (const v of list.item) {
      const m = byVariety.get(v.variety_code);
      expect(v.main_contract_thscode).toBe(m?.thscode);
      expect(m?.thscode?.endsWith(`.${SUFFIX[v.exchange_code ?? ''] ?? '?'}`)).toBe(true);
      expect(m?.thscode?.startsWith(v.variety_code ?? '?')).toBe(true);
    }
    for (const m of [...main.item.slice(0, 12), ...next.item.slice(0, 6)]) {
      const hit = (await fetchData(app, search, { q: m.thscode ?? '', asset_type: 'futures' })).item[0];
      expect(hit).toMatchObject({ thscode: m.thscode, name: m.name, last_trade_date: m.last_trade_date });
      // The main contract is at least a few days from its last trading day.
      expect((m.last_trade_date ?? '') > '2026-07-15').toBe(true);
    }
    for (const s of next.item) {
      const m = byVariety.get(s.variety_code);
      expect((s.last_trade_date ?? '') > (m?.last_trade_date ?? '')).toBe(true);
    }
    const zl = await fetchData(app, continuous);
    for (const row of zl.item.slice(0, 10)) {
      const hit = (await fetchData(app, search, { q: row.thscode ?? '' })).item[0];
      expect(hit).toMatchObject({ thscode: row.thscode, name: row.name });
    }
    const indices = await fetchData(app, commodityIndex);
    expect(indices.item.length).toBeGreaterThan(0);
    expect((await fetchData(app, plates)).item.length).toBe(2 * list.item.length);
  });

  it('give trading sessions with the night session of each variety', async () => {
    const list = await fetchData(sim(TRADING_MORNING), varieties);
    const sessions = (code: string) => list.item.find((v) => v.variety_code === code)?.trade_sessions ?? [];
    const night = (code: string) => sessions(code).find((s) => s.session_type === 'night')?.end_time;
    expect(night('CU')).toBe('01:00');
    expect(night('AU')).toBe('02:30');
    expect(night('SC')).toBe('02:30');
    expect(night('RB')).toBe('23:00');
    expect(night('IF')).toBeUndefined();
    expect(sessions('IF')[0]).toMatchObject({ start_time: '09:30', end_time: '11:30' });
    expect(
      sessions('RB')
        .filter((s) => s.session_type === 'day')
        .map((s) => s.start_time),
    ).toEqual(['09:00', '10:30', '13:30']);
    for (const v of list.item) expect(v.has_night_session).toBe(night(v.variety_code ?? '') !== undefined);
  });
});

describe('futures basis', () => {
  it('is converted spot minus futures, its rate the basis over the futures price in percent', async () => {
    const app = sim(AFTER_CLOSE);
    const latest = await fetchData(app, latestBasis);
    expect(latest.item.length).toBeGreaterThan(40);
    const rows: {
      converted_spot_price: number | null;
      close_price: number | null;
      settle_price: number | null;
      close_basis: number | null;
      settle_basis: number | null;
      close_basis_rate: number | null;
      settle_basis_rate: number | null;
    }[] = [...latest.item];
    for (const code of ['CUZL.SHF', 'RB2610.SHF', 'M2609.DCE', 'SR609.CZC', 'IF2608.CFX', 'LC2609.GFE']) {
      rows.push(...(await fetchData(app, basisHistory, { thscode: code })).item);
    }
    for (const r of rows) {
      const spot = r.converted_spot_price ?? Number.NaN;
      expect(r.close_basis).toBeCloseTo(spot - (r.close_price ?? 0), 6);
      expect(r.settle_basis).toBeCloseTo(spot - (r.settle_price ?? 0), 6);
      expect(r.close_basis_rate).toBeCloseTo(((r.close_basis ?? 0) / (r.close_price ?? 1)) * 100, 3);
      expect(r.settle_basis_rate).toBeCloseTo(((r.settle_basis ?? 0) / (r.settle_price ?? 1)) * 100, 3);
      expect(Math.abs(r.close_basis_rate ?? 0)).toBeLessThan(12);
    }
    // Eggs are quoted per jin on the spot market and per 500 kg on the exchange.
    const egg = latest.item.find((r) => r.thscode === 'JDZL.DCE');
    expect(egg?.converted_spot_price).toBeCloseTo((egg?.spot_price ?? 0) * 1000, 6);
  });

  it('of the latest day equals the end of the history, with the 20-day averages', async () => {
    const app = sim(AFTER_CLOSE);
    const latest = await fetchData(app, latestBasis);
    for (const row of latest.item.filter((r) =>
      ['CUZL.SHF', 'IFZL.CFX', 'SRZL.CZC'].includes(r.thscode ?? ''),
    )) {
      const history = await fetchData(app, basisHistory, { thscode: row.thscode ?? '' });
      const last = history.item[history.item.length - 1];
      expect(last?.date).toBe(row.spot_publish_date);
      expect(row.spot_publish_date).toBe('2026-07-15');
      expect(last?.close_basis).toBe(row.close_basis);
      expect(last?.spot_price).toBe(row.spot_price);
      const tail = history.item.slice(-20);
      const mean = tail.reduce((a, p) => a + (p.close_basis ?? 0), 0) / tail.length;
      expect(row.average_close_basis).toBeCloseTo(mean, 3);
      // Another spot indicator of the same variety is another series; an unknown one has no data.
      const other = await fetchData(app, basisHistory, {
        thscode: row.thscode ?? '',
        spot_indicator_id: `${row.spot_indicator_id ?? ''}9`,
      });
      expect(other.item).toEqual([]);
      expect(other.timestamp).toBeNull();
    }
    // Before the spot is published (17:00) the latest basis is the previous trading day's.
    const morning = await fetchData(sim(TRADING_MORNING), latestBasis);
    expect(morning.item[0]?.spot_publish_date).toBe('2026-07-14');
  });

  it('of an index future uses the index close as its spot', async () => {
    const app = sim(AFTER_CLOSE);
    const history = await fetchData(app, basisHistory, { thscode: 'IFZL.CFX' });
    const bars = await fetchData(app, indexHistory, {
      thscode: '000300.SH',
      start: String(midnight('2026-06-01')),
      end: String(midnight('2026-07-15')),
    });
    const closes = new Map(bars.item.map((b) => [b.date_ms, b.close_price]));
    const recent = history.item.filter((p) => (p.date ?? '') >= '2026-06-01');
    expect(recent.length).toBeGreaterThan(20);
    for (const p of recent) expect(p.spot_price).toBe(closes.get(midnight(p.date ?? '')));
  });
});

describe('options', () => {
  it('list ETF, CFFEX index and commodity varieties with settlement and sessions', async () => {
    const data = await fetchData(sim(TRADING_MORNING), optionVarieties);
    const byCode = new Map(data.item.map((v) => [v.variety_code, v]));
    expect(byCode.get('510050')).toMatchObject({ exchange_code: 'SSE', settlement_type: 'physical' });
    expect(byCode.get('IO')).toMatchObject({
      exchange_code: 'CFFEX',
      settlement_type: 'cash',
      contract_multiplier: 100,
    });
    expect(data.item.filter((v) => v.name?.includes('期权')).length).toBe(data.item.length);
    expect(data.item.length).toBeGreaterThan(20);
  });

  it('describe a contract with the strike and type of its code and name', async () => {
    const app = sim(TRADING_MORNING);
    const io = await fetchData(app, optionDetail, { thscode: 'IO2612-P-3900.CFX' });
    expect(io).toMatchObject({
      strike_price: 3900,
      option_type: 'put',
      exercise_style: 'european',
      underlying_code: '000300.SH',
      variety_code: 'IO',
    });
    const hits = (await fetchData(app, search, { q: '50ETF购12月', asset_type: 'options', limit: '50' }))
      .item;
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits.slice(0, 3)) {
      const d = await fetchData(app, optionDetail, { thscode: hit.thscode });
      expect(d.name).toBe(hit.name);
      expect(d.option_type).toBe('call');
      expect(d.last_trade_date).toBe(hit.last_trade_date);
      expect(hit.name).toContain(String(Math.round((d.strike_price ?? 0) * 1000)));
      expect(d.display_code).toBe(
        `510050C2612M${String(Math.round((d.strike_price ?? 0) * 1000)).padStart(5, '0')}`,
      );
    }
  });

  it('price calls and puts consistently with the underlying and the strike (parity, intrinsic value)', async () => {
    const app = sim(AFTER_CLOSE);
    const days = (code: string) => fetchData(app, optionDaily, { thscode: code });
    const index = await fetchData(app, indexHistory, {
      thscode: '000300.SH',
      start: String(midnight('2025-12-01')),
      end: String(midnight('2026-07-15')),
    });
    const spot = new Map(index.item.map((b) => [b.date_ms, b.close_price]));
    for (const strike of [3800, 4000, 4200]) {
      const calls = await days(`IO2612-C-${strike}.CFX`);
      const puts = await days(`IO2612-P-${strike}.CFX`);
      expect(calls.item).toHaveLength(100);
      const putAt = new Map(puts.item.map((b) => [b.timestamp, b.close_price]));
      for (const c of calls.item) {
        const s = spot.get(c.timestamp ?? 0) ?? Number.NaN;
        const p = putAt.get(c.timestamp) ?? Number.NaN;
        const years = (midnight('2026-12-18') - (c.timestamp ?? 0)) / (365 * 86400000);
        // C − P = S − K·e^(−rT) with r = 1.5%; one tick of rounding on each side.
        expect(Math.abs((c.close_price ?? 0) - p - (s - strike * Math.exp(-0.015 * years)))).toBeLessThan(
          0.5,
        );
        expect(c.close_price ?? 0).toBeGreaterThanOrEqual(Math.max(0, s - strike) - 0.2);
        expect(c.high_price ?? 0).toBeGreaterThanOrEqual(Math.max(c.open_price ?? 0, c.close_price ?? 0));
      }
    }
  });

  it('price ETF options on the ETF price of the fund market snapshot', async () => {
    const app = sim(AFTER_CLOSE);
    const etf = await fetchData(app, catalog['fund/market/snapshot'], { thscode: '510050.SH' });
    const s = etf.item[0]?.last_price ?? Number.NaN;
    const years = (midnight('2026-12-23') - midnight('2026-07-15')) / (365 * 86400000);
    for (const strike of ['2700', '2800', '2900']) {
      const code = async (kind: string) =>
        (await fetchData(app, search, { q: `50ETF${kind}12月${strike}`, asset_type: 'options' })).item[0]
          ?.thscode ?? '';
      const call = await fetchData(app, optionDaily, { thscode: await code('购') });
      const put = await fetchData(app, optionDaily, { thscode: await code('沽') });
      const c = call.item[call.item.length - 1]?.close_price ?? 0;
      const p = put.item[put.item.length - 1]?.close_price ?? 0;
      const k = Number(strike) / 1000;
      expect(Math.abs(c - p - (s - k * Math.exp(-0.015 * years)))).toBeLessThan(0.0003);
    }
  });

  it('give the latest 100 bars, or the bars of a window sent with both ends', async () => {
    const app = sim(AFTER_CLOSE);
    const latest = await fetchData(app, optionDaily, { thscode: 'IO2612-C-4000.CFX' });
    expect(latest.interval).toBe('1d');
    expect(latest.item[latest.item.length - 1]?.timestamp).toBe(midnight('2026-07-15'));
    expect(latest.timestamp).toBe(midnight('2026-07-15'));
    const window = await fetchData(app, optionDaily, {
      thscode: 'IO2612-C-4000.CFX',
      start: String(midnight('2026-07-01')),
      end: String(midnight('2026-07-10')),
    });
    expect(window.item.map((b) => b.timestamp)).toEqual(
      latest.item
        .map((b) => b.timestamp)
        .filter((t) => (t ?? 0) >= midnight('2026-07-01') && (t ?? 0) <= midnight('2026-07-10')),
    );
    expect(window.item).toHaveLength(8);
  });

  it('give intraday points of the asked session only, up to now', async () => {
    const app = sim(TRADING_MORNING);
    const code =
      (await fetchData(app, search, { q: '50ETF购7月', asset_type: 'options' })).item[0]?.thscode ?? '';
    const intraday = await fetchData(app, optionIntraday, { thscode: code });
    expect(intraday.session).toBe('intraday');
    expect(intraday.date).toBe('2026-07-15');
    expect(intraday.item.length).toBe(40);
    for (const p of intraday.item) {
      expect(p.timestamp ?? 0).toBeLessThanOrEqual(TRADING_MORNING);
      expect(p.timestamp ?? 0).toBeGreaterThan(Date.parse('2026-07-15T09:30:00+08:00'));
      expect(p.volume).toBeTypeOf('number');
    }
    const pre = await fetchData(app, optionIntraday, { thscode: code, session: 'pre_market' });
    expect(pre.item.map((p) => p.timestamp)).toEqual(
      Array.from({ length: 11 }, (_, i) => Date.parse('2026-07-15T09:15:00+08:00') + i * 60000),
    );
    expect(pre.item.filter((p) => p.volume !== null)).toHaveLength(1);
    // The closing auction has not happened yet today: the previous session's.
    const post = await fetchData(app, optionIntraday, { thscode: code, session: 'post_market' });
    expect(post.date).toBe('2026-07-14');
    expect(post.item).toHaveLength(3);
    const daily = await fetchData(sim(AFTER_CLOSE), optionDaily, { thscode: code });
    const closing = await fetchData(sim(AFTER_CLOSE), optionIntraday, {
      thscode: code,
      session: 'post_market',
    });
    expect(closing.item[closing.item.length - 1]?.price).toBe(daily.item[daily.item.length - 1]?.close_price);
    // CFFEX options have no closing auction.
    expect(
      (await fetchData(app, optionIntraday, { thscode: 'IO2612-C-4000.CFX', session: 'post_market' })).item,
    ).toEqual([]);
  });

  it('stop at expiry: a contract past its last trading day is unknown (3001)', async () => {
    // IO2607 expires on Friday 2026-07-17.
    expect((await call(sim(TRADING_MORNING), `${optionDetail.path}?thscode=IO2607-C-4000.CFX`)).code).toBe(0);
    expect((await call(sim(WEEKEND), `${optionDetail.path}?thscode=IO2607-C-4000.CFX`)).code).toBe(3001);
    const lastDay = await fetchData(sim(HOLIDAY), optionDaily, { thscode: 'IO2612-C-4000.CFX' });
    expect(lastDay.item[lastDay.item.length - 1]?.timestamp).toBe(midnight('2026-09-30'));
  });
});

/** A contract search as query parameters. */
function searchParams(s: ContractSearch): Record<string, string> {
  const out: Record<string, string> = { q: s.q, asset_type: s.asset_type, limit: String(s.limit) };
  if (s.exchange !== undefined) out['exchange'] = s.exchange;
  return out;
}

describe('listing contracts through the instrument search (the contract’s searches)', () => {
  const day = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);

  it.each([
    ['a July session', TRADING_MORNING],
    ['a December weekend, when next year’s months are listed', Date.parse('2026-12-19T11:00:00+08:00')],
  ])('find every listed month of each futures variety and nothing else, on %s', async (_name, now) => {
    const app = sim(now);
    const list = await fetchData(app, varieties);
    const today = day(now);
    for (const v of list.item) {
      const code = v.variety_code ?? '';
      const found = new Set<string>();
      for (const params of futuresContractSearches(code, v.exchange_code, today)) {
        // Other codes that contain the text may fill the page; the variety's own prefix matches come first.
        const rows = await fetchData(app, search, searchParams(params));
        for (const row of rows.item) if (isDatedContractOf(row.thscode, code)) found.add(row.thscode);
      }
      const variety = FUTURES_VARIETIES.find((f) => f.code === code);
      const listed = variety ? futuresContractsOf(variety, dayOf(today)).map((k) => k.thscode) : [];
      expect([...found].sort()).toEqual([...listed].sort());
      expect(found.has(v.main_contract_thscode ?? '')).toBe(true);
    }
  });

  it('find every option contract of each variety in the code table and nothing else', async () => {
    const app = sim(TRADING_MORNING);
    const list = await fetchData(app, optionVarieties);
    const today = day(TRADING_MORNING);
    const byVariety = new Map<string, string[]>();
    for (const contract of optionContracts(dayOf(today))) {
      const terms = optionTerms(contract.thscode, dayOf(today));
      if (!terms) continue;
      byVariety.set(terms.varietyCode, [...(byVariety.get(terms.varietyCode) ?? []), contract.thscode]);
    }
    let listedVarieties = 0;
    for (const v of list.item) {
      const found = new Set<string>();
      for (const params of optionContractSearches(v, today)) {
        const rows = await fetchData(app, search, searchParams(params));
        expect(rows.item.length).toBeLessThan(params.limit);
        for (const row of rows.item) if (isListedOptionOf(row, v)) found.add(row.thscode);
      }
      const listed = byVariety.get(v.variety_code ?? '') ?? [];
      expect([...found].sort()).toEqual([...listed].sort());
      if (listed.length > 0) listedVarieties++;
    }
    // Six ETF and three index varieties have contracts; commodity options are not in the code table.
    expect(listedVarieties).toBe(9);
  });
});

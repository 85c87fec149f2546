import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shanghaiMidnight } from '../../src/contract/time';
import { createSimulator } from './index';
import { KEY, data } from './testkit';

/**
 * What the minute tape reads (server/market-data/tape-*.ts): the whole market's snapshot from minute to
 * minute of a session. Its cumulative volume and turnover only grow, and at the close it is the day's bar.
 */

const DAY = '2026-07-15';
const at = (hhmm: string) => Date.parse(`${DAY}T${hhmm}:00+08:00`);
let now = at('09:25');
const sim = createSimulator({ apiKey: KEY, now: () => now });
afterAll(async () => {
  await sim.close();
});

const table = z.object({
  item: z.array(
    z.object({ thscode: z.string(), last_price: z.number(), volume: z.number(), turnover: z.number() }),
  ),
});
const bars = z.object({
  item: z.array(z.object({ close_price: z.number(), volume: z.number(), turnover: z.number() })),
});

async function wholeMarket(moment: number) {
  now = moment;
  return table.parse(await data(sim, '/api/a-share/prices/snapshot?limit=10000')).item;
}

describe('the session as the minute tape reads it', () => {
  it('moves the cumulative volume and turnover forward every minute, and never back', async () => {
    const minutes = [
      '09:25',
      '09:26',
      '09:31',
      '09:32',
      '10:45',
      '11:29',
      '11:30',
      '13:00',
      '13:01',
      '14:59',
      '15:00',
    ];
    let previous = new Map<string, { volume: number; turnover: number }>();
    let moved = 0;
    const backwards: string[] = [];
    for (const hhmm of minutes) {
      const rows = await wholeMarket(at(hhmm));
      for (const row of rows) {
        const before = previous.get(row.thscode);
        if (!before) continue;
        if (row.volume < before.volume || row.turnover < before.turnover)
          backwards.push(`${row.thscode} ${hhmm}`);
        if (hhmm === '09:32' && row.volume > before.volume) moved++;
      }
      previous = new Map(rows.map((r) => [r.thscode, r]));
      expect(rows.length).toBeGreaterThan(5000);
    }
    expect(backwards).toEqual([]);
    // A minute of continuous trading moves nearly every stock (a few are suspended or sealed quiet).
    expect(moved).toBeGreaterThan(previous.size * 0.9);
  }, 60_000);

  it('ends the session on the daily bar: close, volume and turnover', async () => {
    const close = new Map((await wholeMarket(at('15:00'))).map((r) => [r.thscode, r]));
    const midnight = shanghaiMidnight(DAY);
    now = at('18:00');
    for (const code of ['600519.SH', '300033.SZ', '000001.SZ', '688981.SH']) {
      const bar = bars.parse(
        await data(
          sim,
          `/api/a-share/prices/historical?thscode=${code}&adjust=none&start=${midnight}&end=${midnight}`,
        ),
      ).item[0];
      const quote = close.get(code);
      expect(quote?.last_price, code).toBe(bar?.close_price);
      expect(quote?.volume, code).toBe(bar?.volume);
      expect(quote?.turnover, code).toBe(bar?.turnover);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { TAPE_LABELS, TAPE_OPENING_LABEL, tapeLabelAt } from './market-tape';
import { intradayParamsSchema } from './market-data-params';

const s = (hhmm: string, sec = 0) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + sec;
};

describe('the minute tape’s labels', () => {
  it('are the terminals’ 241 points: 09:30, 09:31 … 11:30, 13:01 … 15:00', () => {
    expect(TAPE_LABELS).toHaveLength(241);
    expect(TAPE_LABELS[0]).toBe(s('09:30'));
    expect(TAPE_LABELS[1]).toBe(s('09:31'));
    expect(TAPE_LABELS[120]).toBe(s('11:30'));
    expect(TAPE_LABELS[121]).toBe(s('13:01'));
    expect(TAPE_LABELS[240]).toBe(s('15:00'));
  });

  it('put a reading on the minute it was made in, the opening auction on 09:30, nothing over lunch', () => {
    expect(tapeLabelAt(s('09:14', 59))).toBeNull();
    for (const t of ['09:15', '09:20', '09:25', '09:29', '09:30'])
      expect(tapeLabelAt(s(t, 3))).toBe(TAPE_OPENING_LABEL);
    expect(tapeLabelAt(s('09:31', 4))).toBe(s('09:31'));
    expect(tapeLabelAt(s('11:30', 2))).toBe(s('11:30'));
    for (const t of ['11:31', '12:00', '13:00']) expect(tapeLabelAt(s(t, 1))).toBeNull();
    expect(tapeLabelAt(s('13:01'))).toBe(s('13:01'));
    expect(tapeLabelAt(s('15:00', 5))).toBe(s('15:00'));
    expect(tapeLabelAt(s('15:01'))).toBeNull();
  });
});

describe('the intraday parameters', () => {
  it('take stocks, indices and sectors in any case, one to five days', () => {
    expect(intradayParamsSchema.parse({ thscode: ' 885517.ti ' })).toEqual({ thscode: '885517.TI', days: 1 });
    expect(intradayParamsSchema.parse({ thscode: '920001.BJ', days: '5' })).toEqual({
      thscode: '920001.BJ',
      days: 5,
    });
    for (const bad of [{ thscode: '600519' }, { thscode: '600519.SH', days: '0' }, { thscode: 'AAPL.US' }]) {
      expect(intradayParamsSchema.safeParse(bad).success).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { UpRow } from '../../api/limit-pools';
import { consecutiveOf, leadingThemes, passes, promotions } from './model';

/** A limit-up pool row: only the code, the board text and the reason matter to these functions. */
function up(thscode: string, boards: string, reason: string | null = null): UpRow {
  const streak = /^(\d+)连板$/.exec(boards);
  return {
    thscode,
    ticker: thscode.slice(0, 6),
    name: `股票${thscode.slice(0, 6)}`,
    is_st: false,
    is_new: false,
    last_price: 10,
    price_change_ratio_pct: 10,
    limit_up_time: '09:35',
    limit_up_reason: reason,
    continue_day_text: boards,
    continue_day_cnt: streak ? Number(streak[1]) : 1,
    seal_money: 1e7,
    max_seal_money: 2e7,
  };
}

describe('consecutiveOf', () => {
  it('reads N连板 as N, a first board and an X天Y板 (boards not in a row) as 1', () => {
    expect(consecutiveOf(up('600001.SH', '4连板'))).toBe(4);
    expect(consecutiveOf(up('600001.SH', '首板'))).toBe(1);
    expect(consecutiveOf(up('600001.SH', '5天4板'))).toBe(1);
    // Another form: the count is all there is, never below one.
    expect(consecutiveOf({ continue_day_text: '?', continue_day_cnt: 3 })).toBe(3);
    expect(consecutiveOf({ continue_day_text: '', continue_day_cnt: 0 })).toBe(1);
  });
});

describe('promotions', () => {
  const yesterday = [
    up('600001.SH', '首板'),
    up('600002.SH', '首板'),
    up('600003.SH', '5天4板'),
    up('600004.SH', '2连板'),
    up('600005.SH', '3连板'),
    up('600006.SH', '7连板'),
    up('600007.SH', '9连板'),
    up('600008.SH', '首板'),
  ];
  const today = [
    up('600001.SH', '2连板'), // 1 → 2
    // 600002 did not seal today.
    up('600003.SH', '2连板'), // "5 days, 4 boards" started a new streak yesterday: 1 → 2
    up('600004.SH', '3连板'), // 2 → 3
    up('600005.SH', '首板'), // broke and sealed again: a new first board, not a promotion
    up('600006.SH', '8连板'), // 7 → 8, in the 7+ tier
    up('600007.SH', '9连板'), // the same count as yesterday is no promotion
    up('600008.SH', '3天2板'), // boards not in a row: not n + 1 consecutive
    up('600009.SH', '2连板'), // not in yesterday's pool: no candidate anywhere
  ];

  it('counts, per tier of yesterday, the stocks that made one board more today; 7 and more are one tier', () => {
    expect(promotions(today, yesterday)).toEqual([
      { from: 1, candidates: 4, promoted: 2 },
      { from: 2, candidates: 1, promoted: 1 },
      { from: 3, candidates: 1, promoted: 0 },
      { from: 7, candidates: 2, promoted: 1 },
    ]);
  });

  it('has no tier without yesterday’s stocks, whatever today holds', () => {
    expect(promotions(today, [])).toEqual([]);
    expect(promotions([], yesterday).every((t) => t.promoted === 0)).toBe(true);
  });
});

describe('leadingThemes', () => {
  const rows = [
    up('600001.SH', '首板', '人工智能+算力'),
    up('600002.SH', '首板', '算力+人工智能'),
    up('600003.SH', '首板', '机器人'),
    up('600004.SH', '首板', null),
    up('600005.SH', '首板', ' 算力 + 机器人 + '),
    // A theme named twice in one reason counts once for that stock.
    up('600006.SH', '首板', '人工智能+人工智能'),
    up('600007.SH', '首板', '固态电池'),
  ];

  it('counts each theme once per stock, most frequent first, ties in pinyin order, at most `limit`', () => {
    const all = leadingThemes(rows, 10);
    expect(all.map((t) => [t.theme, t.count])).toEqual([
      ['人工智能', 3],
      ['算力', 3],
      ['机器人', 2],
      ['固态电池', 1],
    ]);
    expect(leadingThemes(rows, 2)).toEqual(all.slice(0, 2));
    expect(leadingThemes(rows, 0)).toEqual([]);
    expect(leadingThemes([up('600004.SH', '首板', null)], 5)).toEqual([]);
  });
});

describe('passes', () => {
  const moutai = { thscode: '600519.SH', name: '贵州茅台' };
  const catl = { thscode: '300750.SZ', name: '宁德时代' };
  const star = { thscode: '688981.SH', name: '中芯国际' };
  const bse = { thscode: '830799.BJ', name: '艾融软件' };

  it('keeps the rows of the chosen segment', () => {
    const all = [moutai, catl, star, bse];
    const on = (board: 'all' | 'main' | 'chinext' | 'star' | 'bse') =>
      all.filter((r) => passes(r, { board, q: '' })).map((r) => r.thscode);
    expect(on('all')).toEqual(['600519.SH', '300750.SZ', '688981.SH', '830799.BJ']);
    expect(on('main')).toEqual(['600519.SH']);
    expect(on('chinext')).toEqual(['300750.SZ']);
    expect(on('star')).toEqual(['688981.SH']);
    expect(on('bse')).toEqual(['830799.BJ']);
  });

  it('matches the text in the code (any case), the name or the extra texts, trimmed', () => {
    const filter = (q: string) => ({ board: 'all' as const, q });
    expect(passes(moutai, filter('600519.sh'))).toBe(true);
    expect(passes(moutai, filter(' 茅台 '))).toBe(true);
    expect(passes(moutai, filter('白酒'), ['饮料制造', null, '白酒+高端消费'])).toBe(true);
    expect(passes(moutai, filter('白酒'), [null, undefined])).toBe(false);
    expect(passes(moutai, filter('   '))).toBe(true);
  });

  it('needs both the segment and the text', () => {
    expect(passes(catl, { board: 'main', q: '宁德' })).toBe(false);
    expect(passes(catl, { board: 'chinext', q: '茅台' })).toBe(false);
    expect(passes(catl, { board: 'chinext', q: '宁德' })).toBe(true);
  });
});

import { ladderDate, type LadderDay, type UpRow } from '../../api/limit-pools';
import { LADDER_TIERS } from '../../contract/operations/market-extras-terms';
import { boardOf, type Board } from '../../contract/price-limits';

/**
 * The limit-up review's arithmetic, free of React: consecutive boards from the pool's board text, the
 * ladder's columns, promotion rates between tiers, the day's leading themes, and the row filters.
 */

/**
 * Consecutive limit-up days of a pool row: `N连板` is N, a first board (`首板`) is 1, and `X天Y板` (Y boards
 * within X days, not in a row) starts a new streak, so it is 1 as well.
 */
export function consecutiveOf(row: Pick<UpRow, 'continue_day_text' | 'continue_day_cnt'>): number {
  const text = row.continue_day_text.trim();
  const streak = /^(\d+)连板$/.exec(text);
  if (streak) return Number(streak[1]);
  if (text === '首板' || /^\d+天\d+板$/.test(text)) return 1;
  // A text of another form: the count is all there is.
  return Math.max(1, row.continue_day_cnt);
}

export interface LadderStock {
  thscode: string;
  name: string;
  /** Consecutive boards (7 or more in the last column). */
  boards: number;
  /** The pool's board text (`5天4板`) where it says more than the column does. */
  note: string | null;
  /** The first topic of the limit-up reason. */
  theme: string | null;
}

export interface LadderColumn {
  /** Boards of the column; 7 stands for "7 and more". */
  boards: number;
  stocks: LadderStock[];
}

export const TOP_TIER = 7;

const TIER_BOARDS: Readonly<Record<(typeof LADDER_TIERS)[number], number>> = {
  two_board: 2,
  three_board: 3,
  four_board: 4,
  five_board: 5,
  six_board: 6,
  seven_over: 7,
};

export function themesOf(reason: string | null): string[] {
  return (reason ?? '')
    .split('+')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

/**
 * The ladder of a day, highest column first. Two boards and more come from the service's ladder when
 * it covers the day (its own classification), otherwise from the pool's board texts; first boards
 * always come from the pool (the ladder starts at two).
 */
export function ladderColumns(rows: readonly UpRow[], ladderDay: LadderDay | undefined): LadderColumn[] {
  const byCode = new Map(rows.map((r) => [r.thscode, r]));
  const columns = new Map<number, LadderStock[]>();
  const add = (boards: number, stock: LadderStock) => {
    const key = Math.min(boards, TOP_TIER);
    columns.set(key, [...(columns.get(key) ?? []), stock]);
  };
  const inLadder = new Set<string>();
  if (ladderDay) {
    for (const tier of LADDER_TIERS) {
      for (const entry of ladderDay.boards[tier]) {
        inLadder.add(entry.thscode);
        const row = byCode.get(entry.thscode);
        add(Math.max(entry.board_num, TIER_BOARDS[tier]), {
          thscode: entry.thscode,
          name: entry.name,
          boards: entry.board_num,
          note: null,
          theme: themesOf(row?.limit_up_reason ?? null)[0] ?? null,
        });
      }
    }
  }
  for (const row of rows) {
    const boards = consecutiveOf(row);
    if (inLadder.has(row.thscode)) continue;
    add(boards, {
      thscode: row.thscode,
      name: row.name,
      boards,
      note: /天/.test(row.continue_day_text) ? row.continue_day_text : null,
      theme: themesOf(row.limit_up_reason)[0] ?? null,
    });
  }
  return [...columns.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([boards, stocks]) => ({
      boards,
      stocks: [...stocks].sort((a, b) => b.boards - a.boards || a.thscode.localeCompare(b.thscode)),
    }));
}

/** The ladder op's day for a `yyyy-MM-dd` date (its dates come in either format). */
export function ladderDayOf(days: readonly LadderDay[] | undefined, date: string): LadderDay | undefined {
  return days?.find((d) => ladderDate(d.date) === date);
}

export interface Promotion {
  /** From this many boards yesterday to one more today. */
  from: number;
  /** Yesterday's stocks with `from` boards, and how many of them sealed again today. */
  candidates: number;
  promoted: number;
}

/**
 * Promotion rates between tiers (晋级率): of yesterday's stocks with n consecutive boards, how many made
 * n + 1 today. Both days come from their limit-up pools; yesterday's 7+ stocks form one tier.
 */
export function promotions(today: readonly UpRow[], yesterday: readonly UpRow[]): Promotion[] {
  const todayBoards = new Map(today.map((r) => [r.thscode, consecutiveOf(r)]));
  const tiers = new Map<number, { candidates: number; promoted: number }>();
  for (const row of yesterday) {
    const n = consecutiveOf(row);
    const from = Math.min(n, TOP_TIER);
    const tier = tiers.get(from) ?? { candidates: 0, promoted: 0 };
    tier.candidates++;
    if (todayBoards.get(row.thscode) === n + 1) tier.promoted++;
    tiers.set(from, tier);
  }
  return [...tiers.entries()].sort((a, b) => a[0] - b[0]).map(([from, t]) => ({ from, ...t }));
}

/** Topics of the day's limit-up reasons with how many stocks share each, most frequent first. */
export function leadingThemes(rows: readonly UpRow[], limit: number): { theme: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows)
    for (const theme of new Set(themesOf(row.limit_up_reason)))
      counts.set(theme, (counts.get(theme) ?? 0) + 1);
  return [...counts.entries()]
    .map(([theme, count]) => ({ theme, count }))
    .sort((a, b) => b.count - a.count || a.theme.localeCompare(b.theme, 'zh-CN'))
    .slice(0, limit);
}

export interface RowFilter {
  board: Board | 'all';
  q: string;
}

/** Whether a row passes the segment and text filters (the text matches code, name, reason or industry). */
export function passes(
  row: { thscode: string; name: string },
  filter: RowFilter,
  extra: readonly (string | null | undefined)[] = [],
): boolean {
  if (filter.board !== 'all' && boardOf(row.thscode) !== filter.board) return false;
  const q = filter.q.trim().toUpperCase();
  if (q === '') return true;
  return [row.thscode, row.name, ...extra].some((text) => (text ?? '').toUpperCase().includes(q));
}

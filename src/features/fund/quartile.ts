/**
 * Peer quartile (四分位) of a rank among the funds ranked: the first quarter of the ranking is
 * excellent (优秀), then good (良好), average (一般) and poor (不佳), as Chinese fund sites label them.
 */

export const QUARTILES = ['excellent', 'good', 'average', 'poor'] as const;
export type Quartile = (typeof QUARTILES)[number];

type Num = number | null | undefined;

function isCount(value: Num): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

/**
 * The quartile of `rank` (1 is best) among `total` funds, or null when either is missing or they do not
 * make a rank (not whole numbers, rank below 1 or above the total). The rank's place runs from 0 (best)
 * to 1 (worst), so the last of any group is poor and the first excellent (a fund ranked alone too):
 * rank 25 of 100 is excellent, 26 good, 76 poor.
 */
export function quartileOf(rank: Num, total: Num): Quartile | null {
  if (!isCount(rank) || !isCount(total) || total < 1 || rank < 1 || rank > total) return null;
  const place = total === 1 ? 0 : (rank - 1) / (total - 1);
  return QUARTILES[Math.min(3, Math.floor(place * 4))] ?? null;
}

/** `n / total` as analysts write a peer rank; null when either is missing. */
export function rankText(rank: Num, total: Num): string | null {
  return isCount(rank) && isCount(total) ? `${rank}/${total}` : null;
}

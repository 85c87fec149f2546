/** A numeric string the service sends (indicator values, QDII quotas) as a number; null when it is none. */
export function numberOfText(value: string | null): number | null {
  if (value === null) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

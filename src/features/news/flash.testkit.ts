import type { FlashItem } from './model';

/** 2026-07-15 10:00 Shanghai, a Wednesday session. */
export const TEN_O_CLOCK = Date.parse('2026-07-15T10:00:00+08:00');

/**
 * A flash created `minutes` after 10:00 (before it when negative), with an id and a sequence beyond 2^53
 * that grow with time, as the service's do.
 */
export function flashAt(minutes: number, patch: Partial<FlashItem> = {}): FlashItem {
  const created = TEN_O_CLOCK + minutes * 60_000;
  return {
    id: `9000000000000${String(500_000 + minutes)}`,
    seq: `${created / 1000}${String(500_000_000 + minutes).padStart(9, '0')}`,
    title: `快讯 ${minutes}`,
    encoded_url: 'x',
    summary: null,
    tags: [{ id: 1, name: 'A股' }],
    type: 1,
    create_time_ms: created,
    update_time_ms: created,
    pic_url: '',
    ...patch,
  };
}

import { describe, expect, it } from 'vitest';
import { pinnedUrl } from './CopyLinkButton';

describe('pinnedUrl', () => {
  it('adds the day a "latest" view shows, and leaves a day the link already names', () => {
    expect(pinnedUrl('http://x/dragon-tiger?board=org', { date: '2026-07-14' })).toBe(
      'http://x/dragon-tiger?board=org&date=2026-07-14',
    );
    expect(pinnedUrl('http://x/dragon-tiger?date=2026-07-10', { date: '2026-07-14' })).toBe(
      'http://x/dragon-tiger?date=2026-07-10',
    );
    expect(pinnedUrl('http://x/hot', { date: undefined })).toBe('http://x/hot');
  });
});

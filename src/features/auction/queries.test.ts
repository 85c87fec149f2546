import { describe, expect, it } from 'vitest';
import { SESSION_PHASES } from '../../contract/market-session';
import { snapshotRefetchInterval } from './queries';

describe('auction refresh', () => {
  it('the live stage refreshes every 5 s during the opening call auction only', () => {
    for (const phase of SESSION_PHASES) {
      expect(snapshotRefetchInterval('live', phase, 'ready')).toBe(
        phase === 'opening-auction' ? 5000 : false,
      );
    }
  });

  it('the final stage refreshes during the auction only until its data is ready', () => {
    expect(snapshotRefetchInterval('final', 'opening-auction', 'not_ready')).toBe(5000);
    expect(snapshotRefetchInterval('final', 'opening-auction', undefined)).toBe(5000);
    expect(snapshotRefetchInterval('final', 'opening-auction', 'ready')).toBe(false);
    expect(snapshotRefetchInterval('final', 'continuous', 'not_ready')).toBe(false);
  });
});

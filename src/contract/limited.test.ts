import { describe, expect, it } from 'vitest';
import { mapLimited } from './limited';

describe('mapLimited', () => {
  it('keeps the order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const done = mapLimited([1, 2, 3, 4, 5], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      return n * 10;
    });
    // Release the calls one by one as they start.
    while (gates.length > 0 || running > 0) {
      await Promise.resolve();
      gates.shift()?.();
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await done).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure and copes with no items', async () => {
    await expect(
      mapLimited([1, 2], 3, (n) => (n === 2 ? Promise.reject(new Error('two')) : Promise.resolve(n))),
    ).rejects.toThrow('two');
    expect(await mapLimited([], 3, (n: number) => Promise.resolve(n))).toEqual([]);
  });
});

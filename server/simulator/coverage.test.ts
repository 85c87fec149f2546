import { describe, expect, it } from 'vitest';
import { operations } from '../../src/contract/catalog';
import { implementedOperations } from './index';
import { SAMPLES } from './conformance-cases.testkit';

describe('simulator coverage of the contract', () => {
  it('implements every catalog operation', () => {
    const implemented = new Set<string>(implementedOperations());
    const missing = operations.map((op) => op.id).filter((id) => !implemented.has(id));
    expect(missing).toEqual([]);
  });

  it('has a sample request for every operation, so conformance runs cover them all', () => {
    const missing = operations.map((op) => op.id).filter((id) => !Object.hasOwn(SAMPLES, id));
    expect(missing).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  const build = () => {
    builds += 1;
    return z.object({ page: z.number().int().min(1).default(1).catch(1), q: z.string().optional() });
  };
  let builds = 0;

  it('builds nothing until it is used, then once', () => {
    builds = 0;
    const lazy = lazySchema(build);
    expect(builds).toBe(0);
    expect(lazy.parse({ page: 3 })).toEqual({ page: 3 });
    expect(lazy.parse({ page: -2, q: 'x' })).toEqual({ page: 1, q: 'x' });
    expect(lazy.schema()).toBe(lazy.schema());
    expect(builds).toBe(1);
  });

  it('validates as a Standard Schema (the router reads `~standard`) with the schema’s answers', async () => {
    const lazy = lazySchema(build);
    expect(await lazy['~standard'].validate({ page: '7' })).toEqual({ value: { page: 1 } });
    const failed = await lazy['~standard'].validate({ q: 5 });
    expect(failed.issues?.[0]?.path).toEqual(['q']);
    expect(lazy['~standard'].vendor).toBe('zod');
  });
});

import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { LazyChildLogger } from './lazy-logger';

const lineSchema = z.looseObject({ msg: z.string().optional(), reqId: z.string().optional() });

function logger() {
  const lines: string[] = [];
  const parent = pino(
    { level: 'info', redact: { paths: ['*.headers["x-api-key"]'], censor: '[redacted]' } },
    { write: (line: string) => void lines.push(line) },
  );
  return { parent, lines, parsed: () => lines.map((line) => lineSchema.parse(JSON.parse(line))) };
}

describe('LazyChildLogger', () => {
  it('makes the child only when something is logged', () => {
    const { parent } = logger();
    const child = vi.spyOn(parent, 'child');
    const lazy = new LazyChildLogger(parent, { reqId: 'r1' }, {});
    expect(lazy.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    lazy.info('first');
    lazy.info('second');
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('writes what the child would have: its bindings, the redaction, format arguments, levels', () => {
    const { parent, lines, parsed } = logger();
    const lazy = new LazyChildLogger(parent, { reqId: 'r1' }, {});
    lazy.warn({ req: { headers: { 'x-api-key': 'secret-key' } } }, 'with a header');
    lazy.info('%s of %d', 'one', 2);
    lazy.debug('below the level');
    expect(lines.join('')).not.toContain('secret-key');
    expect(lines.join('')).toContain('[redacted]');
    expect(parsed()).toMatchObject([
      { reqId: 'r1', msg: 'with a header', level: 40 },
      { reqId: 'r1', msg: 'one of 2', level: 30 },
    ]);
  });

  it('takes a level of its own', () => {
    const { parent, parsed } = logger();
    const lazy = new LazyChildLogger(parent, { reqId: 'r2' }, { level: 'debug' });
    expect(lazy.level).toBe('debug');
    lazy.debug('now shown');
    lazy.level = 'error';
    lazy.warn('not shown');
    expect(parsed()).toMatchObject([{ reqId: 'r2', msg: 'now shown' }]);
  });
});

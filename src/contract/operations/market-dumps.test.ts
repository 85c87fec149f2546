import { describe, expect, it } from 'vitest';
import { catalog, operations } from '../catalog';
import { ErrorCode, errorCodeInfo } from '../envelope';
import { DUMP_KINDS, DUMP_LINK_TTL_MS, dumpOperationId, marketDumpOperations as ops } from './market-dumps';
import { dataCases, paramCases } from './operation-cases.testkit';

const link = {
  presigned_url:
    'https://dumps.example.com/daily-k/20261127-3f2a9c0d1e/daily-k.parquet?expires=1795756200000&signature=ab12',
  presigned_url_expires_at: '2026-11-27T02:35:00.000Z',
};

describe('market dumps in the catalog', () => {
  it('has one open operation per dump at /api/dump/market-dumps/<kind>/download-url', () => {
    const dumps = operations.filter((op) => op.group === 'market-dumps');
    expect(dumps.map((op) => op.id)).toEqual(DUMP_KINDS.map(dumpOperationId));
    for (const kind of DUMP_KINDS) {
      const op = catalog[dumpOperationId(kind)];
      expect(op.path).toBe(`/api/dump/market-dumps/${kind}/download-url`);
      expect(op.access).toBe('open');
      expect(op.source).toBe('extras');
      expect(op.paramNames).toEqual([]);
    }
    // The service's "about 5 minutes".
    expect(DUMP_LINK_TTL_MS).toBe(300_000);
  });

  it('has codes of its own: 2002/2004 when the key is refused, 4040 (try again later) when not ready', () => {
    expect(ErrorCode.DUMP_AUTH_FAILED).toBe(2002);
    expect(ErrorCode.DUMP_AUTH_DENIED).toBe(2004);
    expect(ErrorCode.DUMP_NOT_READY).toBe(4040);
    expect(errorCodeInfo[2002]).toMatchObject({ transient: false });
    expect(errorCodeInfo[2004]).toMatchObject({ transient: false });
    expect(errorCodeInfo[4040]).toMatchObject({ transient: true });
    expect(errorCodeInfo[4040]?.meaning).toContain('not ready');
  });
});

for (const op of Object.values(ops)) {
  paramCases(op, [
    { name: 'takes no parameters', q: {}, code: 0 },
    { name: 'an empty query value of an unknown parameter', q: { date: '' }, code: 1002, param: 'date' },
  ]);

  dataCases(op, [
    { name: 'a link and its expiry (ISO 8601 UTC)', sample: link },
    { name: 'without the expiry', sample: { presigned_url: link.presigned_url }, ok: false },
    { name: 'the link as an object', sample: { ...link, presigned_url: { url: 'x' } }, ok: false },
  ]);
}

import { aSharePriceOperations as ops } from './a-share-prices';
import { paramCases } from './operation-cases.testkit';

const historical = ops['a-share/prices/historical'];
const window = { thscode: '600519.SH', start: '1716105600000', end: '1747641600000' };

// docs/api/endpoints-prices.md lists `offset` (default 0) for the daily bars: taken, never "not accepted".
paramCases(historical, [
  { name: 'without offset', q: window, code: 0 },
  { name: 'offset 0', q: { ...window, offset: '0' }, code: 0, value: { offset: 0 } },
  { name: 'offset 20', q: { ...window, offset: '20' }, code: 0, value: { offset: 20 } },
  { name: 'negative offset', q: { ...window, offset: '-1' }, code: 1003, param: 'offset' },
  { name: 'offset as text', q: { ...window, offset: 'ten' }, code: 1002, param: 'offset' },
]);

import { StockLink } from '../StockLink';
import type { DataColumn } from './DataTable';

/** The code and name columns every stock list starts with, both linking to the stock view. */
export function codeNameColumns<R extends { thscode: string; name: string }>(headers: {
  code: string;
  name: string;
}): DataColumn<R>[] {
  return [
    {
      id: 'code',
      header: headers.code,
      value: (r) => r.thscode,
      cell: (r) => <StockLink thscode={r.thscode}>{r.thscode}</StockLink>,
      hideable: false,
      width: 104,
    },
    {
      id: 'name',
      header: headers.name,
      value: (r) => r.name,
      cell: (r) => <StockLink thscode={r.thscode}>{r.name}</StockLink>,
    },
  ];
}

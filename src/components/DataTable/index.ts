export {
  DataTable,
  type CellValue,
  type DataColumn,
  type DataTableProps,
  type SortingState,
} from './DataTable';
export { codeNameColumns } from './stockColumns';

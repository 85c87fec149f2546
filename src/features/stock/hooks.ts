import type { StockSearch } from './search';

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = (patch: Partial<StockSearch>, opts?: { replace?: boolean }) => void;

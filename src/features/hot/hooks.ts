import type { HotSearch } from './search';

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = (patch: Partial<HotSearch>, opts?: { replace?: boolean }) => void;

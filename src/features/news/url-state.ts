import { z } from 'zod';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { lazySchema } from '../../lib/lazy-schema';
import { FLASH_ALL_COLUMN, FLASH_COLUMN_IDS } from '../../contract/operations/news-terms';

/** The news page's view state: the column. A link with an unknown column opens the full feed. */

export type FlashColumn = (typeof FLASH_COLUMN_IDS)[number];

export const NEWS_SEARCH_DEFAULTS = { tag: FLASH_ALL_COLUMN } as const;

function isColumn(value: number): value is FlashColumn {
  return FLASH_COLUMN_IDS.some((id) => id === value);
}

const buildNewsSearchSchema = () =>
  z.object({
    tag: z
      .number()
      .int()
      .refine(isColumn)
      .transform((value): FlashColumn => (isColumn(value) ? value : FLASH_ALL_COLUMN))
      .default(NEWS_SEARCH_DEFAULTS.tag)
      .catch(NEWS_SEARCH_DEFAULTS.tag),
  });

export const newsSearchSchema = lazySchema(buildNewsSearchSchema);

export type NewsSearch = z.output<ReturnType<typeof buildNewsSearchSchema>>;

export function parseNewsSearch(raw: unknown): NewsSearch {
  return newsSearchSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
}

export type UpdateSearch = SearchPatch<NewsSearch>;

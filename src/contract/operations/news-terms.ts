/**
 * Words and limits of the news operations (news.ts) that pages read without calling them: plain
 * values, no schemas, so importing them never builds the operations' schemas.
 */

/**
 * The columns of the flash stream: `tag_id` of the list and refresh operations, and the ids an item's
 * `tags` carry. The spec names `tag_id` a column id without listing the ids, so this list is the
 * dashboard's reading, shared with the simulator; the names are the service's (Chinese) tag names.
 */
export const FLASH_TAGS = [
  { id: 1, name: 'A股' },
  { id: 2, name: '宏观' },
  { id: 3, name: '港美股' },
  { id: 4, name: '期货' },
  { id: 5, name: '公司' },
  { id: 6, name: '行业' },
  { id: 7, name: '全球' },
] as const;

/** Column 0 is the full feed: every flash, whatever its tags. */
export const FLASH_ALL_COLUMN = 0;

/** Every column a reader can choose: the full feed first, then the tags. */
export const FLASH_COLUMN_IDS = [FLASH_ALL_COLUMN, ...FLASH_TAGS.map((tag) => tag.id)] as const;

/**
 * The spec calls `type` only "flash type". The dashboard reads type 2 as an announcement flash, whose
 * `seq` is also the announcement's sequence for `news/notice/detail` (the simulator keeps the two
 * consistent); other types are plain flashes.
 */
export const FLASH_TYPE_ANNOUNCEMENT = 2;

/**
 * How often an open flash page asks for new items outside trading sessions (news keeps coming in the
 * evening, more slowly); during sessions it follows the intraday class's live interval (cache-policy.ts).
 */
export const FLASH_QUIET_REFRESH_MS = 5 * 60_000;

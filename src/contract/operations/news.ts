import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, ms, text } from '../params';
import { int as integer, str, strOrNull } from '../common';

/** Opaque long integer as decimal digits; passed back unchanged, never parsed as a number (precision). */
const cursor = () =>
  text({ max: 32, pattern: /^\d+$/, rule: 'must be an opaque sequence of decimal digits' });

/** The spec's "the service[]" is the real field `tags`. */
export const flashTag = z.looseObject({ id: integer, name: str });

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

/**
 * The refresh operation's `create_time_ms` rule: whole seconds. Creation times are upstream seconds
 * times 1000, so the newest one known already obeys it; this keeps a caller safe if one does not.
 */
export function wholeSecondMs(ms: number): number {
  return Math.floor(ms / 1000) * 1000;
}

export const flashItem = z.looseObject({
  id: str,
  seq: str,
  title: str,
  encoded_url: str,
  summary: strOrNull,
  tags: z.array(flashTag),
  type: integer,
  create_time_ms: integer,
  update_time_ms: integer,
  pic_url: strOrNull,
});

export const flashData = z.looseObject({ items: z.array(flashItem) });

export const noticeSummary = z.looseObject({
  notice_type: str,
  items: z.array(z.looseObject({ title: str, content: str })),
});

/** `*_html` fields carry markup from the service: sanitise before rendering. */
export const monthlyReportInterpretation = z.looseObject({
  notice_type: str,
  has_findings: z.boolean(),
  findings: z.array(
    z.looseObject({
      title: str,
      blocks: z.array(z.looseObject({ sub_title: str, content_html: str })),
    }),
  ),
  summary_html: str,
});

export const noticeDetailData = z.looseObject({
  seq: str,
  guid: strOrNull,
  title: str,
  report_period: strOrNull,
  summary: noticeSummary.nullable(),
  monthly_report_interpretation: monthlyReportInterpretation.nullable(),
});

export const newsOperations = defineOperations(
  { group: 'news', access: 'open', source: 'spec' },
  {
    'news/flash/list': {
      cache: 'intraday',
      summary: "News flashes of one column, one page back from 'seq' ('0' for the first screen)",
      params: z.object({ tag_id: int(), seq: cursor() }),
      data: flashData,
    },
    'news/flash/refresh': {
      cache: 'intraday',
      summary: 'News flashes of one column newer than the latest known one (may repeat records)',
      params: z.object({ tag_id: int(), seq: cursor(), create_time_ms: ms({ wholeSeconds: true }) }),
      data: flashData,
    },
    'news/notice/detail': {
      summary: 'Interpretation of one announcement: summary items and monthly-report findings',
      params: z.object({ seq: text({ max: 64 }) }),
      data: noticeDetailData,
      cache: 'reference',
    },
  },
);

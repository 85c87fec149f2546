import { z } from 'zod';
import { defineOperations } from '../operation';
import { int, ms, text } from '../params';
import { int as integer, str, strOrNull } from '../common';

/** The group's vocabulary, kept free of schemas so that the browser's entry can read it. */
export {
  FLASH_TAGS,
  FLASH_ALL_COLUMN,
  FLASH_COLUMN_IDS,
  FLASH_TYPE_ANNOUNCEMENT,
  FLASH_QUIET_REFRESH_MS,
} from './news-terms';

/** Opaque long integer as decimal digits; passed back unchanged, never parsed as a number (precision). */
const cursor = () =>
  text({ max: 32, pattern: /^\d+$/, rule: 'must be an opaque sequence of decimal digits' });

/** The spec's "the service[]" is the real field `tags`. */
export const flashTag = z.looseObject({ id: integer, name: str });

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

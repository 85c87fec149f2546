import type { DuckDBConnection } from '@duckdb/node-api';
import { CROSS_SECTION_HIGH_DAYS, CROSS_SECTION_RETURN_DAYS } from '../../src/contract/market-cross-section';
import type { PanelStatus } from '../../src/contract/market-data';
import { Representation } from '../gateway/representation';
import type { ResearchStore } from './research-store';

/**
 * The cross-section's SQL over `panel_recent` (the last CROSS_SECTION_HIGH_DAYS trading days, forward-
 * adjusted, which the importer builds): the return is counted in market days (the close on the latest day
 * against the close CROSS_SECTION_RETURN_DAYS trading days before, null when the stock has no bar then);
 * the distance to the high needs a bar on every one of the days. The windows are the contract's constants
 * (numbers, not user input).
 */
export const CROSS_SECTION_SQL = `
WITH days AS (
  SELECT date, row_number() OVER (ORDER BY date DESC) - 1 AS back FROM (SELECT DISTINCT date FROM panel_recent)
),
marks AS (
  SELECT max(date) FILTER (WHERE back = 0) AS latest,
         max(date) FILTER (WHERE back = ${CROSS_SECTION_RETURN_DAYS}) AS before,
         count(*) AS days
  FROM days
),
stocks AS (
  SELECT r.thscode,
         max(r.close) FILTER (WHERE r.date = m.latest) AS close,
         max(r.close) FILTER (WHERE r.date = m.before) AS close_before,
         max(r.high) AS high_max,
         count(*) AS bars,
         any_value(m.latest) AS latest,
         any_value(m.days) AS days
  FROM panel_recent r CROSS JOIN marks m
  GROUP BY r.thscode
)
SELECT thscode,
       strftime(latest, '%Y-%m-%d') AS day,
       close,
       close / close_before - 1 AS return_20d,
       CASE WHEN bars = ${CROSS_SECTION_HIGH_DAYS} AND days = ${CROSS_SECTION_HIGH_DAYS} THEN close / high_max - 1 END AS from_high_250d
FROM stocks
WHERE close IS NOT NULL
`;

/**
 * The cross-section as the JSON text of `CrossSection`, built by DuckDB itself (rows ascending by code), so
 * that the server sends it without turning 5,500 rows into objects and back: the same SQL, one string.
 */
export const CROSS_SECTION_JSON_SQL = `
WITH cs AS (${CROSS_SECTION_SQL})
SELECT json_object(
  'date', (SELECT any_value(day) FROM cs),
  'item', coalesce(
    (SELECT to_json(list(
      json_object('thscode', thscode, 'close', close, 'return_20d', return_20d, 'from_high_250d', from_high_250d)
      ORDER BY thscode)) FROM cs),
    '[]'::JSON)
)::VARCHAR AS body`;

const EMPTY_CROSS_SECTION = '{"date":null,"item":[]}';

/** Every stock on the panel's latest day (see the contract), as JSON text; an empty panel: no rows, date null. */
export async function crossSectionJson(connection: DuckDBConnection): Promise<string> {
  const reader = await connection.runAndReadAll(CROSS_SECTION_JSON_SQL);
  const body = reader.getRowsJson()[0]?.[0];
  return typeof body === 'string' ? body : EMPTY_CROSS_SECTION;
}

/** What identifies the panel's content: it changes with every import that reached the store. */
export function panelVersion(panel: PanelStatus): string {
  const last = panel.last_import;
  return [
    panel.latest_date,
    panel.rows,
    panel.codes,
    panel.events,
    last?.batch_id,
    last?.status,
    last?.completed_at,
  ].join('|');
}

/**
 * The cross-section as it goes over the wire, kept until the panel changes: the panel changes only on an
 * import, so the query, the JSON text, its tag and its compressed forms are made once per import and every
 * later request is served as the same bytes (a browser that has them gets 304). Requests that come while it
 * is built wait for the same build.
 */
export function keptCrossSection(
  source: () => { store: ResearchStore | null; panel: PanelStatus },
): () => Promise<Representation> {
  let kept: { version: string; answer: Promise<Representation> } | null = null;
  return () => {
    const { store, panel } = source();
    const version = store ? panelVersion(panel) : 'off';
    if (kept?.version !== version) {
      const answer = (store ? store.read(crossSectionJson) : Promise.resolve(EMPTY_CROSS_SECTION)).then(
        (body) => new Representation(body),
      );
      const entry = { version, answer };
      kept = entry;
      // A failed build is not kept: the next request tries again.
      answer.catch(() => {
        if (kept === entry) kept = null;
      });
    }
    return kept.answer;
  };
}

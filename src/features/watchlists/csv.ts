import type { WatchlistItem } from '../../api/watchlists';
import { WATCHLIST_CODE_RE, WATCHLIST_LIMITS, watchlistNoteSchema } from '../../contract/watchlists';
import { canonicalCode } from '../../contract/params-terms';
import { csvFileName, csvFileText, isFormulaLike, toCsv, type CsvColumn } from '../../lib/csv';

/**
 * A watchlist as a CSV file and back: `thscode,name,note`, one line per item in list order (the name is
 * for people; import takes the code and the note). Written with src/lib/csv.ts, so Excel opens it, and
 * read back by `parseWatchlistCsv`, which also takes the table's own export (代码/备注 headers) and a
 * bare list of codes.
 */

export const EXPORT_COLUMNS: readonly CsvColumn<WatchlistItem>[] = [
  { header: 'thscode', value: (item) => item.thscode },
  { header: 'name', value: (item) => item.name },
  { header: 'note', value: (item) => noteForCsv(item.note) },
];

/** The file's whole text (with the byte-order mark Excel needs for Chinese). */
export function watchlistCsvText(items: readonly WatchlistItem[]): string {
  return csvFileText(toCsv(EXPORT_COLUMNS, items));
}

export function watchlistFileName(listName: string): string {
  return csvFileName(listName);
}

/** The list name a file suggests: its name without the extension. */
export function nameFromFileName(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').trim();
}

/** A code with its note, from a line of a file or a position of a share link. */
export interface ImportEntry {
  /** 1-based line of the file (or position in a link). */
  line: number;
  thscode: string;
  note: string;
}

export type RejectReason = 'format' | 'duplicate' | 'note' | 'limit';

export interface RejectedEntry {
  line: number;
  /** The code as given (trimmed), or the whole line's first field. */
  code: string;
  reason: RejectReason;
}

export interface ParsedImport {
  entries: ImportEntry[];
  rejected: RejectedEntry[];
}

/** RFC 4180 records with the line each one starts on (quoted fields may span lines). */
export function parseCsvRecords(text: string): { line: number; fields: string[] }[] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  for (let i = 0; i < input.length; i++) {
    const ch = input[i];
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++;
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      fieldStarted = false;
      line++;
      start = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (fieldStarted || field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return records;
}

const CODE_HEADERS = ['thscode', 'code', '代码', '证券代码'];
const NOTE_HEADERS = ['note', 'notes', '备注'];

/**
 * Reading a field back removes that mark. A note that itself starts with quotes before such text gets
 * one more quote on export (`noteForCsv`), so every note survives the round trip exactly.
 */
export function unescapeCsvText(text: string): string {
  return text.startsWith("'") && isFormulaLike(text.slice(1).replace(/^'*/, '')) ? text.slice(1) : text;
}

/** The note as written to the file: see `unescapeCsvText`. */
export function noteForCsv(note: string): string {
  return /^'+/.test(note) && isFormulaLike(note.replace(/^'+/, '')) ? `'${note}` : note;
}

/** The server's rule for notes (length, no control characters but line breaks and tabs). */
export function isValidNote(note: string): boolean {
  return watchlistNoteSchema.safeParse(note).success;
}

/**
 * Checks codes and notes as the server will (format, repeats, note length, the item limit) so that
 * every refused line is reported with its reason instead of the whole import failing.
 */
export function checkEntries(raw: readonly ImportEntry[]): ParsedImport {
  const entries: ImportEntry[] = [];
  const rejected: RejectedEntry[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    const code = canonicalCode(entry.thscode);
    if (!WATCHLIST_CODE_RE.test(code))
      rejected.push({ line: entry.line, code: entry.thscode.trim(), reason: 'format' });
    else if (seen.has(code)) rejected.push({ line: entry.line, code, reason: 'duplicate' });
    else if (!isValidNote(entry.note)) rejected.push({ line: entry.line, code, reason: 'note' });
    else if (entries.length >= WATCHLIST_LIMITS.items_per_list)
      rejected.push({ line: entry.line, code, reason: 'limit' });
    else {
      seen.add(code);
      entries.push({ line: entry.line, thscode: code, note: entry.note });
    }
  }
  return { entries, rejected };
}

export function parseWatchlistCsv(text: string): ParsedImport {
  const records = parseCsvRecords(text).filter((r) => r.fields.some((f) => f.trim() !== ''));
  let codeAt = 0;
  let noteAt: number | null = 1;
  const first = records[0];
  if (first) {
    const headers = first.fields.map((f) => f.trim().toLowerCase());
    const code = headers.findIndex((h) => CODE_HEADERS.includes(h));
    if (code !== -1) {
      codeAt = code;
      const note = headers.findIndex((h) => NOTE_HEADERS.includes(h));
      noteAt = note === -1 ? null : note;
      records.shift();
    }
  }
  return checkEntries(
    records.map((r) => ({
      line: r.line,
      thscode: r.fields[codeAt] ?? '',
      note: noteAt === null ? '' : unescapeCsvText(r.fields[noteAt] ?? ''),
    })),
  );
}

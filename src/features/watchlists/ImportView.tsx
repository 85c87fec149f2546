import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { isWatchlistApiError, watchlistIndexQuery } from '../../api/watchlists';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { DASH } from '../../lib/format';
import { nameProblem } from './ListActions';
import { useWatchlistText, type WatchlistT } from './messages';
import { findInstrument, type InstrumentRecord } from '../../api/instruments';
import { lookupQuery } from './queries';
import {
  nameFromFileName,
  parseWatchlistCsv,
  type ImportEntry,
  type ParsedImport,
  type RejectedEntry,
} from './csv';
import { parseShared, uniqueName, type ImportSearch } from './share';
import { WATCHLIST_LIMITS, createWatchlistBody, isWatchlistAssetType } from '../../contract/watchlists';
import { apiErrorText } from './errors';
import { useImportWatchlist } from './api/import-watchlist';
import './watchlists.css';

/**
 * `/watchlists/import`: a shared link (`?name=…&codes=…`) or a CSV file becomes a preview: every code
 * checked (format, repeats, note length, limit) and looked up in the instrument search, names shown,
 * every refused line listed with its reason; "save as new list" stores what was accepted.
 */

interface Source {
  kind: 'link' | 'file';
  /** Tells two files with the same name apart: a new choice starts a new preview. */
  id: number;
  /** The name it suggests (shared name or file name). */
  name: string;
  parsed: ParsedImport;
}

/** Look-ups run a few at a time: the service's request budget is shared by everyone. */
const LOOKUPS_IN_FLIGHT = 4;

type Resolution =
  | { kind: 'pending' }
  | { kind: 'ok'; record: InstrumentRecord }
  | { kind: 'unknown' }
  | { kind: 'unsupported'; type: string }
  | { kind: 'error'; message: string };

/** A file's text as UTF-8 (FileReader: older engines and jsdom lack Blob.text()). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsText(file, 'utf-8');
  });
}

export function ImportView({ search }: { search: ImportSearch }) {
  const { t } = useWatchlistText();
  const linked = useMemo<Source | null>(() => {
    if (search.codes === undefined || search.codes.trim() === '') return null;
    return { kind: 'link', id: 0, name: search.name ?? '', parsed: parseShared(search) };
  }, [search]);
  const [file, setFile] = useState<Source | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const source = file ?? linked;

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    setFileError(null);
    try {
      const text = await readText(chosen);
      setFile((previous) => ({
        kind: 'file',
        id: (previous?.id ?? 0) + 1,
        name: nameFromFileName(chosen.name),
        parsed: parseWatchlistCsv(text),
      }));
    } catch (error) {
      setFileError(
        t('import.readFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    }
  }

  return (
    <div className="wl-page" data-testid="watchlist-import">
      <section className="panel">
        <Link to="/watchlists" className="wl-back">
          {t('list.back')}
        </Link>
        <h1 className="panel__title wl-title">
          {source?.kind === 'link' ? t('import.sharedTitle') : t('import.title')}
        </h1>
        {source?.kind !== 'link' && (
          <div className="wl-file">
            <p className="muted">{t('import.intro')}</p>
            <label className="btn wl-file__button">
              {file ? t('import.another') : t('import.file')}
              <input
                className="visually-hidden"
                type="file"
                accept=".csv,text/csv,text/plain"
                data-testid="import-file"
                onChange={(event) => void onFile(event)}
              />
            </label>
            {fileError && (
              <p className="wl-error" role="alert">
                {fileError}
              </p>
            )}
          </div>
        )}
      </section>
      {source && <Preview key={`${source.kind}:${source.id}`} source={source} />}
    </div>
  );
}

function resolutionOf(
  entry: ImportEntry,
  result: {
    data?: { item: InstrumentRecord[] } | undefined;
    isError: boolean;
    error: unknown;
    isPending: boolean;
  },
): Resolution {
  if (result.isError) {
    // The search says "no such instrument" with 3001; anything else means it could not be asked.
    if (result.error instanceof ApiError && result.error.code === ErrorCode.INSTRUMENT_NOT_FOUND)
      return { kind: 'unknown' };
    return {
      kind: 'error',
      message: result.error instanceof Error ? result.error.message : String(result.error),
    };
  }
  if (result.isPending || !result.data) return { kind: 'pending' };
  const record = findInstrument(result.data, entry.thscode);
  if (!record) return { kind: 'unknown' };
  if (!isWatchlistAssetType(record.asset_type)) return { kind: 'unsupported', type: record.asset_type };
  return { kind: 'ok', record };
}

function rejectText(entry: RejectedEntry, t: WatchlistT): string {
  switch (entry.reason) {
    case 'format':
      return t('reject.format', { code: entry.code === '' ? DASH : entry.code });
    case 'duplicate':
      return t('reject.duplicate', { code: entry.code });
    case 'note':
      return t('reject.note', { max: WATCHLIST_LIMITS.note_length });
    case 'limit':
      return t('reject.limit', { max: WATCHLIST_LIMITS.items_per_list });
  }
}

function Preview({ source }: { source: Source }) {
  const { t, lang, assetLabel } = useWatchlistText();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutateAsync: importList } = useImportWatchlist();
  const nameId = useId();
  const index = useQuery(watchlistIndexQuery());
  const { entries, rejected } = source.parsed;

  // Settled look-ups free a slot for the next code.
  const settled = entries.filter((e) => {
    const status = queryClient.getQueryState(lookupQuery(e.thscode).queryKey)?.status;
    return status === 'success' || status === 'error';
  }).length;
  const results = useQueries({
    queries: entries.map((entry, i) => ({
      ...lookupQuery(entry.thscode),
      enabled: i < settled + LOOKUPS_IN_FLIGHT,
    })),
  });
  const resolutions = entries.map((entry, i) => {
    const result = results[i];
    return result ? resolutionOf(entry, result) : { kind: 'pending' as const };
  });
  const done = resolutions.filter((r) => r.kind !== 'pending').length;
  const ready = entries.flatMap((entry, i) => {
    const r = resolutions[i];
    return r?.kind === 'ok' ? [{ entry, record: r.record }] : [];
  });
  const lookupRejects = entries.flatMap((entry, i) => {
    const r = resolutions[i];
    if (!r) return [];
    if (r.kind === 'unknown')
      return [{ line: entry.line, text: t('reject.unknown', { code: entry.thscode }) }];
    if (r.kind === 'unsupported')
      return [
        {
          line: entry.line,
          text: t('reject.unsupported', { code: entry.thscode, type: assetLabel(r.type) }),
        },
      ];
    if (r.kind === 'error')
      return [{ line: entry.line, text: t('reject.lookup', { code: entry.thscode, message: r.message }) }];
    return [];
  });
  const allRejects = [
    ...rejected.map((r) => ({ line: r.line, text: rejectText(r, t) })),
    ...lookupRejects,
  ].sort((a, b) => a.line - b.line);

  const suggested = index.data
    ? uniqueName(
        source.name,
        index.data.watchlists.map((w) => w.name),
      )
    : source.name;
  // The list's name: the contract's rule for a new list's name (the create form's), checked as it is
  // typed and on "save"; the suggestion follows the lists known here until the reader types their own.
  const { register, handleSubmit, formState, control, setError } = useForm({
    resolver: zodResolver(createWatchlistBody),
    mode: 'onChange',
    values: { name: suggested },
    resetOptions: { keepDirtyValues: true },
  });
  // Read as typed: the same rule refuses an empty and a long name, and the words tell them apart.
  const typed = useWatch({ control, name: 'name' });
  const nameError = formState.errors.name ? nameProblem(typed, t) : null;
  const problem =
    nameError === null ? null : t('import.nameProblem', { field: t('import.name'), problem: nameError });
  const saveError = formState.errors.root?.['server']?.message ?? null;
  const saving = formState.isSubmitting;
  const resolving = done < entries.length;
  const canSave = !saving && !resolving && ready.length > 0;

  const save = handleSubmit(async ({ name }) => {
    if (!canSave) return;
    try {
      const full = await importList({
        name,
        items: ready.map(({ entry }) => ({ thscode: entry.thscode, note: entry.note })),
      });
      await navigate({ to: '/watchlists/$id', params: { id: String(full.id) } });
    } catch (error) {
      setError('root.server', {
        message: t('import.failed', {
          message: isWatchlistApiError(error) ? apiErrorText(error, t, lang) : String(error),
        }),
      });
    }
  });

  const lineLabel = (line: number) =>
    source.kind === 'file' ? t('import.line', { line }) : t('import.position', { line });

  return (
    <section className="panel">
      <form className="wl-import-name" onSubmit={(event) => void save(event)} noValidate>
        <label id={nameId} htmlFor={`${nameId}-input`}>
          {t('import.name')}
        </label>
        <input
          id={`${nameId}-input`}
          className="wl-input"
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem !== null ? `${nameId}-problem` : undefined}
          {...register('name')}
        />
        <button type="submit" className="btn" disabled={!canSave}>
          {saving ? t('import.saving') : t('import.save')}
        </button>
        {problem !== null && (
          <span id={`${nameId}-problem`} className="wl-error" role="alert">
            {problem}
          </span>
        )}
      </form>
      <p className="muted" role="status" data-testid="import-status">
        {entries.length === 0
          ? rejected.length === 0
            ? t('import.empty')
            : t('import.nothing')
          : resolving
            ? t('import.resolving', { done, total: entries.length })
            : ready.length > 0
              ? t('import.ready', { count: ready.length })
              : t('import.nothing')}
      </p>
      {saveError && (
        <p className="wl-error" role="alert">
          {saveError}
        </p>
      )}
      {entries.length > 0 && (
        <div className="wl-preview-scroll">
          <table className="wl-preview" aria-label={t('import.previewLabel')}>
            <thead>
              <tr>
                <th scope="col" className="wl-num">
                  #
                </th>
                <th scope="col">{t('import.code')}</th>
                <th scope="col">{t('import.instrument')}</th>
                <th scope="col">{t('import.type')}</th>
                <th scope="col">{t('import.note')}</th>
                <th scope="col">{t('import.status')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => {
                const r = resolutions[i] ?? { kind: 'pending' };
                return (
                  <tr key={entry.thscode} data-testid="import-row" data-status={r.kind}>
                    <td className="wl-num num muted">{i + 1}</td>
                    <td className="num">{entry.thscode}</td>
                    <td>{r.kind === 'ok' ? r.record.name : DASH}</td>
                    <td className="wl-preview__word">
                      {r.kind === 'ok'
                        ? assetLabel(r.record.asset_type)
                        : r.kind === 'unsupported'
                          ? assetLabel(r.type)
                          : DASH}
                    </td>
                    <td className="wl-preview__note">{entry.note === '' ? DASH : entry.note}</td>
                    <td
                      className={`wl-preview__word ${r.kind === 'ok' || r.kind === 'pending' ? 'muted' : 'wl-error'}`}
                    >
                      {r.kind === 'ok' ? t('import.ok') : r.kind === 'pending' ? t('import.pending') : DASH}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {allRejects.length > 0 && (
        <div
          className="wl-rejects"
          role="region"
          aria-label={t('import.rejected', { count: allRejects.length })}
        >
          <h2 className="wl-rejects__title">{t('import.rejected', { count: allRejects.length })}</h2>
          <ul data-testid="import-rejects">
            {allRejects.map((r) => (
              <li key={`${r.line}:${r.text}`}>
                <span className="num muted">{lineLabel(r.line)}</span> {r.text}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

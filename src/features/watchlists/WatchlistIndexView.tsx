import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  deletedWatchlistsQuery,
  isWatchlistApiError,
  watchlistIndexQuery,
  type WatchlistSummary,
} from '../../api/watchlists';
import { useRestoreDeleted } from './api/restore-watchlist';
import { WATCHLIST_LIMITS, createWatchlistBody } from '../../contract/watchlists';
import { ErrorState } from '../../components/states';
import { MinuteText } from './MinuteText';
import { ConfirmDelete, RenameForm, nameProblem } from './ListActions';
import { useWatchlistText } from './messages';
import { outcomeNotice } from './editor';
import { useCreateWatchlist } from './api/create-watchlist';
import { useEditWatchlist } from './api/edit-watchlist';
import { apiErrorText } from './errors';
import { useDeleteList } from './useDeleteList';
import { useLiveWatchlists } from './live';
import { LiveIndicator } from './LiveIndicator';
import './watchlists.css';

/** `/watchlists`: every list with its size and last change; create, rename, delete. */
export function WatchlistIndexView() {
  const { t, lang } = useWatchlistText();
  const index = useQuery(watchlistIndexQuery());
  // Lists created, changed or shared elsewhere show up by themselves while the page is open.
  const live = useLiveWatchlists();
  const navigate = useNavigate();
  const { mutateAsync: editList } = useEditWatchlist();
  const [status, setStatus] = useState('');
  const [renaming, setRenaming] = useState<number | null>(null);
  const [renameError, setRenameError] = useState<string | null>(null);
  const removal = useDeleteList((list) => setStatus(t('delete.done', { name: list.name })));

  async function rename(list: WatchlistSummary, name: string) {
    setRenaming(null);
    const edit = { kind: 'rename', name, base: list.name } as const;
    // Planned on the summary the reader saw: a rename needs no items.
    const outcome = await editList({ id: list.id, edit, base: { ...list, items: [] } });
    const notice = outcomeNotice(edit, outcome, t, lang);
    setRenameError(notice?.tone === 'error' ? notice.text : null);
    if (notice?.tone === 'info') setStatus(notice.text);
  }

  const all = index.data?.watchlists ?? [];
  const lists = all.filter((l) => l.access === 'owner');
  const team = all.filter((l) => l.access !== 'owner');
  const max = index.data?.limits.lists ?? WATCHLIST_LIMITS.lists;

  return (
    <div className="wl-page" data-testid="watchlist-index">
      <section className="panel">
        <div className="wl-head">
          <h1 className="panel__title wl-title">{t('index.mine')}</h1>
          <span className="muted num">
            {index.data ? t('index.count', { count: lists.length, max }) : ''}
          </span>
          <LiveIndicator state={live} />
          <span className="wl-head__spacer" />
          <Link to="/watchlists/import" className="btn btn--small">
            {t('index.import')}
          </Link>
        </div>
        <p className="muted wl-intro">{t('index.intro')}</p>
        <CreateForm
          disabled={lists.length >= max}
          onCreated={(id) => void navigate({ to: '/watchlists/$id', params: { id: String(id) } })}
        />
        <p className="visually-hidden" role="status">
          {status}
        </p>
        {renameError && (
          <p className="wl-error" role="alert">
            {renameError}
          </p>
        )}
        {index.isError ? (
          <ErrorState error={index.error} onRetry={() => void index.refetch()} />
        ) : index.isPending ? (
          <div className="wl-index-skeleton" aria-hidden="true" />
        ) : lists.length === 0 ? (
          <p className="muted" role="status">
            {t('index.empty')}
          </p>
        ) : (
          <table className="wl-index" aria-label={t('index.listLabel')}>
            <thead>
              <tr>
                <th scope="col">{t('index.name')}</th>
                <th scope="col" className="wl-num">
                  {t('index.items')}
                </th>
                <th scope="col">{t('index.visibility')}</th>
                <th scope="col">{t('index.updated')}</th>
                <th scope="col">{t('index.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr key={list.id} data-testid="watchlist-entry">
                  <td>
                    {renaming === list.id ? (
                      <RenameForm
                        name={list.name}
                        onSave={(name) => void rename(list, name)}
                        onCancel={() => setRenaming(null)}
                      />
                    ) : (
                      <Link to="/watchlists/$id" params={{ id: String(list.id) }} className="wl-index__name">
                        {list.name}
                      </Link>
                    )}
                  </td>
                  <td className="wl-num num">{list.item_count}</td>
                  <td>
                    <span className={list.visibility === 'team' ? 'wl-badge wl-badge--team' : 'wl-badge'}>
                      {t(`visibility.${list.visibility}`)}
                    </span>
                  </td>
                  <td className="num muted">
                    <MinuteText ms={list.updated_at} />
                  </td>
                  <td>
                    {removal.state.target?.id === list.id ? (
                      <ConfirmDelete
                        name={removal.state.target.name}
                        count={removal.state.target.item_count}
                        message={removal.state.message}
                        busy={removal.state.busy}
                        onConfirm={() => void removal.confirm()}
                        onCancel={removal.cancel}
                      />
                    ) : (
                      <span className="wl-row-actions">
                        <button
                          type="button"
                          className="btn btn--small btn--ghost"
                          aria-label={`${t('rename.label')} ${list.name}`}
                          onClick={() => setRenaming(list.id)}
                        >
                          {t('rename.label')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--small btn--ghost"
                          aria-label={`${t('delete.label')} ${list.name}`}
                          onClick={() => removal.ask(list)}
                        >
                          {t('delete.label')}
                        </button>
                      </span>
                    )}
                    {removal.state.target?.id === list.id && removal.state.error && (
                      <span className="wl-error" role="alert">
                        {removal.state.error}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <TeamLists lists={team} pending={index.isPending} />
      <RecentlyDeleted onRestored={(name) => setStatus(t('deleted.restored', { name }))} />
    </div>
  );
}

/** Lists colleagues made visible to the team: read-only, with their owner. */
function TeamLists({ lists, pending }: { lists: readonly WatchlistSummary[]; pending: boolean }) {
  const { t } = useWatchlistText();
  return (
    <section className="panel" aria-labelledby="wl-team-title" data-testid="team-lists">
      <h2 id="wl-team-title" className="panel__title">
        {t('index.team')}
      </h2>
      <p className="muted wl-intro">{t('index.teamIntro')}</p>
      {pending ? null : lists.length === 0 ? (
        <p className="muted">{t('index.teamEmpty')}</p>
      ) : (
        <div className="wl-scroll">
          <table className="wl-index" aria-label={t('index.team')}>
            <thead>
              <tr>
                <th scope="col">{t('index.name')}</th>
                <th scope="col">{t('index.owner')}</th>
                <th scope="col" className="wl-num">
                  {t('index.items')}
                </th>
                <th scope="col">{t('index.updated')}</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((list) => (
                <tr key={list.id} data-testid="team-entry">
                  <td>
                    <Link to="/watchlists/$id" params={{ id: String(list.id) }} className="wl-index__name">
                      {list.name}
                    </Link>
                  </td>
                  <td>{list.owner_name}</td>
                  <td className="wl-num num">{list.item_count}</td>
                  <td className="num muted">
                    <MinuteText ms={list.updated_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The reader's deleted lists, kept 30 days, each with "restore". */
function RecentlyDeleted({ onRestored }: { onRestored: (name: string) => void }) {
  const { t, lang } = useWatchlistText();
  const deleted = useQuery(deletedWatchlistsQuery());
  const restore = useRestoreDeleted();
  const [error, setError] = useState<string | null>(null);
  const rows = deleted.data ?? [];
  return (
    <section className="panel" aria-labelledby="wl-deleted-title" data-testid="recently-deleted">
      <h2 id="wl-deleted-title" className="panel__title">
        {t('deleted.title')}
      </h2>
      <p className="muted wl-intro">{t('deleted.intro')}</p>
      {error && (
        <p className="wl-error" role="alert">
          {error}
        </p>
      )}
      {deleted.isError ? (
        <ErrorState error={deleted.error} onRetry={() => void deleted.refetch()} />
      ) : deleted.isPending ? null : rows.length === 0 ? (
        <p className="muted">{t('deleted.empty')}</p>
      ) : (
        <div className="wl-scroll">
          <table className="wl-index" aria-label={t('deleted.title')}>
            <thead>
              <tr>
                <th scope="col">{t('index.name')}</th>
                <th scope="col" className="wl-num">
                  {t('index.items')}
                </th>
                <th scope="col">{t('deleted.when')}</th>
                <th scope="col">{t('deleted.until')}</th>
                <th scope="col">{t('index.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-testid="deleted-entry">
                  <td>{row.name}</td>
                  <td className="wl-num num">{row.item_count}</td>
                  <td className="num muted">
                    <MinuteText ms={row.deleted_at} />
                  </td>
                  <td className="num muted">
                    <MinuteText ms={row.purge_at} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={restore.isPending}
                      aria-label={t('deleted.restoreLabel', { name: row.name })}
                      onClick={() => {
                        setError(null);
                        restore.mutate(row.id, {
                          onSuccess: (list) => onRestored(list.name),
                          onError: (failure) =>
                            setError(
                              t('deleted.failed', {
                                message: isWatchlistApiError(failure)
                                  ? apiErrorText(failure, t, lang)
                                  : String(failure),
                              }),
                            ),
                        });
                      }}
                    >
                      {t('deleted.restore')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function CreateForm({ disabled, onCreated }: { disabled: boolean; onCreated: (id: number) => void }) {
  const { t, lang } = useWatchlistText();
  const { mutateAsync: createList } = useCreateWatchlist();
  // The contract's body schema decides; a refusal shows until the name is changed, then waits for the
  // next submit.
  const { register, handleSubmit, formState, setError, clearErrors, reset, getValues } = useForm({
    resolver: zodResolver(createWatchlistBody),
    defaultValues: { name: '' },
    reValidateMode: 'onSubmit',
  });
  const submit = handleSubmit(async ({ name }) => {
    try {
      const list = await createList(name);
      reset();
      onCreated(list.id);
    } catch (failure) {
      setError('root.server', {
        message: isWatchlistApiError(failure) ? apiErrorText(failure, t, lang) : String(failure),
      });
    }
  });
  const error = formState.errors.name
    ? nameProblem(getValues('name'), t)
    : (formState.errors.root?.['server']?.message ?? null);

  return (
    <form className="wl-create" onSubmit={(event) => void submit(event)} noValidate>
      <label className="wl-create__label" htmlFor="wl-create-name">
        {t('create.label')}
      </label>
      <input
        id="wl-create-name"
        className="wl-input"
        placeholder={t('create.placeholder')}
        aria-invalid={error !== null || undefined}
        aria-describedby={error !== null ? 'wl-create-error' : undefined}
        disabled={disabled}
        {...register('name', { onChange: () => clearErrors() })}
      />
      <button type="submit" className="btn" disabled={disabled || formState.isSubmitting}>
        {formState.isSubmitting ? t('create.busy') : t('create.submit')}
      </button>
      {error !== null && (
        <span id="wl-create-error" className="wl-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

import { useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useServerClock } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { errorCodeInfo } from '../../contract/envelope';
import type { ParamFailure } from '../../contract/params';
import { shanghaiDate } from '../../contract/time';
import { AnswerView } from './AnswerView';
import { CopyAs } from './CopyAs';
import { messages } from './messages';
import './explorer.css';
import {
  checkField,
  checkRequest,
  fieldsOf,
  filterOperations,
  operationOf,
  type CatalogOperation,
  type FormValues,
} from './model';
import { ParamInput } from './ParamInput';
import { explorerCallQuery } from './queries';
import { explorerSearch, readExplorerSearch } from './form-url';
import type { ExplorerSearch } from './url-state';
import { useUrlDraft } from './useUrlDraft';

/**
 * One operation of the catalog: a form generated from its parameter descriptions, checked in the browser
 * exactly as the BFF checks it (nothing refused ever leaves the page), and the BFF's answer as sent.
 * The form lives in the URL (replaced as the user types, pushed when a request is sent), so a link
 * reproduces the call.
 */

export interface OperationPageProps {
  id: string;
  /** The raw query string: the form values exactly as in the URL (see `readExplorerSearch`). */
  searchStr: string;
  onSearch: (search: ExplorerSearch, opts: { replace: boolean }) => void;
  onOpen: (id: string) => void;
}

/** A stable text of the values that reach the URL (empty ones do not), to recognise our own writes. */
function valuesKey(values: FormValues): string {
  return JSON.stringify(
    Object.entries(values)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

function Switcher({ current, onOpen }: { current: string; onOpen: (id: string) => void }) {
  const { t } = messages.useText();
  const groups = useMemo(() => filterOperations('', () => []), []);
  return (
    <label className="xp-switch">
      <span className="muted">{t('op.switch')}</span>
      <select className="input" value={current} onChange={(e) => onOpen(e.target.value)}>
        {groups.map(({ group, operations }) => (
          <optgroup key={group} label={t(`group.${group}`)}>
            {operations.map((op) => (
              <option key={op.id} value={op.id}>
                {op.id}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

function Refusal({ failure }: { failure: ParamFailure }) {
  const { t } = messages.useText();
  return (
    <div className="notice xp-refusal" role="alert" data-testid="refusal">
      <strong>{t('form.refused')}</strong>
      <span>
        <span className="num">{failure.code}</span> · {failure.message}
        {errorCodeInfo[failure.code] && (
          <span className="muted"> ({errorCodeInfo[failure.code]?.meaning})</span>
        )}
      </span>
    </div>
  );
}

function OperationForm({
  op,
  searchStr,
  onSearch,
}: Omit<OperationPageProps, 'id' | 'onOpen'> & { op: CatalogOperation }) {
  const { t } = messages.useText();
  const queryClient = useQueryClient();
  const clock = useServerClock();
  const fields = useMemo(() => fieldsOf(op), [op]);
  const formRef = useRef<HTMLFormElement>(null);

  const { values: urlValues, run } = useMemo(() => readExplorerSearch(searchStr), [searchStr]);
  const [values, setValues] = useUrlDraft<FormValues>(urlValues, valuesKey);
  const [refusal, setRefusal] = useState<ParamFailure | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());

  const sent = run ? checkRequest(op, urlValues, clock.now()) : null;
  const sentQuery = sent?.ok ? sent.query : null;
  const call = useQuery({
    ...explorerCallQuery(op.id, clock.known ? sentQuery : null),
    placeholderData: keepPreviousData,
  });
  const shownRefusal = refusal ?? (sent && !sent.ok ? sent : null);

  function write(next: FormValues, sendIt: boolean, replace: boolean) {
    setValues(next);
    onSearch(explorerSearch(next, sendIt), { replace });
  }

  /**
   * History: edits replace the draft's entry, but the first edit after a sent request starts a new one,
   * so Back returns to the request; sending turns the draft's entry into the request's.
   */
  function change(name: string, value: string) {
    setRefusal(null);
    write({ ...values, [name]: value }, false, !run);
  }

  function send() {
    const checked = checkRequest(op, values, clock.now());
    if (!checked.ok) {
      setRefusal(checked);
      const target = checked.param ? formRef.current?.querySelector(`[data-param="${checked.param}"]`) : null;
      if (target instanceof HTMLElement) target.focus();
      return;
    }
    setRefusal(null);
    const queryKey = explorerCallQuery(op.id, checked.query).queryKey;
    if (run && valuesKey(values) === valuesKey(urlValues)) {
      // The request on screen, asked again.
      void call.refetch();
      return;
    }
    // A request made earlier with these values is asked again, not read from the cache.
    queryClient.removeQueries({ queryKey, exact: true });
    write(values, true, !run);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  const today = shanghaiDate(clock.now());
  const sending = call.isFetching;
  return (
    <div className="xp-op">
      <form
        ref={formRef}
        className="panel xp-form"
        aria-labelledby="xp-form-title"
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        noValidate
        data-testid="explorer-form"
      >
        <h2 id="xp-form-title" className="panel__title">
          {t('form.title')} <span className="muted num">({fields.length})</span>
        </h2>
        {fields.length === 0 && <p className="muted">{t('form.none')}</p>}
        {fields.map((field) => {
          const value = values[field.name] ?? '';
          const own = left.has(field.name) ? checkField(op, field.name, value) : null;
          const problem = shownRefusal && shownRefusal.param === field.name ? shownRefusal : own;
          return (
            <div key={field.name} onBlur={() => setLeft((prev) => new Set(prev).add(field.name))}>
              <ParamInput
                field={field}
                value={value}
                onChange={(next) => change(field.name, next)}
                problem={problem}
                today={today}
              />
            </div>
          );
        })}
        {shownRefusal && <Refusal failure={shownRefusal} />}
        <div className="xp-actions">
          <button type="submit" className="btn xp-send" aria-keyshortcuts="Control+Enter">
            {t('form.send')}
          </button>
          <span className="muted xp-hint">{t('form.sendHint')}</span>
          <span className="xp-actions__spacer" />
          <button
            type="button"
            className="btn btn--small"
            onClick={() => {
              setRefusal(null);
              write({}, false, !run);
            }}
            disabled={fields.length === 0}
          >
            {t('form.reset')}
          </button>
          <CopyLinkButton />
        </div>
        <CopyAs op={op} values={values} />
      </form>
      <AnswerView
        op={op}
        answer={call.data}
        error={call.error}
        sending={sending}
        previous={call.isPlaceholderData || (sentQuery === null && call.data !== undefined)}
        idle={sentQuery === null && call.data === undefined}
      />
    </div>
  );
}

export function OperationPage({ id, searchStr, onSearch, onOpen }: OperationPageProps) {
  const { t } = messages.useText();
  const op = operationOf(id);
  if (!op) {
    return (
      <div className="xp-page">
        <section className="panel" role="alert">
          <h1 className="panel__title">{t('op.notFound', { id })}</h1>
          <Link to="/explorer">{t('op.back')}</Link>
        </section>
      </div>
    );
  }
  return (
    <div className="xp-page">
      <header className="panel xp-head">
        <nav className="xp-crumbs" aria-label={t('page.title')}>
          <Link to="/explorer">{t('page.title')}</Link>
          <span aria-hidden="true"> / </span>
          <Link to="/explorer" hash={`group-${op.group}`}>
            {t(`group.${op.group}`)}
          </Link>
        </nav>
        <h1 className="xp-path">
          <code>{op.path}</code>
        </h1>
        <p className="xp-summary-line">{op.summary}</p>
        <div className="xp-badges">
          {op.access === 'restricted' && (
            <span className="xp-tag xp-tag--restricted">{t('access.restricted')}</span>
          )}
          <span className="xp-tag">{t(`cache.${op.cache}`)}</span>
          {op.source === 'extras' && <span className="xp-tag">{t('source.extras')}</span>}
          <span className="muted">
            {t('op.tool')}: <code>{op.tool ?? t('op.noTool')}</code>
          </span>
          <span className="xp-head__spacer" />
          <Switcher current={op.id} onOpen={onOpen} />
        </div>
        {op.access === 'restricted' && <p className="notice">{t('access.restrictedNote')}</p>}
      </header>
      <OperationForm key={op.id} op={op} searchStr={searchStr} onSearch={onSearch} />
    </div>
  );
}

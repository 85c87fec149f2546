import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useServerClock } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { errorCodeInfo } from '../../contract/envelope';
import { shanghaiDate } from '../../contract/time';
import { AnswerView } from './AnswerView';
import { CopyAs } from './CopyAs';
import { messages } from './messages';
import './explorer.css';
import {
  checkRequest,
  fieldsOf,
  filterOperations,
  operationOf,
  requestQuery,
  type CatalogOperation,
  type FormValues,
} from './model';
import { paramForm, paramsResolver, problemOf, type FieldProblem, type ParamForm } from './params-form';
import { ParamInput } from './ParamInput';
import { explorerCallQuery } from './queries';
import { explorerSearch, readExplorerSearch } from './form-url';
import type { ExplorerSearch } from './url-state';
import { useUrlWrites } from './useUrlDraft';

/**
 * One operation of the catalog: a form generated from its parameter descriptions (react-hook-form over the
 * operation's parameter schema), checked in the browser exactly as the BFF checks it (nothing refused
 * ever leaves the page), and the BFF's answer as sent.
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

function Refusal({ failure }: { failure: FieldProblem }) {
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

  const { values: urlValues, run } = useMemo(() => readExplorerSearch(searchStr), [searchStr]);
  const resolver = useMemo(() => paramsResolver(op, clock.now), [op, clock.now]);
  // A field is checked when it is left, then as it is typed; the whole request when it is sent.
  const { control, handleSubmit, formState, getValues, reset, clearErrors, trigger } = useForm<ParamForm>({
    resolver,
    mode: 'onTouched',
    defaultValues: paramForm(op, urlValues),
  });
  // The values as typed, for the "copy as" texts (a copy: compared with the last one for a re-render).
  const values = useWatch({ control, compute: (all) => ({ ...all }) });
  const takeUrl = useCallback((fromUrl: FormValues) => reset(paramForm(op, fromUrl)), [reset, op]);
  const recordWrite = useUrlWrites<FormValues>(urlValues, valuesKey, takeUrl);

  const sent = run ? checkRequest(op, urlValues, clock.now()) : null;
  const sentQuery = sent?.ok ? sent.query : null;
  const call = useQuery({
    ...explorerCallQuery(op.id, clock.known ? sentQuery : null),
    placeholderData: keepPreviousData,
  });
  // A link that asks for a request the check refuses: the refusal, and nothing sent.
  const linkRefusal = sent && !sent.ok ? sent : null;
  const refusal = problemOf(formState.errors.root) ?? linkRefusal;

  function write(next: FormValues, sendIt: boolean, replace: boolean) {
    recordWrite(next);
    onSearch(explorerSearch(next, sendIt), { replace });
  }

  /**
   * History: edits replace the draft's entry, but the first edit after a sent request starts a new one,
   * so Back returns to the request; sending turns the draft's entry into the request's.
   */
  function change(name: string, value: string, onChange: (value: string) => void) {
    if (formState.errors.root) {
      // A refusal holds until the form changes; the other fields left keep their own problems.
      clearErrors();
      const left = Object.keys(formState.touchedFields).filter((other) => other !== name);
      if (left.length > 0) void trigger(left);
    }
    onChange(value);
    write({ ...getValues(), [name]: value }, false, !run);
  }

  const send = handleSubmit((checked) => {
    const queryKey = explorerCallQuery(op.id, requestQuery(op, checked)).queryKey;
    if (run && valuesKey(checked) === valuesKey(urlValues)) {
      // The request on screen, asked again.
      void call.refetch();
      return;
    }
    // A request made earlier with these values is asked again, not read from the cache.
    queryClient.removeQueries({ queryKey, exact: true });
    write(checked, true, !run);
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  const today = shanghaiDate(clock.now());
  const sending = call.isFetching;
  return (
    <div className="xp-op">
      <form
        className="panel xp-form"
        aria-labelledby="xp-form-title"
        onSubmit={(event) => void send(event)}
        onKeyDown={onKeyDown}
        noValidate
        data-testid="explorer-form"
      >
        <h2 id="xp-form-title" className="panel__title">
          {t('form.title')} <span className="muted num">({fields.length})</span>
        </h2>
        {fields.length === 0 && <p className="muted">{t('form.none')}</p>}
        {fields.map((field) => (
          <Controller
            key={field.name}
            control={control}
            name={field.name}
            render={({ field: input }) => (
              <div onBlur={input.onBlur}>
                <ParamInput
                  field={field}
                  value={input.value}
                  controlRef={input.ref}
                  onChange={(next) => change(field.name, next, input.onChange)}
                  problem={
                    problemOf(formState.errors[field.name]) ??
                    (linkRefusal?.param === field.name ? linkRefusal : null)
                  }
                  today={today}
                />
              </div>
            )}
          />
        ))}
        {refusal && <Refusal failure={refusal} />}
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
              reset(paramForm(op, {}));
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

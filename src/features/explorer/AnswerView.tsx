import { useMemo, useState } from 'react';
import type { RawAnswer } from '../../api/client';
import { Segmented } from '../../components/Segmented';
import { ErrorState, Loading } from '../../components/states';
import { errorCodeInfo } from '../../contract/envelope';
import type { AnyOperation } from '../../contract/operation';
import { recordSets, schemaIssues } from './answer';
import { JsonTree } from './JsonTree';
import { messages } from './messages';
import { RecordsTable } from './RecordsTable';

/**
 * What the BFF answered: the envelope's code, message and request id, the `X-Cache` status, the HTTP
 * status and the time taken; then the data as a table (each list of records), as collapsible JSON or as
 * the raw text, with any departure from the catalog's data schema named by field path.
 */

type View = 'table' | 'json' | 'raw';

/** Pretty-printing stops here: beyond it the raw text is shown as received. */
const PRETTY_MAX = 300_000;

function size(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

function rawText(answer: RawAnswer): string {
  if (!answer.envelope || answer.bodyText.length > PRETTY_MAX) return answer.bodyText;
  return JSON.stringify(answer.envelope, null, 2);
}

function Envelope({ op, answer }: { op: AnyOperation; answer: RawAnswer }) {
  const { t } = messages.useText();
  const envelope = answer.envelope;
  const data = envelope?.data;
  const ok = envelope?.code === 0;
  const sets = useMemo(() => (ok ? recordSets(data) : []), [ok, data]);
  const issues = useMemo(() => (ok ? schemaIssues(op, data) : []), [ok, op, data]);
  const [view, setView] = useState<View>(sets.length > 0 ? 'table' : 'json');
  const [setPath, setSetPath] = useState<string | null>(null);
  const set = sets.find((s) => s.path === setPath) ?? sets[0];
  const shownView = view === 'table' && !set ? 'json' : view;
  const code = envelope?.code ?? answer.problem?.code ?? null;

  return (
    <>
      <dl className="xp-summary" data-testid="answer-summary">
        <div>
          <dt>{t('answer.code')}</dt>
          <dd>
            <strong className={ok ? 'xp-good num' : 'xp-bad num'} data-testid="answer-code">
              {code ?? '—'}
            </strong>
            {code !== null && errorCodeInfo[code] && (
              <span className="muted"> {errorCodeInfo[code]?.meaning}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('answer.http')}</dt>
          <dd className="num">{answer.httpStatus}</dd>
        </div>
        <div>
          <dt>{t('answer.cache')}</dt>
          <dd>
            <span className="xp-tag num" data-testid="answer-cache">
              {answer.cache ?? '—'}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('answer.time')}</dt>
          <dd className="num" data-testid="answer-time">
            {answer.elapsedMs < 10 ? answer.elapsedMs.toFixed(1) : Math.round(answer.elapsedMs)} ms
          </dd>
        </div>
        <div>
          <dt>{t('answer.size')}</dt>
          <dd className="num">{size(new TextEncoder().encode(answer.bodyText).length)}</dd>
        </div>
        <div className="xp-summary__wide">
          <dt>{t('answer.requestId')}</dt>
          <dd className="num" data-testid="answer-request-id">
            {envelope?.request_id ?? answer.requestId ?? '—'}
          </dd>
        </div>
        <div className="xp-summary__full">
          <dt>{t('answer.message')}</dt>
          <dd data-testid="answer-message">{envelope?.message ?? answer.problem?.message ?? '—'}</dd>
        </div>
      </dl>
      <p className="xp-url">
        <span className="muted">{t('answer.url')} </span>
        <code data-testid="answer-url">GET {answer.url}</code>
      </p>
      {!envelope && <ErrorState compact error={answer.problem} title={t('answer.notEnvelope')} />}
      {ok &&
        (issues.length === 0 ? (
          <p className="xp-good" data-testid="schema-ok">
            ✓ {t('answer.schemaOk')}
          </p>
        ) : (
          <div className="notice" role="alert" data-testid="schema-issues">
            <strong>{t('answer.schemaBad', { count: issues.length })}</strong>
            <ul className="xp-issues">
              {issues.slice(0, 20).map((issue) => (
                <li key={`${issue.path} ${issue.message}`}>
                  <code>{issue.path}</code> {issue.message}
                </li>
              ))}
            </ul>
          </div>
        ))}
      <div className="xp-views">
        <Segmented
          label={t('answer.view')}
          value={shownView}
          options={[
            ...(set ? [{ value: 'table' as const, label: t('answer.table') }] : []),
            { value: 'json', label: t('answer.json') },
            { value: 'raw', label: t('answer.raw') },
          ]}
          onChange={setView}
        />
        {shownView === 'table' && sets.length > 1 && set && (
          <Segmented
            label={t('answer.records')}
            value={set.path}
            options={sets.map((s) => ({ value: s.path, label: <code>{s.path}</code> }))}
            onChange={setSetPath}
          />
        )}
      </div>
      {shownView === 'table' && set && <RecordsTable operationId={op.id} set={set} />}
      {shownView === 'table' && !set && ok && <p className="muted">{t('answer.noRecords')}</p>}
      {shownView === 'json' &&
        (envelope ? (
          data === null ? (
            <p className="muted">{t('answer.noData')}</p>
          ) : (
            <JsonTree value={data} />
          )
        ) : (
          <pre className="xp-raw">{answer.bodyText}</pre>
        ))}
      {shownView === 'raw' && (
        <pre className="xp-raw" data-testid="answer-raw">
          {rawText(answer)}
        </pre>
      )}
    </>
  );
}

export function AnswerView({
  op,
  answer,
  error,
  sending,
  previous,
  idle,
}: {
  op: AnyOperation;
  answer: RawAnswer | undefined;
  error: unknown;
  sending: boolean;
  /** The answer belongs to earlier form values (kept on screen while the form changes). */
  previous: boolean;
  idle: boolean;
}) {
  const { t } = messages.useText();
  let body;
  if (answer && !(sending && !previous)) {
    body = (
      <>
        {previous && (
          <p className="notice" role="status" data-testid="answer-previous">
            {sending ? t('answer.sending') : t('answer.previous')}
          </p>
        )}
        {/* A new answer starts with its own view and table choice. */}
        <Envelope key={`${answer.url} ${answer.requestId ?? ''}`} op={op} answer={answer} />
      </>
    );
  } else if (sending) {
    body = <Loading label={t('answer.sending')} />;
  } else if (error) {
    body = <ErrorState error={error} />;
  } else if (idle) {
    body = (
      <p className="muted xp-idle" data-testid="answer-idle">
        {t('answer.idle')}
      </p>
    );
  }
  return (
    <section className="panel xp-answer" aria-labelledby="xp-answer-title" aria-busy={sending}>
      <h2 id="xp-answer-title" className="panel__title">
        {t('answer.title')}
      </h2>
      {body}
    </section>
  );
}

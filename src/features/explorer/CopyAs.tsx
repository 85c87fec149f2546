import { CopyLinkButton } from '../../components/CopyLinkButton';
import type { AnyOperation } from '../../contract/operation';
import { curlCommand, typescriptSnippet, type FormValues } from './model';
import { messages } from './messages';

/** The form's request as a `curl` against this server (no key: it stays in the server) and as TypeScript. */
export function CopyAs({ op, values }: { op: AnyOperation; values: FormValues }) {
  const { t } = messages.useText();
  const curl = curlCommand(window.location.origin, op, values);
  const ts = typescriptSnippet(op, values);
  return (
    <div className="xp-copy">
      <div className="xp-copy__buttons">
        <span className="muted">{t('copy.title')}</span>
        <CopyLinkButton text={() => curl} label="curl" failedLabel={t('copy.failed')} testId="copy-curl" />
        <CopyLinkButton text={() => ts} label="TypeScript" failedLabel={t('copy.failed')} testId="copy-ts" />
      </div>
      <details>
        <summary className="muted">{t('copy.show')}</summary>
        <p className="muted">{t('copy.noKey')}</p>
        <pre className="xp-raw xp-copy__text" data-testid="curl-text">
          {curl}
        </pre>
        <pre className="xp-raw xp-copy__text" data-testid="ts-text">
          {ts}
        </pre>
      </details>
    </div>
  );
}

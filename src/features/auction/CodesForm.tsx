import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AUCTION_MAX_TOKENS, checkCodes, splitCodes } from './codes';
import { useAuctionText } from './messages';
import { HOT_TOP_COUNT, hotListQuery } from './queries';

export interface CodesFormProps {
  /** The submitted tokens (from the URL); the form starts from them and is re-created when they change. */
  initial: readonly string[];
  onSubmit: (tokens: string[]) => void;
}

/**
 * Codes typed, pasted (commas, spaces or new lines) or taken from the hot list. The count is checked
 * as the user types, duplicates included as the service counts them: over 100 the limit is named at
 * once and the form cannot be sent.
 */
export function CodesForm({ initial, onSubmit }: CodesFormProps) {
  const { t } = useAuctionText();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => initial.join(', '));
  const [loadError, setLoadError] = useState<string | null>(null);
  const tokens = splitCodes(draft);
  const check = checkCodes(tokens);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    onSubmit(tokens);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) submit(event);
  };

  const fromHot = () => {
    setLoadError(null);
    queryClient.fetchQuery(hotListQuery()).then(
      (data) => onSubmit(data.item.slice(0, HOT_TOP_COUNT).map((item) => item.thscode)),
      (error: unknown) =>
        setLoadError(
          t('codes.loadFailed', { message: error instanceof Error ? error.message : String(error) }),
        ),
    );
  };

  return (
    <form className="auction-form" onSubmit={submit} data-testid="codes-form">
      <label className="auction-form__label" htmlFor={`${id}-codes`}>
        {t('codes.label')}
      </label>
      <textarea
        id={`${id}-codes`}
        className="auction-form__input num"
        rows={3}
        spellCheck={false}
        autoCapitalize="characters"
        placeholder={t('codes.placeholder')}
        value={draft}
        aria-invalid={check.tooMany}
        aria-describedby={`${id}-count ${id}-rule`}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        data-testid="codes-input"
      />
      <div className="auction-form__bar">
        <span
          id={`${id}-count`}
          className={check.tooMany ? 'auction-form__count num is-over' : 'auction-form__count num muted'}
          data-testid="codes-count"
        >
          {t('codes.count', { count: check.count, max: AUCTION_MAX_TOKENS })}
        </span>
        <span id={`${id}-rule`} className="muted auction-form__rule">
          {t('codes.rule')} · {t('codes.submitHint')}
        </span>
        <span className="auction-form__spacer" />
        <button type="button" className="btn btn--small" onClick={fromHot} data-testid="codes-from-hot">
          {t('codes.fromHot', { count: HOT_TOP_COUNT })}
        </button>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => {
            setDraft('');
            onSubmit([]);
          }}
        >
          {t('codes.clear')}
        </button>
        <button
          type="submit"
          className="btn btn--small btn--primary"
          disabled={check.tooMany}
          data-testid="codes-submit"
        >
          {t('codes.submit')}
        </button>
      </div>
      {check.tooMany && (
        <p className="auction-alert" role="alert" data-testid="codes-too-many">
          {t('codes.tooMany', { max: AUCTION_MAX_TOKENS, count: check.count })}
        </p>
      )}
      {loadError && (
        <p className="auction-alert" role="alert">
          {loadError}
        </p>
      )}
    </form>
  );
}

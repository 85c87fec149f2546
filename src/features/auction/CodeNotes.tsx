import type { CodeCheck } from './codes';
import { suggestSuffix } from './codes';
import { useAuctionText } from './messages';

/** What happened to the submitted tokens: duplicates removed, malformed ones left out of the request. */
export function CodeNotes({ check }: { check: CodeCheck }) {
  const { t } = useAuctionText();
  if (check.duplicates.length === 0 && check.malformed.length === 0) return null;
  return (
    <div className="auction-notes">
      {check.duplicates.length > 0 && (
        <p className="auction-notes__line" data-testid="codes-duplicates" role="status">
          <span className="auction-notes__label">{t('codes.duplicates')}</span>
          {check.duplicates.map(({ code, removed }) => (
            <span key={code} className="auction-chip num">
              <s>{code}</s> {t('codes.removedTimes', { count: removed })}
            </span>
          ))}
        </p>
      )}
      {check.malformed.length > 0 && (
        <p
          className="auction-notes__line auction-notes__line--bad"
          data-testid="codes-malformed"
          role="status"
        >
          <span className="auction-notes__label">{t('codes.malformed')}</span>
          {check.malformed.map((token) => {
            const guess = suggestSuffix(token);
            return (
              <span key={token} className="auction-chip auction-chip--bad num">
                {token}
                {guess && <span className="muted">{t('codes.suggest', { code: guess })}</span>}
              </span>
            );
          })}
        </p>
      )}
    </div>
  );
}

import { useQueries } from '@tanstack/react-query';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { INSTRUMENT_CODE_RE } from '../../contract/params';
import { hasMessage, translate } from '../../lib/i18n';
import type { CodeCheck, FlaggedToken } from './codes';
import { useAuctionText, type AuctionT } from './messages';

/** Flagged codes looked up to say what they are (an ETF, an index): the first few only. */
const NAMED_FLAGS = 10;

function flagText(t: AuctionT, flag: FlaggedToken, what: { name: string; type: string } | undefined): string {
  switch (flag.kind) {
    case 'malformed':
      return flag.guess === null ? t('flag.malformed') : t('flag.malformedGuess', { code: flag.guess });
    case 'ambiguous':
      return t('flag.ambiguous', { codes: flag.candidates.join(', ') });
    case 'not-a-share':
      if (what) return t('flag.otherType', what);
      return flag.guess === null ? t('flag.unknown') : t('flag.unknownGuess', { code: flag.guess });
  }
}

/**
 * What happened to the submitted tokens: codes written another way and what they became, duplicates
 * removed, and each token left out of the request with its reason (an ETF is named as one).
 */
export function CodeNotes({ check }: { check: CodeCheck }) {
  const { t, lang } = useAuctionText();
  const named = check.flagged
    .filter((flag) => flag.kind === 'not-a-share' && INSTRUMENT_CODE_RE.test(flag.token))
    .slice(0, NAMED_FLAGS);
  const lookups = useQueries({ queries: named.map((flag) => instrumentQuery(flag.token)) });
  const whatIs = (token: string) => {
    const index = named.findIndex((flag) => flag.token === token);
    const record = findInstrument(lookups[index]?.data, token);
    if (!record) return undefined;
    const key = `asset.${record.asset_type}`;
    return { name: record.name, type: hasMessage(key) ? translate(lang, key) : record.asset_type };
  };

  if (check.resolved.length === 0 && check.duplicates.length === 0 && check.flagged.length === 0) {
    return check.verified ? null : (
      <p className="muted auction-notes__line" role="status">
        {t('codes.unverified')}
      </p>
    );
  }
  return (
    <div className="auction-notes">
      {check.resolved.length > 0 && (
        <p className="auction-notes__line" data-testid="codes-resolved" role="status">
          <span className="auction-notes__label">{t('codes.resolved')}</span>
          {check.resolved.map(({ token, code }) => (
            <span key={token} className="auction-chip num">
              {token} → {code}
            </span>
          ))}
        </p>
      )}
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
      {check.flagged.length > 0 && (
        <div
          className="auction-notes__line auction-notes__line--bad"
          data-testid="codes-flagged"
          role="status"
        >
          <span className="auction-notes__label">{t('codes.flagged')}</span>
          <ul className="auction-flags">
            {check.flagged.map((flag) => (
              <li key={flag.token} className="auction-chip auction-chip--bad" data-token={flag.token}>
                <span className="num">{flag.token}</span>
                <span className="muted">{flagText(t, flag, whatIs(flag.token))}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!check.verified && (
        <p className="muted auction-notes__line" role="status">
          {t('codes.unverified')}
        </p>
      )}
    </div>
  );
}

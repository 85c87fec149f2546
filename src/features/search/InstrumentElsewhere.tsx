import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { INSTRUMENT_CODE_RE } from '../../contract/params';
import { hasMessage, useI18n } from '../../lib/i18n';
import { AddToWatchlist } from '../watchlists';
import { assetTypesOf, pageOf, type InstrumentPage } from '../../lib/instrument-pages';
import { searchText } from './messages';
import { canonicalCode } from '../../contract/params-terms';

/**
 * Wraps an instrument page: when the code in the URL is an instrument of another asset type, says so
 * instead of "not found", with a link to its own page (the route's `ownPageOf` redirect normally went
 * there already) or, while that type has no page, what the reader can do. Anything else is the page's.
 */
export function InstrumentElsewhere({
  thscode: raw,
  page,
  children,
}: {
  thscode: string;
  page: InstrumentPage;
  children: ReactNode;
}) {
  const { t: app } = useI18n();
  const { t } = searchText.useText();
  const thscode = canonicalCode(raw);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: INSTRUMENT_CODE_RE.test(thscode) });
  const record = findInstrument(lookup.data, thscode);
  const shown = assetTypesOf(page);
  if (record === undefined || shown.includes(record.asset_type)) return children;

  const typeLabel = (type: string) => {
    const key = `asset.${type}`;
    return hasMessage(key) ? app(key) : type;
  };
  const own = pageOf(record.asset_type);
  const vars = {
    code: record.thscode,
    name: record.name,
    type: typeLabel(record.asset_type),
    expected: typeLabel(shown[0] ?? ''),
  };
  return (
    <section className="panel instrument-elsewhere" data-testid="instrument-elsewhere">
      <h1 className="panel__title">{t('elsewhere.title', vars)}</h1>
      <p role="alert">{t('elsewhere.type', vars)}</p>
      {own === undefined ? (
        <>
          <p className="muted">{t('elsewhere.noPage', vars)}</p>
          <AddToWatchlist thscode={record.thscode} />
        </>
      ) : (
        <Link to={own} params={{ thscode: record.thscode }} replace>
          {t('elsewhere.open', vars)}
        </Link>
      )}
      <Link to="/">{t('elsewhere.home')}</Link>
    </section>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { A_SHARE_CODE_RE } from '../contract/params';
import { ErrorState, Loading } from '../components/states';
import { findInstrument, instrumentQuery } from '../features/search/queries';
import { useI18n } from '../lib/i18n';

/**
 * Placeholder until the stock view exists: it already resolves the code through the search, so a shared
 * link shows which instrument it is about, and says plainly that the view is not built yet.
 */
function StockPlaceholder() {
  const { t } = useI18n();
  const { thscode: raw } = Route.useParams();
  const thscode = raw.toUpperCase();
  const valid = A_SHARE_CODE_RE.test(thscode);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: valid });
  const record = findInstrument(lookup.data, thscode);

  let body;
  if (!valid) body = <ErrorState error={new Error(t('stock.invalidCode', { code: raw }))} />;
  else if (lookup.isPending) body = <Loading />;
  else if (lookup.isError) body = <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />;
  else if (!record || record.asset_type !== 'a-share')
    body = <p className="muted">{t('stock.notFound', { code: thscode })}</p>;
  else
    body = (
      <dl className="facts">
        <dt>{t('stock.exchange')}</dt>
        <dd>{record.exchange ?? '—'}</dd>
        <dt>{t('stock.listDate')}</dt>
        <dd className="num">{record.list_date ?? '—'}</dd>
        <dt>{t('stock.currency')}</dt>
        <dd>{record.currency}</dd>
      </dl>
    );

  return (
    <section className="panel" aria-labelledby="instrument-title">
      <header className="instrument-head">
        <h1 id="instrument-title" className="instrument-head__name">
          {record?.name ?? thscode}
        </h1>
        {record && <span className="instrument-head__code num">{thscode}</span>}
      </header>
      {body}
      <div className="notice" role="note">
        <strong>{t('stock.notBuilt')}</strong>
        <span>{t('stock.notBuiltDetail')}</span>
      </div>
      <Link to="/">{t('nav.home')}</Link>
    </section>
  );
}

export const Route = createFileRoute('/stock/$thscode')({
  component: StockPlaceholder,
});

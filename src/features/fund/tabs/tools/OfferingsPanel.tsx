import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { Segmented } from '../../../../components/Segmented';
import { DASH, formatShanghaiDate } from '../../../../lib/format';
import { FundLink } from '../../FundLink';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { offeringsQuery } from '../../queries';
import { FundQueryView, Section } from '../../Section';
import { OFFER_STATES } from '../../url-state';

type Offering = {
  thscode: string | null | undefined;
  ticker: string | null | undefined;
  start: number | null | undefined;
  end: number | null | undefined;
};

/** New funds raising now or about to. */
export function OfferingsPanel({ search, onSearch }: FundTabProps) {
  const { t } = useFundText();
  const offerings = useQuery(offeringsQuery(search.offer));
  const columns: DataColumn<Offering>[] = [
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.thscode ?? r.ticker ?? null,
      cell: (r) => (
        <FundLink
          thscode={r.thscode}
          fallback={
            <span>
              {r.ticker ?? DASH} <span className="muted">{t('offer.unlisted')}</span>
            </span>
          }
        >
          {r.thscode}
        </FundLink>
      ),
      hideable: false,
    },
    {
      id: 'start',
      header: t('offer.start'),
      value: (r) => r.start ?? null,
      cell: (r) => formatShanghaiDate(r.start),
    },
    {
      id: 'end',
      header: t('offer.end'),
      value: (r) => r.end ?? null,
      cell: (r) => formatShanghaiDate(r.end),
    },
  ];
  return (
    <Section
      title={t('offer.title')}
      testId="offerings-panel"
      toolbar={
        <Segmented
          label={t('offer.title')}
          value={search.offer}
          options={OFFER_STATES.map((o) => ({ value: o, label: t(`offer.${o}`) }))}
          onChange={(offer) => onSearch({ offer }, { replace: true })}
        />
      }
    >
      <FundQueryView query={offerings} height={200}>
        {(data) => (
          <DataTable
            id="fund-offerings"
            label={t('offer.title')}
            columns={columns}
            rows={data.item.map((o) => ({
              thscode: o.thscode,
              ticker: o.ticker,
              start: o.subscription_start_ms,
              end: o.subscription_end_ms,
            }))}
            maxHeight={360}
            getRowId={(r, i) => `${r.thscode ?? r.ticker ?? ''}-${i}`}
            exportName={`fund-offerings-${search.offer}`}
          />
        )}
      </FundQueryView>
    </Section>
  );
}

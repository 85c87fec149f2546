import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { FactsList } from '../../../../components/FactsList';
import { Segmented } from '../../../../components/Segmented';
import { QDII_QUOTA_TABS } from '../../../../contract/operations/fund-tools-terms';
import { DASH, direction, formatNumber, formatPercent } from '../../../../lib/format';
import { FundLink } from '../../FundLink';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { quotaListQuery, quotaSummaryQuery } from '../../queries';
import { FundError, FundQueryView, Section } from '../../Section';
import { BUY_FILTERS } from '../../url-state';
import { numberOfText } from './numbers';

interface QuotaRow {
  group: string;
  thscode: string;
  name: string;
  quota: string | null;
  year: string | null;
}

/** QDII funds' purchase quotas per category: the category's totals and its funds. */
export function QuotaPanel({ search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const summary = useQuery(quotaSummaryQuery(search.qtab));
  const list = useQuery(quotaListQuery(search.qtab, search.buy));
  const rows = useMemo<QuotaRow[]>(
    () =>
      (list.data ?? []).flatMap((cat) =>
        cat.sub_tab.flatMap((sub) =>
          sub.fund_list.map((f) => ({
            group: sub.name,
            thscode: f.thscode,
            name: f.fund_name,
            quota: f.quota,
            year: f.year,
          })),
        ),
      ),
    [list.data],
  );
  const columns: DataColumn<QuotaRow>[] = [
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.name,
      cell: (r) => <FundLink thscode={r.thscode}>{r.name}</FundLink>,
      hideable: false,
    },
    { id: 'code', header: t('holdings.code'), value: (r) => r.thscode, width: 100 },
    { id: 'group', header: t('quota.sub'), value: (r) => r.group, defaultHidden: true },
    {
      id: 'quota',
      header: t('quota.quota'),
      // Null means unlimited: it sorts above every number.
      value: (r) => (r.quota === null ? Number.POSITIVE_INFINITY : numberOfText(r.quota)),
      cell: (r) => (r.quota === null ? t('quota.noLimit') : formatNumber(numberOfText(r.quota), lang, 0)),
      numeric: true,
    },
    {
      id: 'year',
      header: t('quota.year'),
      value: (r) => numberOfText(r.year),
      cell: (r) => (
        <span className={direction(numberOfText(r.year))}>
          {formatPercent(numberOfText(r.year), lang, { sign: true })}
        </span>
      ),
      numeric: true,
    },
  ];
  const s = summary.data?.[0];
  return (
    <Section title={t('quota.title')} testId="quota-panel">
      <div className="fund-toolbar">
        <Segmented
          label={t('quota.tab')}
          value={search.qtab}
          options={QDII_QUOTA_TABS.map((q) => ({ value: q, label: t(`qtab.${q}`) }))}
          onChange={(qtab) => onSearch({ qtab }, { replace: true })}
        />
        <Segmented
          label={t('quota.buy')}
          value={search.buy}
          testId="buy-filter"
          options={BUY_FILTERS.map((b) => ({ value: b, label: t(`buy.${b}`) }))}
          onChange={(buy) => onSearch({ buy }, { replace: true })}
        />
      </div>
      {summary.isError ? (
        <FundError compact error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <FactsList
          className="fund-ratios"
          testId="quota-summary"
          facts={[
            { label: t('quota.total'), value: s?.total ?? DASH, valueClassName: 'num' },
            { label: t('quota.purchasable'), value: s?.buy ?? DASH, valueClassName: 'num' },
            { label: t('quota.unlimited'), value: s?.unlimited ?? DASH, valueClassName: 'num' },
            {
              label: t('quota.totalLimit'),
              value: s ? formatNumber(numberOfText(s.total_limit), lang, 0) : DASH,
              valueClassName: 'num',
            },
          ]}
        />
      )}
      <FundQueryView query={list} height={200}>
        {() => (
          <DataTable
            id="fund-qdii-quotas"
            label={t('quota.title')}
            columns={columns}
            rows={rows}
            maxHeight={360}
            getRowId={(r) => `${r.group}-${r.thscode}`}
            exportName={`qdii-${search.qtab}-${search.buy}`}
          />
        )}
      </FundQueryView>
    </Section>
  );
}

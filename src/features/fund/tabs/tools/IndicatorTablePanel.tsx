import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import { Segmented } from '../../../../components/Segmented';
import { DASH, formatAmount, formatNumber } from '../../../../lib/format';
import { FundLink } from '../../FundLink';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { TABLE_PAGE_SIZE, indicatorTableQuery, profileQuery } from '../../queries';
import { FundQueryView, Section } from '../../Section';
import { TABLE_SCOPES } from '../../url-state';
import { useIndicators } from './indicators';
import { numberOfText } from './numbers';

interface TableRow {
  thscode: string;
  name: string | null;
  values: (string | null)[];
}

/** The chosen indicators of the fund beside its company's funds or every fund of its type. */
export function IndicatorTablePanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const companyId = profile.data?.item[0]?.company_id ?? null;
  const ids = useIndicators(search.ind);
  const scope =
    search.tscope === 'company' && companyId !== null
      ? ({ kind: 'company', companyId } as const)
      : ({ kind: 'type', fundType: fundRef.fundType } as const);
  const table = useQuery({
    ...indicatorTableQuery(scope, ids),
    enabled: search.tscope === 'type' || profile.isSuccess,
  });
  const rows = useMemo<TableRow[]>(
    () =>
      (table.data?.data ?? []).map((row) => {
        const valueAt = (idx: number) => {
          const v = row.values.find((x) => x.idx === idx)?.value;
          return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null;
        };
        return { thscode: row.thscode, name: valueAt(0), values: ids.map((_, i) => valueAt(i + 1)) };
      }),
    [table.data, ids],
  );
  const columns: DataColumn<TableRow>[] = [
    {
      id: 'code',
      header: t('holdings.code'),
      value: (r) => r.thscode,
      cell: (r) => <FundLink thscode={r.thscode}>{r.thscode}</FundLink>,
      hideable: false,
      width: 104,
    },
    {
      id: 'name',
      header: t('holdings.name'),
      value: (r) => r.name,
      cell: (r) => (r.thscode === fundRef.thscode ? <strong>{r.name ?? DASH}</strong> : (r.name ?? DASH)),
    },
    ...ids.map((id, i): DataColumn<TableRow> => ({
      id,
      header: t(`ind.${id}`),
      value: (r) => numberOfText(r.values[i] ?? null),
      cell: (r) => {
        const v = numberOfText(r.values[i] ?? null);
        return id === 'fund_scale'
          ? formatAmount(v, lang)
          : formatNumber(v, lang, id.includes('nav') ? 4 : 2);
      },
      numeric: true,
    })),
  ];
  return (
    <Section
      title={t('tools.table')}
      testId="indicator-table"
      toolbar={
        <Segmented
          label={t('tools.scope')}
          value={search.tscope}
          options={TABLE_SCOPES.map((s) => ({
            value: s,
            label: t(s === 'company' ? 'tools.scopeCompany' : 'tools.scopeType'),
          }))}
          onChange={(tscope) => onSearch({ tscope }, { replace: true })}
        />
      }
    >
      <FundQueryView query={table} height={240}>
        {(data) => (
          <>
            <p className="muted num fund-section__meta">
              {t('tools.total', { total: data.total, shown: Math.min(data.total, TABLE_PAGE_SIZE) })}
            </p>
            <DataTable
              id="fund-indicator-table"
              label={t('tools.table')}
              columns={columns}
              rows={rows}
              maxHeight={420}
              getRowId={(r) => r.thscode}
              isRowSelected={(r) => r.thscode === fundRef.thscode}
              exportName={`${fundRef.thscode}-indicators`}
            />
          </>
        )}
      </FundQueryView>
    </Section>
  );
}

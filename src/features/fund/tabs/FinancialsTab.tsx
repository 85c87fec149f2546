import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import { Segmented } from '../../../components/Segmented';
import { formatAmount, formatNumber, formatPercent, formatShanghaiDate } from '../../../lib/format';
import { fieldKind, fieldLabels, STATEMENT_FIELDS, type StatementField } from '../fields';
import type { FundTabProps } from '../FundTabs';
import { useFundText } from '../messages';
import { statementQuery, type StatementPeriod } from '../queries';
import { FundQueryView, Section } from '../Section';
import { STATEMENTS } from '../url-state';

interface LineRow {
  field: StatementField;
  label: string;
  /** One value per period, in the periods' order; null when not disclosed. */
  values: (number | null)[];
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The chosen statement with one column per report period, newest first. */
export function FinancialsTab({ fundRef, search, onSearch }: FundTabProps) {
  const { t, lang } = useFundText();
  const labels = fieldLabels.useText();
  const statement = useQuery(statementQuery(fundRef, search.statement));
  const fields = STATEMENT_FIELDS[search.statement];
  const format = (field: StatementField, value: number | null) => {
    const kind = fieldKind(field);
    if (kind === 'percent') return formatPercent(value, lang);
    if (kind === 'perUnit') return formatNumber(value, lang, 4);
    return formatAmount(value, lang);
  };
  const columnsOf = (periods: readonly StatementPeriod[]): DataColumn<LineRow>[] => [
    { id: 'item', header: t('fin.item'), value: (r) => r.label, hideable: false, sortable: false },
    ...periods.map((p, i): DataColumn<LineRow> => ({
      id: `p${p.endMs}-${p.startMs}`,
      header: formatShanghaiDate(p.endMs),
      title: `${formatShanghaiDate(p.startMs)} – ${formatShanghaiDate(p.endMs)} · ${t('fin.published', { date: formatShanghaiDate(p.publishMs) })}`,
      value: (r) => r.values[i] ?? null,
      cell: (r) => format(r.field, r.values[i] ?? null),
      numeric: true,
    })),
  ];
  return (
    <div className="fund-tab">
      <Section
        title={t('fin.title')}
        testId="financials-panel"
        toolbar={
          <Segmented
            label={t('fin.statement')}
            value={search.statement}
            testId="statement-switch"
            options={STATEMENTS.map((s) => ({ value: s, label: t(`fin.${s}`) }))}
            onChange={(value) => onSearch({ statement: value })}
          />
        }
      >
        <FundQueryView query={statement} height={360} isEmpty={(d) => d.length === 0} empty={t('fin.empty')}>
          {(periods) => (
            <DataTable
              key={search.statement}
              id={`fund-statement-${search.statement}`}
              label={t(`fin.${search.statement}`)}
              columns={columnsOf(periods)}
              rows={fields.map((field) => ({
                field,
                label: labels.t(field),
                values: periods.map((p) => numberOf(p.values[field])),
              }))}
              getRowId={(r) => r.field}
              maxHeight={520}
              exportName={`${fundRef.thscode}-${search.statement}`}
            />
          )}
        </FundQueryView>
      </Section>
    </div>
  );
}

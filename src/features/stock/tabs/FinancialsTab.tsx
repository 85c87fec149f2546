import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Empty, ErrorState } from '../../../components/states';
import { TimeChart, type ChartSeries } from '../../../components/chart/TimeChart';
import { Segmented } from '../../../components/Segmented';
import { DayRange } from '../../../components/DayRange';
import { Field } from '../../../components/Field';
import { isValidDate } from '../../../contract/params-terms';
import { FIELD_LABELS, STATEMENT_FIELDS, isStatementField } from '../fields';
import { DERIVED_ROWS, derivedRow } from '../statements';
import { useServerToday } from '../../../api/live';
import { useStockText } from '../messages';
import { statementQuery, type StatementColumn } from '../queries';
import {
  LIMIT_MAX,
  LIMIT_MIN,
  STATEMENT_KINDS,
  STATEMENT_MODES,
  STATEMENT_PERIODS,
  type StockSearch,
} from '../url-state';
import type { TabProps } from '../StockTabs';
import { shownColumns, statementParams, statementWindow } from '../loader';
import { StatementTable, formatDerivedValue, formatStatementValue } from './StatementTable';

const ROW_CHART_HEIGHT = 180;
const LIMITS = Array.from({ length: LIMIT_MAX - LIMIT_MIN + 1 }, (_, i) => LIMIT_MIN + i);

/** Report periods are calendar days: any day from the first A-share reports on may bound the window. */
const STATEMENT_FIRST_DAY = '1990-01-01';

export function FinancialsTab({ record, search, onSearch }: TabProps) {
  const { t, lang } = useStockText();
  const today = useServerToday();
  const params = today === null ? null : statementParams(record.thscode, search, today);
  const statement = useQuery({
    ...statementQuery(search.statement, params ?? { thscode: record.thscode }),
    enabled: params !== null,
  });
  const fields = STATEMENT_FIELDS[search.statement];
  const derived = DERIVED_ROWS[search.statement];
  const derivedLine = derivedRow(search.statement, search.row);
  const row: string | undefined =
    isStatementField(search.statement, search.row) || derivedLine ? search.row : fields[0];
  const rowLabel = (id: string) =>
    isStatementField(search.statement, id)
      ? FIELD_LABELS[id][lang]
      : (derivedRow(search.statement, id)?.label[lang] ?? id);
  const bounds = today === null ? null : statementWindow(search, today);

  const setDate = (key: 'from' | 'to', value: string) => {
    if (!bounds || !isValidDate(value)) return;
    const next = { ...bounds, [key]: value };
    onSearch({ from: next.from, to: next.to }, { replace: true });
  };

  const history = useMemo(() => statement.data ?? [], [statement.data]);
  const columns = useMemo(
    () => (today === null ? history : shownColumns(history, search, today)),
    [history, search, today],
  );
  const series = useMemo<ChartSeries[]>(() => {
    if (!row) return [];
    const line = derivedRow(search.statement, row);
    const valueOf = (c: StatementColumn) => (line ? line.compute(c.values) : (c.values[row] ?? null));
    const points = [...columns]
      .sort((a, b) => a.periodEndMs - b.periodEndMs)
      .flatMap((c) => {
        const value = valueOf(c);
        return value === null ? [] : [{ time: c.periodEndMs, value }];
      });
    return [
      {
        id: 'row',
        kind: 'line',
        color: 'accent',
        lineWidth: 2,
        data: points,
        format: (value: number) =>
          line
            ? formatDerivedValue(line, value, lang)
            : isStatementField(search.statement, row)
              ? formatStatementValue(row, value, lang)
              : String(value),
      },
    ];
  }, [columns, row, search.statement, lang]);

  return (
    <div className="stock-tab" data-testid="financials">
      <div className="stock-toolbar">
        <Segmented
          label={t('statement.kind')}
          value={search.statement}
          testId="statement-switch"
          options={STATEMENT_KINDS.map((kind) => ({ value: kind, label: t(`statement.${kind}`) }))}
          onChange={(statement) => onSearch({ statement, row: undefined })}
        />
        <Segmented
          label={t('statement.period')}
          value={search.period}
          testId="period-switch"
          options={STATEMENT_PERIODS.map((period) => ({ value: period, label: t(`period.${period}`) }))}
          onChange={(period) => onSearch({ period })}
        />
        <Segmented
          label={t('statement.mode')}
          value={search.mode}
          testId="mode-switch"
          options={STATEMENT_MODES.map((mode) => ({ value: mode, label: t(`mode.${mode}`) }))}
          onChange={(mode) => onSearch(modePatch(mode, search))}
        />
        {search.mode === 'latest' ? (
          <Field label={t('statement.limit')}>
            <select
              className="field-input"
              value={search.limit}
              onChange={(e) => onSearch({ limit: Number(e.target.value) }, { replace: true })}
            >
              {LIMITS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <DayRange
            labels={{ from: t('statement.from'), to: t('statement.to') }}
            value={bounds}
            window={{ min: STATEMENT_FIRST_DAY, max: today ?? STATEMENT_FIRST_DAY }}
            onChange={setDate}
            testIds={{ from: 'statement-from', to: 'statement-to' }}
          />
        )}
        <span className="stock-toolbar__note muted">
          {t('statement.unit')} · <span title={t('statement.yoyTitle')}>{t('statement.unitPct')}</span>
        </span>
        {statement.isFetching && <span className="spinner stock-toolbar__busy" aria-hidden="true" />}
      </div>
      <div className="stock-statement">
        {statement.isError && !statement.data ? (
          <ErrorState error={statement.error} onRetry={() => void statement.refetch()} />
        ) : statement.isPending ? (
          <div className="skel stock-statement__skeleton" aria-busy="true" />
        ) : columns.length === 0 ? (
          <Empty>{t('statement.empty')}</Empty>
        ) : (
          <StatementTable
            columns={columns}
            history={history}
            fields={fields}
            derived={derived}
            lang={lang}
            selected={row}
            onSelect={(field) => onSearch({ row: field }, { replace: true })}
            caption={t(`statement.${search.statement}`)}
          />
        )}
      </div>
      <div className="stock-rowchart">
        <div className="stock-rowchart__title">
          {row ? t('statement.chartOf', { item: rowLabel(row) }) : t('statement.chooseRow')}
        </div>
        <TimeChart
          series={series}
          height={ROW_CHART_HEIGHT}
          viewKey={`${search.statement}|${search.period}|${row ?? ''}|${columns.length}`}
          label={row ? t('statement.chartOf', { item: rowLabel(row) }) : t('statement.chooseRow')}
          testId="statement-chart"
          fallback={t('chart.unavailable')}
        />
      </div>
    </div>
  );
}

/** Switching to range mode starts from the current default window; back to latest-N drops the dates. */
function modePatch(mode: StockSearch['mode'], search: StockSearch): Partial<StockSearch> {
  return mode === 'latest'
    ? { mode, from: undefined, to: undefined }
    : { mode, from: search.from, to: search.to };
}

import { useQuery } from '@tanstack/react-query';
import { ErrorState } from '../../../components/states';
import { abilityLabel, formatIndicator, indicatorLabel } from '../fields';
import { Field } from '../../../components/Field';
import { useStockText, type StockT } from '../messages';
import { indicatorsQuery, latestReportQuery } from '../queries';
import type { TabProps } from '../StockTabs';
import { reportOf } from '../loader';

/** Report periods offered in the selector, counting back from the latest disclosed. */
const REPORT_CHOICES = 16;

/** `yyyy-q` → the quarters before it, newest first, including itself. */
export function reportsBefore(report: string, count: number): string[] {
  const [yearText, quarterText] = report.split('-');
  let year = Number(yearText);
  let quarter = Number(quarterText);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(`${year}-${quarter}`);
    quarter -= 1;
    if (quarter === 0) {
      quarter = 4;
      year -= 1;
    }
  }
  return out;
}

function reportLabel(report: string, t: StockT): string {
  const [year = '', quarter = ''] = report.split('-');
  if (quarter === '1' || quarter === '2' || quarter === '3' || quarter === '4') {
    return t(`report.${quarter}`, { year });
  }
  return report;
}

export function IndicatorsTab({ record, search, onSearch }: TabProps) {
  const { t, lang } = useStockText();
  const latest = useQuery(latestReportQuery(record.thscode));
  const newest = latest.data?.item[0];
  const latestReport = newest ? reportOf(newest.fiscal_year, newest.fiscal_period) : null;
  const report = search.report ?? latestReport;
  const indicators = useQuery({
    ...indicatorsQuery(record.thscode, report ?? ''),
    enabled: report !== null,
    placeholderData: (previous) => previous,
  });

  const choices = latestReport ? reportsBefore(latestReport, REPORT_CHOICES) : [];
  if (report !== null && !choices.includes(report)) choices.unshift(report);

  let body;
  if (report === null) {
    body = latest.isError ? (
      <ErrorState error={latest.error} onRetry={() => void latest.refetch()} />
    ) : (
      <div className="skel stock-indicators__skeleton" aria-busy="true" />
    );
  } else if (indicators.isError && !indicators.data) {
    body = <ErrorState error={indicators.error} onRetry={() => void indicators.refetch()} />;
  } else if (!indicators.data) {
    body = <div className="skel stock-indicators__skeleton" aria-busy="true" />;
  } else {
    body = (
      <div className="stock-indicators" data-testid="indicators">
        {indicators.data.abilities.map((group) => (
          <table key={group.ability} className="stock-table stock-table--indicators">
            <caption>{abilityLabel(group.ability, lang)}</caption>
            <tbody>
              {group.indicators.map((indicator) => (
                <tr key={indicator.index_id}>
                  <th scope="row" className="stock-table__label" title={indicator.index_id}>
                    {indicatorLabel(indicator.index_id, lang)}
                  </th>
                  <td
                    className={indicator.value === null ? 'num is-null' : 'num'}
                    title={indicator.value ?? undefined}
                  >
                    {formatIndicator(indicator.index_id, indicator.value, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    );
  }

  return (
    <div className="stock-tab">
      <div className="stock-toolbar">
        <Field label={t('indicators.report')}>
          <select
            className="field-input"
            value={report ?? ''}
            disabled={choices.length === 0}
            data-testid="report-select"
            onChange={(e) =>
              onSearch({ report: e.target.value === latestReport ? undefined : e.target.value })
            }
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice === latestReport
                  ? t('indicators.latest', { report: reportLabel(choice, t) })
                  : reportLabel(choice, t)}
              </option>
            ))}
          </select>
        </Field>
        <span className="stock-toolbar__note muted">{t('indicators.asGiven')}</span>
        {indicators.isFetching && <span className="spinner stock-toolbar__busy" aria-hidden="true" />}
      </div>
      {body}
    </div>
  );
}

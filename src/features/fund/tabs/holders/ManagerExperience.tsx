import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataColumn } from '../../../../components/DataTable';
import {
  managerAwards,
  managerHeavyAssets,
  managerInvestmentHistory,
  type ManagerHistoryFund,
} from '../../../../contract/operations/fund-managers-shapes';
import { DASH, direction, formatPercent } from '../../../../lib/format';
import { FundLink } from '../../FundLink';
import { useFundText } from '../../messages';
import { managerExperienceQuery } from '../../queries';
import { FundQueryView } from '../../Section';

function useHistoryColumns(): DataColumn<ManagerHistoryFund>[] {
  const { t, lang } = useFundText();
  return [
    {
      id: 'fund',
      header: t('manager.fund'),
      value: (r) => r.fund_name ?? r.thscode ?? null,
      cell: (r) => <FundLink thscode={r.thscode}>{r.fund_name ?? r.thscode ?? DASH}</FundLink>,
      hideable: false,
    },
    { id: 'start', header: t('manager.start'), value: (r) => r.start_date ?? null },
    { id: 'end', header: t('manager.end'), value: (r) => r.end_date ?? t('manager.current') },
    {
      id: 'return',
      header: t('manager.tenureReturn'),
      value: (r) => r.tenure_return_pct ?? null,
      cell: (r) => (
        <span className={direction(r.tenure_return_pct)}>
          {formatPercent(r.tenure_return_pct, lang, { sign: true })}
        </span>
      ),
      numeric: true,
    },
  ];
}

/** The manager's experience (`fund/managers/experience`): funds managed, awards and heavy assets. */
export function ManagerExperience({ managerId }: { managerId: string }) {
  const { t, lang } = useFundText();
  const experience = useQuery(managerExperienceQuery(managerId));
  const historyColumns = useHistoryColumns();
  return (
    <>
      <h4 className="fund-subtitle">{t('manager.experience')}</h4>
      <FundQueryView query={experience} height={160} isEmpty={(d) => d.item.length === 0}>
        {(data) => {
          const e = data.item[0];
          if (!e) return null;
          const won = managerAwards.safeParse(e.awards);
          const heavy = managerHeavyAssets.safeParse(e.heavy_assets);
          const past = managerInvestmentHistory.safeParse(e.investment_history);
          return (
            <div className="fund-grid">
              <div>
                {past.success && past.data.career_start_date && (
                  <p className="muted num fund-section__meta">
                    {t('manager.careerStart', { date: past.data.career_start_date })}
                  </p>
                )}
                {past.success && (
                  <DataTable
                    id="fund-manager-history"
                    label={t('manager.funds')}
                    columns={historyColumns}
                    rows={past.data.funds}
                    maxHeight={260}
                    exportName={`manager-${managerId}-funds`}
                  />
                )}
              </div>
              <div>
                <h5 className="fund-subtitle">{t('manager.awards')}</h5>
                {won.success && won.data.length > 0 ? (
                  <ul className="fund-list">
                    {won.data.map((a, i) => (
                      <li key={`${a.award_name}-${i}`}>
                        {a.award_year ?? ''} {a.award_name}
                        {a.organization && <span className="muted"> · {a.organization}</span>}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="muted">{t('manager.noAwards')}</p>
                )}
                {heavy.success && heavy.data.items.length > 0 && (
                  <>
                    <h5 className="fund-subtitle">
                      {t('manager.heavy', {
                        fund: heavy.data.fund_thscode ?? DASH,
                        date: heavy.data.report_date ?? DASH,
                      })}
                    </h5>
                    <ul className="fund-list num">
                      {heavy.data.items.map((h, i) => (
                        <li key={`${h.thscode ?? i}`}>
                          {h.name ?? h.thscode ?? DASH}{' '}
                          <span className="muted">{formatPercent(h.hold_ratio, lang)}</span>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </div>
          );
        }}
      </FundQueryView>
    </>
  );
}

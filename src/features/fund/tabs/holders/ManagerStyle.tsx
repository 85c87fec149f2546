import { useQuery } from '@tanstack/react-query';
import { FactsList } from '../../../../components/FactsList';
import { managerIndustryPreferences } from '../../../../contract/operations/fund-managers-shapes';
import { DASH, formatAmount, formatPercent } from '../../../../lib/format';
import { FundLink } from '../../FundLink';
import { useFundText } from '../../messages';
import { managerStyleQuery } from '../../queries';
import { FundQueryView } from '../../Section';

/** The manager's investment style (`fund/managers/investment-style`): representative fund, scale, idea, industries. */
export function ManagerStyle({ managerId }: { managerId: string }) {
  const { t, lang } = useFundText();
  const style = useQuery(managerStyleQuery(managerId));
  return (
    <>
      <h4 className="fund-subtitle">{t('manager.style')}</h4>
      <FundQueryView query={style} height={160} isEmpty={(d) => d.item.length === 0}>
        {(data) => {
          const s = data.item[0];
          if (!s) return null;
          const prefs = managerIndustryPreferences.safeParse(s.industry_preferences);
          return (
            <FactsList
              className="fund-facts"
              facts={[
                {
                  label: t('manager.representative'),
                  value: s.representative_fund_name ? (
                    <FundLink thscode={s.representative_fund_thscode}>{s.representative_fund_name}</FundLink>
                  ) : (
                    DASH
                  ),
                },
                {
                  label: t('manager.totalScale'),
                  value: formatAmount(s.total_fund_scale, lang),
                  valueClassName: 'num',
                },
                { label: t('manager.idea'), value: s.investment_idea ?? DASH, className: 'fund-facts__wide' },
                prefs.success &&
                  prefs.data.length > 0 && {
                    label: t('manager.industries'),
                    value: prefs.data
                      .map((p) => `${p.industry_name} ${formatPercent(p.ratio_pct, lang)}`)
                      .join('，'),
                    className: 'fund-facts__wide',
                    valueClassName: 'num',
                  },
              ]}
            />
          );
        }}
      </FundQueryView>
    </>
  );
}

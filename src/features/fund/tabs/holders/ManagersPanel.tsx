import { useQuery } from '@tanstack/react-query';
import { Segmented } from '../../../../components/Segmented';
import type { FundTabProps } from '../../FundTabs';
import { useFundText } from '../../messages';
import { profileQuery } from '../../queries';
import { FundQueryView, Section } from '../../Section';
import { ManagerExperience } from './ManagerExperience';
import { ManagerPerformance } from './ManagerPerformance';
import { ManagerProfile } from './ManagerProfile';
import { ManagerStyle } from './ManagerStyle';

/** The fund's managers from its profile; the URL's (`mgr`) or the first one shown, one query per part. */
export function ManagersPanel({ fundRef, search, onSearch }: FundTabProps) {
  const { t } = useFundText();
  const profile = useQuery(profileQuery(fundRef));
  const managers = profile.data?.item[0]?.manager_info ?? [];
  const chosen = managers.find((m) => m.manager_id === search.mgr) ?? managers[0];
  return (
    <Section
      title={t('managers.title')}
      id="fund-managers"
      testId="managers-panel"
      toolbar={
        managers.length > 1 && chosen ? (
          <Segmented
            label={t('managers.pick')}
            value={chosen.manager_id}
            options={managers.map((m) => ({ value: m.manager_id, label: m.manager_name ?? m.manager_id }))}
            onChange={(mgr) => onSearch({ mgr }, { replace: true })}
          />
        ) : undefined
      }
    >
      <FundQueryView
        query={profile}
        height={300}
        isEmpty={() => managers.length === 0}
        empty={t('managers.none')}
      >
        {() =>
          chosen && (
            <div className="fund-manager" data-testid="manager-card">
              <div className="fund-grid">
                <div>
                  <ManagerProfile managerId={chosen.manager_id} />
                </div>
                <div>
                  <ManagerStyle managerId={chosen.manager_id} />
                </div>
              </div>
              <ManagerPerformance managerId={chosen.manager_id} search={search} onSearch={onSearch} />
              <ManagerExperience managerId={chosen.manager_id} />
            </div>
          )
        }
      </FundQueryView>
    </Section>
  );
}

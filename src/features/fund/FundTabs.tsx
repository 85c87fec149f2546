import { Tabs } from '../../components/Tabs';
import type { InstrumentRecord } from '../../api/instruments';
import { useFundText } from './messages';
import type { FundRef } from './queries';
import { FUND_TABS, type FundSearch, type FundTab, type UpdateFundSearch } from './url-state';
import { OverviewTab } from './tabs/OverviewTab';
import { PerformanceTab } from './tabs/PerformanceTab';
import { PortfolioTab } from './tabs/PortfolioTab';
import { HoldersTab } from './tabs/HoldersTab';
import { FinancialsTab } from './tabs/FinancialsTab';
import { ToolsTab } from './tabs/ToolsTab';

export interface FundTabProps {
  record: InstrumentRecord;
  fundRef: FundRef;
  search: FundSearch;
  onSearch: UpdateFundSearch;
}

function TabPanel({ tab, ...props }: FundTabProps & { tab: FundTab }) {
  switch (tab) {
    case 'overview':
      return <OverviewTab {...props} />;
    case 'performance':
      return <PerformanceTab {...props} />;
    case 'portfolio':
      return <PortfolioTab {...props} />;
    case 'holders':
      return <HoldersTab {...props} />;
    case 'financials':
      return <FinancialsTab {...props} />;
    case 'tools':
      return <ToolsTab {...props} />;
  }
}

/** The fund page's tabs; the selected one is in the URL. */
export function FundTabs(props: FundTabProps) {
  const { t } = useFundText();
  const { search, onSearch } = props;
  return (
    <section className="panel fund-tabs">
      <Tabs
        tabs={FUND_TABS}
        selected={search.tab}
        onSelect={(tab) => onSearch({ tab })}
        label={t('tabs.label')}
        labelOf={(tab) => t(`tab.${tab}`)}
        idPrefix="fund"
      >
        <TabPanel tab={search.tab} {...props} />
      </Tabs>
    </section>
  );
}

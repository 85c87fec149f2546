import { Tabs } from '../../components/Tabs';
import { useStockText } from './messages';
import { STOCK_TABS, type StockSearch, type StockTab } from './url-state';
import type { UpdateSearch } from './url-state';
import type { InstrumentRecord } from '../../api/instruments';
import { FinancialsTab } from './tabs/FinancialsTab';
import { IndicatorsTab } from './tabs/IndicatorsTab';
import { CorporateActionsTab } from './tabs/CorporateActionsTab';
import { DragonTigerTab } from './tabs/DragonTigerTab';
import { HotRankTab } from './tabs/HotRankTab';
import { StockNews } from '../news';
import { IntradayTab } from './tabs/IntradayTab';

export interface TabProps {
  record: InstrumentRecord;
  search: StockSearch;
  onSearch: UpdateSearch;
}

function TabPanel({ tab, ...props }: TabProps & { tab: StockTab }) {
  switch (tab) {
    case 'financials':
      return <FinancialsTab {...props} />;
    case 'indicators':
      return <IndicatorsTab {...props} />;
    case 'actions':
      return <CorporateActionsTab {...props} />;
    case 'dragon-tiger':
      return <DragonTigerTab {...props} />;
    case 'hot-rank':
      return <HotRankTab {...props} />;
    case 'news':
      return <StockNews name={props.record.name} ticker={props.record.ticker} />;
    case 'intraday':
      return <IntradayTab {...props} />;
  }
}

/** The stock view's tabs; the selected one is in the URL. */
export function StockTabs({ record, search, onSearch }: TabProps) {
  const { t } = useStockText();
  return (
    <section className="panel stock-tabs">
      <Tabs
        tabs={STOCK_TABS}
        selected={search.tab}
        onSelect={(tab) => onSearch({ tab })}
        label={t('tabs.label')}
        labelOf={(tab) => t(`tab.${tab}`)}
        idPrefix="stock"
      >
        <TabPanel tab={search.tab} record={record} search={search} onSearch={onSearch} />
      </Tabs>
    </section>
  );
}

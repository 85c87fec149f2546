import { useRef, type KeyboardEvent } from 'react';
import { useStockText } from './messages';
import { STOCK_TABS, type StockSearch, type StockTab } from './url-state';
import type { UpdateSearch } from './url-state';
import type { InstrumentRecord } from '../../api/instruments';
import { FinancialsTab } from './tabs/FinancialsTab';
import { IndicatorsTab } from './tabs/IndicatorsTab';
import { CorporateActionsTab } from './tabs/CorporateActionsTab';
import { DragonTigerTab } from './tabs/DragonTigerTab';
import { HotRankTab } from './tabs/HotRankTab';
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
    case 'intraday':
      return <IntradayTab {...props} />;
  }
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them, the tab is in the URL);
 * only the selected tab is in the tab order.
 */
export function StockTabs({ record, search, onSearch }: TabProps) {
  const { t } = useStockText();
  const refs = useRef(new Map<StockTab, HTMLButtonElement>());
  const select = (tab: StockTab) => onSearch({ tab });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = STOCK_TABS.indexOf(search.tab);
    const last = STOCK_TABS.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : STOCK_TABS[target];
    if (tab === undefined) return;
    event.preventDefault();
    select(tab);
    refs.current.get(tab)?.focus();
  };

  return (
    <section className="panel stock-tabs">
      <div className="stock-tabs__list" role="tablist" aria-label={t('tabs.label')} onKeyDown={onKeyDown}>
        {STOCK_TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`stock-tab-${tab}`}
            aria-selected={tab === search.tab}
            aria-controls={`stock-panel-${tab}`}
            tabIndex={tab === search.tab ? 0 : -1}
            className="stock-tabs__tab"
            onClick={() => {
              if (tab !== search.tab) select(tab);
            }}
          >
            {t(`tab.${tab}`)}
          </button>
        ))}
      </div>
      <div
        className="stock-tabs__panel"
        role="tabpanel"
        id={`stock-panel-${search.tab}`}
        aria-labelledby={`stock-tab-${search.tab}`}
      >
        <TabPanel tab={search.tab} record={record} search={search} onSearch={onSearch} />
      </div>
    </section>
  );
}

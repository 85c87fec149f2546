import type { FundTabProps } from '../FundTabs';
import { BacktestPanel } from './tools/BacktestPanel';
import { IndicatorLinePanel } from './tools/IndicatorLinePanel';
import { IndicatorTablePanel } from './tools/IndicatorTablePanel';
import { OfferingsPanel } from './tools/OfferingsPanel';
import { QuotaPanel } from './tools/QuotaPanel';

/** Generic indicator lines and table, the back-test, QDII quotas and new funds raising. */
export function ToolsTab(props: FundTabProps) {
  return (
    <div className="fund-tab">
      <IndicatorLinePanel {...props} />
      <IndicatorTablePanel {...props} />
      <BacktestPanel {...props} />
      <div className="fund-grid">
        <QuotaPanel {...props} />
        <OfferingsPanel {...props} />
      </div>
    </div>
  );
}

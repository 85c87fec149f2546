import { useAuctionText } from './messages';
import './auction.css';

/** Table heights: fixed, so the page never moves while data loads (the sections use them too). */
export const SNAPSHOT_TABLE_HEIGHT = 420;
export const BENCHMARK_TABLE_HEIGHT = 360;

/** The page's frame while it loads: the same boxes with the same heights as the loaded page. */
export function AuctionSkeleton() {
  const { t } = useAuctionText();
  return (
    <div className="auction-page" aria-busy="true">
      <header className="panel auction-head">
        <h1 className="auction-head__title">{t('page.title')}</h1>
      </header>
      <section className="panel auction-section">
        <div className="skel" style={{ height: SNAPSHOT_TABLE_HEIGHT + 120 }} />
      </section>
      <section className="panel auction-section">
        <div className="skel" style={{ height: BENCHMARK_TABLE_HEIGHT }} />
      </section>
    </div>
  );
}

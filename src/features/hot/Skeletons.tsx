import { useHotText } from './messages';
import './hot.css';

/**
 * The page's frame while its data loads: the same boxes with the same heights as the loaded page, so
 * nothing moves when the numbers arrive. Free of chart code: the route shows it before its lazy chunk.
 */

/** Height of the table area and of the trend chart: fixed, so the page never jumps. */
export const TABLE_HEIGHT = 560;
export const TREND_CHART_HEIGHT = 380;

export function HotSkeleton() {
  const { t } = useHotText();
  return (
    <div className="hot-page" aria-busy="true">
      <header className="panel hot-head">
        <h1 className="hot-head__title">{t('page.title')}</h1>
      </header>
      <section className="panel hot-body">
        <div className="hot-toolbar" />
        <div className="skel" style={{ height: TABLE_HEIGHT }} />
      </section>
    </div>
  );
}

import { useFuturesText } from './messages';
import './futures.css';

/** Chart and term-structure heights: fixed, so nothing moves while data arrives. */
export const BASIS_CHART_HEIGHT = 420;
export const TERMS_CHART_HEIGHT = 220;

export function FuturesListSkeleton() {
  const { t } = useFuturesText();
  return (
    <div className="fut-page" aria-busy="true">
      <header className="panel fut-head">
        <h1 className="fut-head__title">{t('list.title')}</h1>
      </header>
      <section className="panel fut-section">
        <h2 className="panel__title">{t('basis.title')}</h2>
        <div className="skel fut-skel-table" aria-hidden="true" />
      </section>
    </div>
  );
}

export function FuturesContractSkeleton({ thscode }: { thscode: string }) {
  const { t } = useFuturesText();
  return (
    <div className="fut-page" aria-busy="true">
      <header className="panel fut-head">
        <h1 className="fut-head__title num">{thscode}</h1>
      </header>
      <div className="fut-grid">
        <section className="panel fut-facts">
          <h2 className="panel__title">{t('facts.title')}</h2>
          <div className="skel fut-skel-facts" aria-hidden="true" />
        </section>
        <section className="panel fut-chart">
          <h2 className="panel__title">{t('chart.title')}</h2>
          <div className="skel" style={{ height: BASIS_CHART_HEIGHT }} aria-hidden="true" />
        </section>
      </div>
    </div>
  );
}

import { useOptionsText } from './messages';
import './options.css';

/** The page's frame while the route loads: the same panels, so nothing jumps when data arrives. */
export function OptionsSkeleton() {
  const { t } = useOptionsText();
  return (
    <div className="opt-page" aria-busy="true">
      <header className="panel opt-head">
        <h1 className="opt-head__title">{t('page.title')}</h1>
      </header>
      <div className="opt-grid">
        <section className="panel opt-chain">
          <h2 className="panel__title">{t('chain.title')}</h2>
          <div className="skel opt-skel" aria-hidden="true" />
        </section>
      </div>
    </div>
  );
}

import { useHkIpoText } from './messages';
import './hk-ipo.css';

/** The page's frame while its data loads: the same boxes as the loaded page, so nothing jumps. */
export function HkIpoSkeleton() {
  const { t } = useHkIpoText();
  return (
    <div className="hkipo-page" aria-busy="true">
      <header className="panel hkipo-head">
        <div className="hkipo-head__titles">
          <h1 className="hkipo-head__title">{t('page.title')}</h1>
        </div>
      </header>
      <div className="panel hkipo-main">
        <div className="skel" style={{ height: 120 }} />
        <div className="skel" style={{ height: 120 }} />
      </div>
      <div className="panel">
        <div className="skel" style={{ height: 320 }} />
      </div>
    </div>
  );
}

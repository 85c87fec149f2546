import { useNewsText } from './messages';
import './news.css';

/** The news pages' frame while the first screen loads. */
export function NewsSkeleton() {
  const { t } = useNewsText();
  return (
    <div className="news-page" aria-busy="true">
      <header className="panel news-head">
        <div className="news-head__titles">
          <h1 className="news-head__title">{t('page.title')}</h1>
        </div>
      </header>
      <section className="panel news-body">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skel" style={{ height: 46 }} />
        ))}
      </section>
    </div>
  );
}

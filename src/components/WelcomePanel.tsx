import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/** The first screen: what this dashboard is, and the way in (search). */
export function WelcomePanel({ search }: { search: ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="panel welcome" aria-labelledby="welcome-title">
      <h1 id="welcome-title" className="welcome__title">
        {t('home.title')}
      </h1>
      <p className="welcome__intro">{t('home.intro')}</p>
      <h2 className="welcome__subtitle">{t('home.searchTitle')}</h2>
      {search}
      <ul className="welcome__tips">
        <li>{t('home.tipKeyboard')}</li>
        <li>{t('home.tipCodes')}</li>
        <li>{t('home.tipMode')}</li>
      </ul>
    </section>
  );
}

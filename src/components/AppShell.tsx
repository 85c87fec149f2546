import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LANGUAGES, useI18n, type Language } from '../lib/i18n';
import { useTheme } from '../lib/preferences';
import { ModeBadge } from './ModeBadge';

const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中', en: 'EN' };

function LanguageSwitch() {
  const { lang, setLang, t } = useI18n();
  return (
    <div className="segmented" role="group" aria-label={t('shell.language')}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__item"
          aria-pressed={option === lang}
          lang={option}
          onClick={() => setLang(option)}
        >
          {LANGUAGE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}

function ThemeSwitch() {
  const { t } = useI18n();
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn--ghost theme-switch"
      onClick={() => setTheme(next)}
      title={`${t('shell.theme')}: ${t(`theme.${theme}`)}`}
      aria-label={`${t('shell.theme')}: ${t(`theme.${next}`)}`}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☾' : '☀'}</span>
    </button>
  );
}

/** Top bar (name, search, data-source badge, language and theme) above the page. */
export function AppShell({ search, children }: { search: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          <span className="brand__mark" aria-hidden="true">
            ▤
          </span>
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        <div className="topbar__search">{search}</div>
        <div className="topbar__tools">
          <ModeBadge />
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LANGUAGES, useI18n, type Language, type MessageKey } from '../lib/i18n';
import { COLOR_CONVENTIONS, useColorConvention, useTheme } from '../lib/preferences';
import { ModeBadge } from './ModeBadge';
import { DataTime, SessionIndicator } from './ShellStatus';
import { SessionStatus, SignInGate } from './Session';

const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中', en: 'EN' };

/** The app's sections, in the order of the navigation. */
const NAV_ITEMS = [
  { to: '/', label: 'nav.homeLink' },
  { to: '/dragon-tiger', label: 'nav.dragonTiger' },
  { to: '/hot', label: 'nav.hot' },
  { to: '/auction', label: 'nav.auction' },
  { to: '/watchlists', label: 'nav.watchlists' },
] as const satisfies readonly { to: string; label: MessageKey }[];

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

/** Two small swatches show the convention itself: the up colour first, then the down colour. */
function ColorSwitch() {
  const { t } = useI18n();
  const [colors, setColors] = useColorConvention();
  return (
    <div className="segmented" role="group" aria-label={t('shell.colors')}>
      {COLOR_CONVENTIONS.map((option) => (
        <button
          key={option}
          type="button"
          className="segmented__item color-switch"
          aria-pressed={option === colors}
          title={t(`colors.${option}`)}
          onClick={() => setColors(option)}
        >
          <span
            className={option === 'red-up' ? 'swatch swatch--red' : 'swatch swatch--green'}
            aria-hidden="true"
          />
          <span
            className={option === 'red-up' ? 'swatch swatch--green' : 'swatch swatch--red'}
            aria-hidden="true"
          />
          <span className="visually-hidden">{t(`colors.${option}`)}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * Top bar above the page: name, navigation, search, market session, data time, data-source badge, and
 * the language, colour-convention and theme switches.
 */
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
        <nav className="topbar__nav" aria-label={t('shell.nav')}>
          {NAV_ITEMS.map((item) => (
            <Link key={item.to} to={item.to} className="nav-link" activeOptions={{ exact: item.to === '/' }}>
              {t(item.label)}
            </Link>
          ))}
        </nav>
        <div className="topbar__search">{search}</div>
        <div className="topbar__status">
          <SessionIndicator />
          <DataTime />
          <ModeBadge />
        </div>
        <div className="topbar__tools">
          <SessionStatus />
          <LanguageSwitch />
          <ColorSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <SignInGate>{children}</SignInGate>
      </main>
    </div>
  );
}

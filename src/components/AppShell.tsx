import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link, useRouterState } from '@tanstack/react-router';
import { LANGUAGES, useI18n, type Language, type MessageKey } from '../lib/i18n';
import { COLOR_CONVENTIONS, useColorConvention, useTheme } from '../lib/preferences';
import { ModeBadge } from './ModeBadge';
import { DocumentTitle } from './DocumentTitle';
import { DataTime, SessionIndicator } from './ShellStatus';
import { SessionStatus, SignInGate } from './Session';

const LANGUAGE_LABELS: Record<Language, string> = { 'zh-CN': '中', en: 'EN' };

/**
 * The app's sections, in the order of the navigation: the one list the top bar, the menu and the page
 * titles read (a new top-level route adds its line here).
 */
export const NAV_ITEMS = [
  { to: '/', label: 'nav.homeLink' },
  { to: '/limit-up', label: 'nav.limitUp' },
  { to: '/sectors', label: 'nav.sectors' },
  { to: '/dragon-tiger', label: 'nav.dragonTiger' },
  { to: '/hot', label: 'nav.hot' },
  { to: '/auction', label: 'nav.auction' },
  { to: '/fund/compare', label: 'nav.fundCompare' },
  { to: '/hk-ipo', label: 'nav.hkIpo' },
  { to: '/news', label: 'nav.news' },
  { to: '/futures', label: 'nav.futures' },
  { to: '/options', label: 'nav.options' },
  { to: '/watchlists', label: 'nav.watchlists' },
  { to: '/explorer', label: 'nav.explorer' },
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
 * Keeps `--shell-top` (the top bar's height) current, for what sticks below it (table headers). Read from
 * the observer's entries, after layout: reading `offsetHeight` while the page mounts would force a
 * layout of the whole first paint inside React's commit (a long task on every page's load).
 */
function useShellTop(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let height = -1;
    const observer = new ResizeObserver((entries) => {
      const box = entries.at(-1)?.borderBoxSize[0];
      const next = Math.round(box?.blockSize ?? element.offsetHeight);
      if (next === height) return;
      height = next;
      root.style.setProperty('--shell-top', `${next}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--shell-top');
    };
  }, [header]);
}

/**
 * The sections and the settings. Wide screens show them as the top bar's second row; narrower ones
 * behind the menu button, as a panel that opens below the bar (Esc or a choice closes it).
 */
function AppMenu({
  open,
  onClose,
  id,
  ref,
}: {
  open: boolean;
  onClose: (focusButton: boolean) => void;
  id: string;
  ref: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useI18n();
  return (
    <div
      ref={ref}
      id={id}
      className="topbar__menu"
      data-open={open || undefined}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          onClose(true);
        }
      }}
    >
      <nav className="topbar__nav" aria-label={t('shell.nav')}>
        {NAV_ITEMS.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            className="nav-link"
            activeOptions={{ exact: item.to === '/' }}
            onClick={() => onClose(false)}
          >
            {t(item.label)}
          </Link>
        ))}
      </nav>
      <div className="topbar__tools" role="group" aria-label={t('shell.settings')}>
        <span className="topbar__tools-label" aria-hidden="true">
          {t('shell.settings')}
        </span>
        <LanguageSwitch />
        <ColorSwitch />
        <ThemeSwitch />
      </div>
    </div>
  );
}

/**
 * Top bar above the page: name, search, market session, data time and data-source badge, then the
 * sections (every entry of `NAV_ITEMS`) and the language, colour-convention and theme switches, which
 * narrower screens reach through the menu button.
 */
export function AppShell({ search, children }: { search: ReactNode; children: ReactNode }) {
  const { t } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useShellTop(headerRef);

  // A new page closes the menu (also when reached by the back button).
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }

  // A press outside the top bar closes the menu, as menus do.
  useEffect(() => {
    if (!menuOpen) return;
    const onDown = (event: PointerEvent) => {
      if (event.target instanceof Node && headerRef.current?.contains(event.target)) return;
      setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [menuOpen]);

  const closeMenu = (focusButton: boolean) => {
    setMenuOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  return (
    <div className="shell">
      <DocumentTitle sections={NAV_ITEMS} />
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header
        className="topbar"
        ref={headerRef}
        // Focus going elsewhere in the bar (the search) closes the menu; Esc closes it from the button too.
        onFocusCapture={(event) => {
          if (!menuOpen || !(event.target instanceof Node)) return;
          if (buttonRef.current?.contains(event.target) || menuRef.current?.contains(event.target)) return;
          setMenuOpen(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen && event.target === buttonRef.current) closeMenu(true);
        }}
      >
        <div className="topbar__bar">
          <Link to="/" className="brand" aria-label={t('app.name')}>
            <span className="brand__mark" aria-hidden="true">
              ▤
            </span>
            <span className="brand__name">{t('app.name')}</span>
          </Link>
          <div className="topbar__search">{search}</div>
          <div className="topbar__status">
            <SessionIndicator />
            <DataTime />
            <ModeBadge />
            <SessionStatus />
          </div>
          <button
            ref={buttonRef}
            type="button"
            className="btn btn--ghost topbar__menu-button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={t('shell.menu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
            <span className="topbar__menu-text" aria-hidden="true">
              {t('shell.menu')}
            </span>
          </button>
        </div>
        <AppMenu id={menuId} ref={menuRef} open={menuOpen} onClose={closeMenu} />
      </header>
      <main id="main" className="page" tabIndex={-1}>
        <SignInGate>{children}</SignInGate>
      </main>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { HOT_VIEWS, type HotSearch } from './url-state';
import type { UpdateSearch } from './url-state';
import { useHotText } from './messages';
import { RankView } from './RankView';
import { HistoryView } from './HistoryView';
import { TrendView, type StockPicker } from './TrendView';
import { MonitorView } from './MonitorView';
import './hot.css';

export interface HotViewProps {
  search: HotSearch;
  onSearch: UpdateSearch;
  /** The instrument search, wired by the route to add a stock to the trend (features do not import each other). */
  stockPicker: StockPicker;
}

/** The hot-list page: one header with the four views as links (each view is a shareable URL). */
export function HotView({ search, onSearch, stockPicker }: HotViewProps) {
  const { t } = useHotText();
  let body: ReactNode;
  switch (search.view) {
    case 'rank':
      body = <RankView search={search} onSearch={onSearch} />;
      break;
    case 'history':
      body = <HistoryView search={search} onSearch={onSearch} />;
      break;
    case 'trend':
      body = <TrendView search={search} onSearch={onSearch} stockPicker={stockPicker} />;
      break;
    case 'monitor':
      body = <MonitorView search={search} onSearch={onSearch} />;
      break;
  }
  return (
    <div className="hot-page" data-testid="hot-view" data-view={search.view}>
      <header className="panel hot-head">
        <h1 className="hot-head__title">{t('page.title')}</h1>
        <nav className="hot-tabs" aria-label={t('page.views')}>
          {HOT_VIEWS.map((view) => (
            <Link
              key={view}
              to="/hot"
              search={{ ...search, view }}
              className="hot-tabs__item"
              aria-current={view === search.view ? 'page' : undefined}
              activeOptions={{ exact: true }}
            >
              {t(`view.${view}`)}
            </Link>
          ))}
        </nav>
        <span className="hot-head__spacer" />
        <CopyLinkButton />
      </header>
      <section className="panel hot-body">{body}</section>
    </div>
  );
}

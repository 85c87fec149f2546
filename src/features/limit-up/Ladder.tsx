import { Link } from '@tanstack/react-router';
import { Empty } from '../../components/states';
import { useLimitUpText } from './messages';
import { TOP_TIER, type LadderColumn, type Promotion } from './model';

/**
 * The consecutive-board ladder of a day: one column per board count, highest first, each stock a chip
 * that opens its stock view. A column's header carries the promotion rate into it (yesterday's stocks
 * one board lower that sealed again today).
 */
export function Ladder({
  columns,
  promotions,
  loading,
}: {
  columns: readonly LadderColumn[];
  promotions: readonly Promotion[] | undefined;
  loading: boolean;
}) {
  const { t } = useLimitUpText();
  if (loading && columns.length === 0) return <div className="skel lu-ladder--skeleton" aria-busy="true" />;
  if (columns.length === 0) return <Empty>{t('ladder.empty')}</Empty>;
  return (
    <div className="lu-ladder" data-testid="ladder">
      {columns.map((column) => {
        const into = promotions?.find(
          (p) => Math.min(p.from + 1, TOP_TIER) === column.boards && p.from < column.boards,
        );
        const title =
          column.boards === 1
            ? t('ladder.first')
            : column.boards === TOP_TIER
              ? t('ladder.columnTop', { count: column.boards })
              : t('ladder.column', { count: column.boards });
        return (
          <section
            key={column.boards}
            className={`lu-tier${column.boards === 1 ? ' lu-tier--first' : ''}`}
            data-testid={`ladder-tier-${column.boards}`}
            data-boards={column.boards}
            aria-label={t('ladder.label', {
              count: column.boards,
              names: column.stocks.map((s) => s.name).join('、'),
            })}
          >
            <header className="lu-tier__head">
              <span className="lu-tier__title">{title}</span>
              <span className="lu-tier__count num">{column.stocks.length}</span>
              {into && (
                <span
                  className="lu-tier__promo muted num"
                  title={t('ladder.promotionHint', { from: into.from })}
                >
                  {t('ladder.promotion', { promoted: into.promoted, candidates: into.candidates })}
                </span>
              )}
            </header>
            <div className="lu-tier__chips">
              {column.stocks.map((stock) => (
                <Link
                  key={stock.thscode}
                  to="/stock/$thscode"
                  params={{ thscode: stock.thscode }}
                  className="chip lu-chip"
                  data-code={stock.thscode}
                  data-boards={stock.boards}
                  title={[stock.thscode, stock.note, stock.theme].filter(Boolean).join(' · ')}
                >
                  {stock.name}
                  {column.boards === TOP_TIER && stock.boards > TOP_TIER && (
                    <span className="chip__note">{t('summary.boards', { count: stock.boards })}</span>
                  )}
                  {stock.note !== null && <span className="chip__note">{stock.note}</span>}
                </Link>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

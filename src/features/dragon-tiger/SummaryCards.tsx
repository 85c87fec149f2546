import type { DragonTigerSummary } from '../../lib/dragon-tiger';
import { DASH, direction, formatAmount, formatNumber } from '../../lib/format';
import { useDragonTigerText } from './messages';

/** The day in four figures; dashes of the same size while the list loads, so nothing moves. */
export function SummaryCards({ summary }: { summary: DragonTigerSummary | undefined }) {
  const { t, lang } = useDragonTigerText();
  const hint = summary ? t('summary.oneDayHint', { count: summary.oneDayRecords }) : undefined;
  const cards = [
    {
      id: 'stocks',
      label: t('summary.stocks'),
      value: summary ? formatNumber(summary.stocks, lang, 0) : DASH,
    },
    {
      id: 'records',
      label: t('summary.records'),
      value: summary ? formatNumber(summary.records, lang, 0) : DASH,
    },
    {
      id: 'total-net',
      label: t('summary.totalNet'),
      value: summary ? formatAmount(summary.totalNet, lang, 2, { sign: true }) : DASH,
      tone: direction(summary?.totalNet),
      hint,
    },
    {
      id: 'org-net',
      label: t('summary.orgNet'),
      value: summary ? formatAmount(summary.orgNet, lang, 2, { sign: true }) : DASH,
      tone: direction(summary?.orgNet),
      hint,
    },
  ];
  return (
    <section className="dtl-cards" aria-label={t('summary.label')} aria-busy={summary === undefined}>
      {cards.map((card) => (
        <div key={card.id} className="panel dtl-card" title={card.hint}>
          <div className="dtl-card__label">{card.label}</div>
          <div className={`dtl-card__value num ${card.tone ?? ''}`} data-testid={`summary-${card.id}`}>
            {card.value}
          </div>
        </div>
      ))}
    </section>
  );
}

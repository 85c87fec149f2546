import type { KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Empty, ErrorState } from '../../components/states';
import { fractionToPercent } from '../../lib/dragon-tiger';
import { DASH, direction, formatAmount, formatNumber, formatPercent } from '../../lib/format';
import { useDragonTigerText } from './messages';
import { institutionQuery, type InstitutionRange } from './queries';

/**
 * The institution detail of one stock on one day, beside the table: each listing range (1-day and
 * 3-day) with institutions' buying, selling and net, and the buying and selling branches.
 */
export function InstitutionPanel({
  code,
  name,
  tradeDate,
  onClose,
}: {
  code: string;
  name: string | undefined;
  /** The list's day; undefined while the list has not said which day it is. */
  tradeDate: string | undefined;
  onClose: () => void;
}) {
  const { t } = useDragonTigerText();
  const detail = useQuery({
    ...institutionQuery(code, tradeDate ?? ''),
    enabled: tradeDate !== undefined,
  });

  let body;
  if (tradeDate === undefined) body = <div className="dtl-skel dtl-detail__skeleton" aria-busy="true" />;
  else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.isPending) body = <div className="dtl-skel dtl-detail__skeleton" aria-busy="true" />;
  else if (detail.data.item.length === 0)
    body = <Empty>{t('detail.empty', { code, date: tradeDate })}</Empty>;
  else {
    const ranges = [...detail.data.item].sort((a, b) => a.range_days - b.range_days);
    body = ranges.map((range, i) => (
      <RangeCard key={`${range.range_days}-${range.start_date}-${i}`} range={range} />
    ));
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <aside
      className="panel dtl-detail"
      aria-label={t('detail.label')}
      data-testid="institution-detail"
      onKeyDown={onKeyDown}
    >
      <div className="dtl-detail__head">
        <div>
          <h2 className="dtl-detail__name">{name ?? code}</h2>
          {name !== undefined && <span className="dtl-detail__code num">{code}</span>}
          {tradeDate !== undefined && <span className="muted num"> · {tradeDate}</span>}
        </div>
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={onClose}
          aria-label={t('detail.close')}
          title={t('detail.close')}
        >
          ✕
        </button>
      </div>
      <Link
        to="/stock/$thscode"
        params={{ thscode: code }}
        search={tradeDate === undefined ? { tab: 'dragon-tiger' } : { tab: 'dragon-tiger', dt: tradeDate }}
        className="dtl-detail__link"
      >
        {t('detail.stockLink')} →
      </Link>
      <div className="dtl-detail__body">{body}</div>
    </aside>
  );
}

function RangeCard({ range }: { range: InstitutionRange }) {
  const { t, lang } = useDragonTigerText();
  const title =
    range.range_days === 1
      ? t('detail.range1')
      : range.range_days === 3
        ? t('detail.range3')
        : t('detail.rangeOther', { days: range.range_days });
  const net = direction(range.org_net_value);
  const count = (value: number | null) => (value === null ? DASH : formatNumber(value, lang, 0));
  return (
    <article className="dtl-range" data-testid={`range-${range.range_days}`}>
      <div className="dtl-range__head">
        <h3>{title}</h3>
        <span className="muted num">
          {t('detail.span', { start: range.start_date, end: range.end_date })}
        </span>
      </div>
      <dl className="dtl-range__figures">
        <div>
          <dt>{t('detail.orgBuy')}</dt>
          <dd className="num">{formatAmount(range.org_buy_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('detail.orgSell')}</dt>
          <dd className="num">{formatAmount(range.org_sell_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('detail.orgNet')}</dt>
          <dd className={`num ${net}`} data-testid="org-net">
            {formatAmount(range.org_net_value, lang, 2, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('detail.netRate')}</dt>
          <dd className={`num ${net}`} data-testid="org-net-rate">
            {formatPercent(fractionToPercent(range.org_net_rate), lang, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('detail.orgBuyNum')}</dt>
          <dd className="num">{count(range.org_buy_num)}</dd>
        </div>
        <div>
          <dt>{t('detail.orgSellNum')}</dt>
          <dd className="num">{count(range.org_sell_num)}</dd>
        </div>
      </dl>
      <div className="dtl-range__branches">
        <Branches title={t('detail.buyBranches')} items={range.buy_departments} tone="up" />
        <Branches title={t('detail.sellBranches')} items={range.sell_departments} tone="down" />
      </div>
    </article>
  );
}

function Branches({
  title,
  items,
  tone,
}: {
  title: string;
  items: InstitutionRange['buy_departments'];
  tone: 'up' | 'down';
}) {
  const { t } = useDragonTigerText();
  return (
    <section>
      <h4 className={tone}>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{t('detail.noBranches')}</p>
      ) : (
        <ol className="dtl-range__list">
          {items.map((d, i) => (
            // The same branch id may repeat (spec): the position keeps keys unique.
            <li key={`${d.department_id}-${i}`} title={d.department_id}>
              {d.name ?? t('detail.unnamed')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

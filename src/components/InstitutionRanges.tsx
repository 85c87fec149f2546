import type { DataOf } from '../contract/catalog';
import { fractionToPercent } from '../lib/dragon-tiger';
import { DASH, direction, formatAmount, formatNumber, formatPercent } from '../lib/format';
import { useI18n } from '../lib/i18n';
import './InstitutionRanges.css';

/**
 * The institution detail of one stock on one dragon-tiger day: a card per listing range (1-day, 3-day)
 * with institutions' buying, selling and net, and the buying and selling branches. The caller lays the
 * cards out (a column beside the list, a grid on the stock page).
 */

export type InstitutionRange = DataOf<'a-share/special-data/dragon-tiger-stock-institution'>['item'][number];

export function InstitutionRanges({ items }: { items: readonly InstitutionRange[] }) {
  const ranges = [...items].sort((a, b) => a.range_days - b.range_days);
  return ranges.map((range, i) => (
    <RangeCard key={`${range.range_days}-${range.start_date}-${i}`} range={range} />
  ));
}

function RangeCard({ range }: { range: InstitutionRange }) {
  const { t, lang } = useI18n();
  const title =
    range.range_days === 1
      ? t('institution.range1')
      : range.range_days === 3
        ? t('institution.range3')
        : t('institution.rangeOther', { days: range.range_days });
  const net = direction(range.org_net_value);
  const count = (value: number | null) => (value === null ? DASH : formatNumber(value, lang, 0));
  return (
    <article className="inst-range" data-testid={`dt-range-${range.range_days}`}>
      <div className="inst-range__head">
        <h3>{title}</h3>
        <span className="muted num">
          {t('institution.span', { start: range.start_date, end: range.end_date })}
        </span>
      </div>
      <dl className="inst-range__figures">
        <div>
          <dt>{t('institution.orgBuy')}</dt>
          <dd className="num">{formatAmount(range.org_buy_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('institution.orgSell')}</dt>
          <dd className="num">{formatAmount(range.org_sell_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('institution.orgNet')}</dt>
          <dd className={`num ${net}`} data-testid="dt-org-net">
            {formatAmount(range.org_net_value, lang, 2, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('institution.netRate')}</dt>
          <dd className={`num ${net}`} data-testid="dt-net-rate">
            {formatPercent(fractionToPercent(range.org_net_rate), lang, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('institution.orgBuyNum')}</dt>
          <dd className="num">{count(range.org_buy_num)}</dd>
        </div>
        <div>
          <dt>{t('institution.orgSellNum')}</dt>
          <dd className="num">{count(range.org_sell_num)}</dd>
        </div>
      </dl>
      <div className="inst-range__branches">
        <Branches title={t('institution.buyBranches')} items={range.buy_departments} tone="up" />
        <Branches title={t('institution.sellBranches')} items={range.sell_departments} tone="down" />
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
  const { t } = useI18n();
  return (
    <section>
      <h4 className={tone}>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{t('institution.noBranches')}</p>
      ) : (
        <ol className="inst-range__list">
          {items.map((d, i) => (
            // The same branch id may repeat (spec): the position keeps keys unique.
            <li key={`${d.department_id}-${i}`} title={d.department_id}>
              {d.name ?? t('institution.unnamed')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { calendarQuery } from '../../../api/live';
import { Empty, ErrorState } from '../../../components/states';
import { addYearsToDate } from '../../../contract/time';
import { DASH, direction, formatAmount, formatNumber, formatPercent } from '../../../lib/format';
import { Field } from '../controls';
import { dragonTigerDateProblem, isDateText } from '../dates';
import { useServerToday } from '../hooks';
import { useStockText } from '../messages';
import { dragonTigerQuery, type InstitutionRange } from '../queries';
import type { TabProps } from '../StockTabs';
import { calendarDate } from '../view-params';

/** `org_net_rate` is a decimal fraction (0.1 = 10%), unlike the `*_pct` fields. */
export function fractionToPercent(value: number | null | undefined): number | null {
  return value === null || value === undefined ? null : value * 100;
}

export function DragonTigerTab({ record, search, onSearch }: TabProps) {
  const { t } = useStockText();
  const today = useServerToday();
  const calendar = useQuery(calendarQuery());
  const days = useMemo(
    () => (calendar.data?.item.map((d) => calendarDate(d.date)) ?? []).sort(),
    [calendar.data],
  );
  const dt = search.dt;
  const listDate = record.list_date ?? null;
  const min = today === null ? undefined : addYearsToDate(today, -1);
  const problem = dragonTigerDateProblem(dt, today, days, listDate);
  const detail = useQuery({ ...dragonTigerQuery(record.thscode, dt), enabled: problem === null });

  const shown = dt ?? detail.data?.trade_date;
  const before = shown === undefined ? undefined : days.filter((d) => d < shown).at(-1);
  const after =
    shown === undefined ? undefined : days.find((d) => d > shown && (today === null || d <= today));
  const go = (date: string | undefined) => onSearch({ dt: date });

  let body;
  const date = dt ?? '';
  if (problem === 'outside') {
    body = <Empty>{t('dt.outside', { date, min: min ?? '', max: today ?? '' })}</Empty>;
  } else if (problem === 'non-trading') body = <Empty>{t('dt.nonTrading', { date })}</Empty>;
  else if (problem === 'not-listed') {
    body = <Empty>{t('dt.notListed', { code: record.thscode, listDate: listDate ?? '', date })}</Empty>;
  } else if (detail.isError) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (detail.isPending) body = <div className="stock-skel stock-dt__skeleton" aria-busy="true" />;
  else if (detail.data.item.length === 0) {
    body = <Empty>{t('dt.empty', { code: record.thscode, date: detail.data.trade_date })}</Empty>;
  } else {
    const ranges = [...detail.data.item].sort((a, b) => a.range_days - b.range_days);
    body = (
      <div className="stock-dt__ranges">
        {ranges.map((range, i) => (
          <RangeCard key={`${range.range_days}-${range.start_date}-${i}`} range={range} />
        ))}
      </div>
    );
  }

  return (
    <div className="stock-tab" data-testid="dragon-tiger">
      <div className="stock-toolbar">
        <button
          type="button"
          className="btn btn--small"
          disabled={before === undefined || (min !== undefined && before < min)}
          onClick={() => go(before)}
          aria-label={t('dt.prevDay')}
          title={t('dt.prevDay')}
        >
          ◀
        </button>
        <Field label={t('dt.date')}>
          <input
            type="date"
            className="stock-input num"
            value={shown ?? ''}
            min={min}
            max={today ?? undefined}
            onChange={(e) => {
              if (isDateText(e.target.value)) go(e.target.value);
            }}
          />
        </Field>
        <button
          type="button"
          className="btn btn--small"
          disabled={after === undefined}
          onClick={() => go(after)}
          aria-label={t('dt.nextDay')}
          title={t('dt.nextDay')}
        >
          ▶
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={dt === undefined}
          onClick={() => go(undefined)}
        >
          {t('dt.latest')}
        </button>
        {detail.data && (
          <span className="stock-toolbar__note muted num">
            {t('dt.tradeDate', { date: detail.data.trade_date })}
          </span>
        )}
      </div>
      {body}
    </div>
  );
}

function RangeCard({ range }: { range: InstitutionRange }) {
  const { t, lang } = useStockText();
  const title =
    range.range_days === 1
      ? t('dt.range1')
      : range.range_days === 3
        ? t('dt.range3')
        : t('dt.rangeOther', { days: range.range_days });
  const net = direction(range.org_net_value);
  const count = (value: number | null) => (value === null ? DASH : formatNumber(value, lang, 0));
  return (
    <article className="stock-dt__card" data-testid={`dt-range-${range.range_days}`}>
      <header className="stock-dt__head">
        <h3>{title}</h3>
        <span className="muted num">{t('dt.span', { start: range.start_date, end: range.end_date })}</span>
      </header>
      <dl className="stock-dt__figures">
        <div>
          <dt>{t('dt.orgBuy')}</dt>
          <dd className="num">{formatAmount(range.org_buy_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('dt.orgSell')}</dt>
          <dd className="num">{formatAmount(range.org_sell_value, lang)}</dd>
        </div>
        <div>
          <dt>{t('dt.orgNet')}</dt>
          <dd className={`num ${net}`}>{formatAmount(range.org_net_value, lang, 2, { sign: true })}</dd>
        </div>
        <div>
          <dt>{t('dt.netRate')}</dt>
          <dd className={`num ${net}`} data-testid="dt-net-rate">
            {formatPercent(fractionToPercent(range.org_net_rate), lang, { sign: true })}
          </dd>
        </div>
        <div>
          <dt>{t('dt.orgBuyNum')}</dt>
          <dd className="num">{count(range.org_buy_num)}</dd>
        </div>
        <div>
          <dt>{t('dt.orgSellNum')}</dt>
          <dd className="num">{count(range.org_sell_num)}</dd>
        </div>
      </dl>
      <div className="stock-dt__branches">
        <Branches title={t('dt.buyBranches')} items={range.buy_departments} tone="up" />
        <Branches title={t('dt.sellBranches')} items={range.sell_departments} tone="down" />
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
  const { t } = useStockText();
  return (
    <section>
      <h4 className={tone}>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{t('dt.noBranches')}</p>
      ) : (
        <ol className="stock-dt__list">
          {items.map((d, i) => (
            // The same branch id may repeat (spec): the position keeps keys unique.
            <li key={`${d.department_id}-${i}`} title={d.department_id}>
              {d.name ?? t('dt.unnamed')}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

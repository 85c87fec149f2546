import { Link } from '@tanstack/react-router';
import type { InstrumentRecord } from '../../api/instruments';
import { useTradingWindowsLive } from '../../api/live';
import { varietyTradingWindows } from '../../contract/market-session';
import { DASH, formatAmount, formatNumber, formatPercent, tickDigits } from '../../lib/format';
import { daysToExpiry } from '../../lib/expiry';
import { useMemo } from 'react';
import { isMainContinuous } from '../../contract/operations/futures';

import { useFuturesText, type FuturesT } from './messages';
import type { MainContract, Variety } from './queries';

/** Days to expiry in words: "37 days", "last trading day today", "expired". */
export function daysLeftText(days: number | null, t: FuturesT): string {
  if (days === null) return DASH;
  if (days < 0) return t('facts.expired');
  if (days === 0) return t('facts.lastDay');
  return t('facts.days', { days });
}

function Fact({
  label,
  value,
  testId,
  title,
}: {
  label: string;
  value: string;
  testId?: string;
  title?: string;
}) {
  return (
    <div className="fut-fact" title={title}>
      <dt>{label}</dt>
      <dd className="num" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * What a trader checks before the chart: the dates and days to expiry, margin and fees (the contract's
 * own where the main lists give them, else the variety's), units, and the hours with whether the
 * exchange trades now (its own timetable, night session included).
 */
export function ContractFacts({
  thscode,
  record,
  variety,
  contractRow,
  today,
}: {
  thscode: string;
  record: InstrumentRecord;
  variety: Variety | undefined;
  /** The contract's row of the main or secondary-main list, when it is one of them. */
  contractRow: MainContract | undefined;
  today: string | null;
}) {
  const { t, lang } = useFuturesText();
  const windows = useMemo(() => (variety ? varietyTradingWindows(variety) : null), [variety]);
  const trading = useTradingWindowsLive(windows);
  const continuous = isMainContinuous(thscode);
  const margin = contractRow?.margin_rate ?? variety?.margin_rate ?? null;
  const fee = contractRow?.transaction_fee ?? variety?.transaction_fee ?? null;
  const feeRate = contractRow?.transaction_fee_rate ?? variety?.transaction_fee_rate ?? null;
  const feeText =
    fee !== null
      ? t('fee.perLot', { fee: formatNumber(fee, lang, 2) })
      : feeRate !== null
        ? t('fee.rate', { rate: formatPercent(feeRate, lang, { digits: 4 }) })
        : DASH;
  const sessions = (variety?.trade_sessions ?? [])
    .map((s) => `${s.start_time ?? '?'}–${s.end_time ?? '?'}`)
    .join(' · ');
  const main = variety?.main_contract_thscode ?? null;
  return (
    <section className="panel fut-facts" aria-labelledby="fut-facts-title" data-testid="contract-facts">
      <h2 id="fut-facts-title" className="panel__title">
        {t('facts.title')}
        <span className={trading ? 'fut-clock fut-clock--on' : 'fut-clock'} data-testid="exchange-clock">
          {trading ? t('facts.trading') : t('facts.notTrading')}
        </span>
      </h2>
      <dl className="fut-facts__list">
        <Fact
          label={t('facts.variety')}
          value={variety ? `${variety.name ?? ''} ${variety.variety_code ?? ''}`.trim() : DASH}
        />
        <Fact label={t('facts.exchange')} value={variety?.exchange_name ?? record.exchange ?? DASH} />
        {continuous ? (
          <div className="fut-fact">
            <dt>{t('contract.currentMain')}</dt>
            <dd className="num">
              {main ? (
                <Link to="/futures/$thscode" params={{ thscode: main }} data-testid="current-main">
                  {main}
                </Link>
              ) : (
                DASH
              )}
            </dd>
          </div>
        ) : (
          <>
            <Fact label={t('facts.listDate')} value={record.list_date ?? DASH} />
            <Fact
              label={t('facts.lastTrade')}
              value={record.last_trade_date ?? DASH}
              testId="last-trade-date"
            />
            <Fact label={t('facts.lastDelivery')} value={record.last_delivery_date ?? DASH} />
            <Fact
              label={t('facts.daysLeft')}
              value={daysLeftText(daysToExpiry(record.last_trade_date, today), t)}
              testId="days-left"
            />
          </>
        )}
        <Fact label={t('facts.margin')} value={formatPercent(margin, lang, { digits: 1 })} />
        <Fact label={t('facts.fee')} value={feeText} />
        <Fact
          label={t('facts.multiplier')}
          value={
            variety?.contract_multiplier == null
              ? DASH
              : `${formatNumber(variety.contract_multiplier, lang, 0)} ${variety.trade_unit ?? ''}`.trim()
          }
        />
        <Fact
          label={t('facts.tick')}
          value={
            variety?.tick_size == null
              ? DASH
              : `${formatNumber(variety.tick_size, lang, tickDigits(variety.tick_size))} ${variety.price_unit ?? ''}`.trim()
          }
        />
        <Fact label={t('facts.sessions')} value={sessions || DASH} />
        <Fact
          label={t('facts.capitalFlow')}
          value={formatAmount(variety?.capital_flow, lang, 2, { sign: true })}
        />
        <Fact label={t('facts.longShort')} value={formatNumber(variety?.long_short_ratio, lang, 2)} />
      </dl>
    </section>
  );
}

import { useCallback, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLiveRefetchInterval } from '../../api/live';
import { INTRADAY_SPANS, intradayQuery, type IntradaySpan } from '../../api/market-data';
import type { IntradaySeries } from '../../contract/market-data';
import {
  DASH,
  direction,
  formatPercent,
  formatPrice,
  formatShanghaiMinute,
  formatVolume,
  type PriceKind,
} from '../../lib/format';
import type { Language } from '../../lib/i18n';
import { ChartFrame } from '../chart/ChartFrame';
import { Segmented } from '../Segmented';
import { IntradayChart } from './IntradayChart';
import { intradayText } from './messages';
import { incompleteDays, intradayModel, type IntradayMinute, type IntradayModel } from './model';
import './intraday.css';

/**
 * The intraday view of one instrument (stock, index or sector): the one-day or five-day switch, the
 * readout of the minute under the cursor (the latest otherwise), the chart, and the notes a reader needs
 * before trusting the line (the tape started late, or is off). Read from the BFF's minute tape, never
 * from the service's restricted high-frequency operations; refreshed once a minute while a session runs.
 */

export const INTRADAY_CHART_HEIGHT = 360;
/** The panel without notes: the toolbar, the readout and the chart (placeholders hold this room). */
export const INTRADAY_PANEL_HEIGHT = INTRADAY_CHART_HEIGHT + 70;

export interface IntradayPanelProps {
  thscode: string;
  name: string;
  priceKind: PriceKind;
  days: IntradaySpan;
  onDays: (days: IntradaySpan) => void;
}

/** `HH:mm` of a minute (Shanghai). */
function clock(ms: number): string {
  return formatShanghaiMinute(ms).slice(11);
}

export function IntradayPanel({ thscode, name, priceKind, days, onDays }: IntradayPanelProps) {
  const { t, lang } = intradayText.useText();
  const interval = useLiveRefetchInterval('intraday');
  const query = useQuery(intradayQuery(thscode, days, interval));
  // An index's or a sector's turnover over its volume is not a price: no average line for them.
  const average = priceKind !== 'index';
  const model = useMemo(() => intradayModel(query.data, days, { average }), [query.data, days, average]);
  const [cursor, setCursor] = useState<number | null>(null);
  const onCursor = useCallback((minute: number | null) => setCursor(minute), []);
  const keysId = useId();
  const priceFormat = useCallback((v: number) => formatPrice(v, lang, priceKind), [lang, priceKind]);
  const volumeFormat = useCallback((v: number) => formatVolume(v, lang), [lang]);
  const shown = (cursor === null ? undefined : model.minutes[cursor]) ?? model.last ?? undefined;
  const tape = query.data?.tape;
  const dates = model.days.map((d) => d.date);
  const dateText =
    dates.length === 0 ? DASH : dates.length === 1 ? (dates[0] ?? DASH) : `${dates[0]} – ${dates.at(-1)}`;

  return (
    <div className="intraday" data-testid="intraday-panel">
      <div className="intraday__toolbar">
        <Segmented
          label={t('span.label')}
          value={String(days)}
          testId="intraday-span"
          options={INTRADAY_SPANS.map((d) => ({ value: String(d), label: t(d === 1 ? 'span.1' : 'span.5') }))}
          onChange={(value) => onDays(value === '1' ? 1 : 5)}
        />
        <span className="chart-keys muted">
          <span className="chart-keys__item chart-keys__item--accent">{t('key.price')}</span>
          {average && <span className="chart-keys__item chart-keys__item--amber">{t('key.avg')}</span>}
          {model.base !== null && (
            <span className="chart-keys__item intraday__base-key" data-testid="intraday-base">
              {days === 1 || model.days[0] === undefined
                ? t('key.base', { value: priceFormat(model.base) })
                : t('key.base5', { date: model.days[0].date, value: priceFormat(model.base) })}
            </span>
          )}
        </span>
        {tape?.state === 'recording' && tape.last_minute !== null && (
          <span className="intraday__live muted" data-testid="intraday-recording">
            {t('note.recording', { time: clock(tape.last_minute) })}
          </span>
        )}
        {query.isFetching && <span className="spinner intraday__busy" aria-hidden="true" />}
      </div>
      <Readout minute={shown} model={model} lang={lang} priceKind={priceKind} live={cursor === null} />
      <Notes series={query.data} model={model} />
      <ChartFrame
        height={INTRADAY_CHART_HEIGHT}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        loading={query.isPending}
        empty={
          query.isSuccess && model.minutes.length === 0
            ? t(query.data.tape.state === 'off' ? 'empty.off' : 'empty.none')
            : null
        }
      >
        <IntradayChart
          model={model}
          view={days}
          height={INTRADAY_CHART_HEIGHT}
          label={t('chart.label', { name, dates: dateText })}
          cursor={cursor}
          onCursor={onCursor}
          priceFormat={priceFormat}
          volumeFormat={volumeFormat}
          baseTitle={t('axis.base')}
          viewKey={`${thscode}|${days}`}
          describedBy={keysId}
          fallback={t('chart.unavailable')}
          testId="intraday-chart"
        />
      </ChartFrame>
      <p id={keysId} className="visually-hidden">
        {t('chart.keys')}
      </p>
    </div>
  );
}

/** The figures of one minute, in fixed slots (dashes, never zeros, when there is none). */
function Readout({
  minute,
  model,
  lang,
  priceKind,
  live,
}: {
  minute: IntradayMinute | undefined;
  model: IntradayModel;
  lang: Language;
  priceKind: PriceKind;
  /** Showing the latest minute rather than one the reader chose. */
  live: boolean;
}) {
  const { t } = intradayText.useText();
  const tone = direction(minute?.changePct);
  const day = minute === undefined ? undefined : model.days[minute.day];
  const time =
    minute === undefined
      ? DASH
      : model.days.length > 1 && day
        ? `${day.date.slice(5)} ${clock(minute.t)}`
        : clock(minute.t);
  return (
    <dl
      className="chart-legend num intraday__readout"
      data-testid="intraday-readout"
      data-live={live}
      aria-label={t('readout.label')}
      aria-live={live ? 'off' : 'polite'}
    >
      <div>
        <dt>{t('readout.time')}</dt>
        <dd data-testid="readout-time">{time}</dd>
      </div>
      <div>
        <dt>{t('readout.price')}</dt>
        <dd className={tone} data-testid="readout-price">
          {formatPrice(minute?.price, lang, priceKind)}
        </dd>
      </div>
      <div title={t('chart.change')}>
        <dt>{t('readout.change')}</dt>
        <dd className={tone} data-testid="readout-change">
          {formatPercent(minute?.changePct, lang, { sign: true })}
        </dd>
      </div>
      {priceKind !== 'index' && (
        <div className="chart-key--avg">
          <dt>{t('readout.avg')}</dt>
          <dd data-testid="readout-avg">{formatPrice(minute?.avg ?? undefined, lang, priceKind)}</dd>
        </div>
      )}
      <div>
        <dt>{t('readout.volume')}</dt>
        <dd data-testid="readout-volume">{formatVolume(minute?.volume, lang)}</dd>
      </div>
    </dl>
  );
}

/** What the reader must know before trusting the line: a late start of the recording, or no tape. */
function Notes({ series, model }: { series: IntradaySeries | undefined; model: IntradayModel }) {
  const { t } = intradayText.useText();
  if (!series) return null;
  const late = incompleteDays(model);
  const off = series.tape.state === 'off';
  if (late.length === 0 && !(off && model.minutes.length > 0)) return null;
  return (
    <div className="intraday__notes" role="note" data-testid="intraday-notes">
      {late.map((day) => (
        <p key={day.date} className="intraday__note">
          <strong data-testid="intraday-started">
            {model.days.length > 1
              ? t('note.startedDay', { date: day.date, time: clock(day.recordingStartedAt ?? 0) })
              : t('note.started', { time: clock(day.recordingStartedAt ?? 0) })}
          </strong>{' '}
          <span className="muted">{t('note.startedHint')}</span>
        </p>
      ))}
      {off && model.minutes.length > 0 && (
        <p className="intraday__note" data-testid="intraday-off">
          {t('note.offWithData')}
        </p>
      )}
    </div>
  );
}

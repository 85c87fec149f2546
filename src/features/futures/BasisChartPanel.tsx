import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TimeChart, type ChartSeries } from '../../components/chart/TimeChart';
import { Segmented } from '../../components/Segmented';
import { ChartFrame } from '../../components/chart/ChartFrame';
import { isMainContinuous } from '../../contract/operations/futures';
import { DASH, direction, formatShanghaiDate, tickDigits } from '../../lib/format';
import { basisDays, BASIS_KINDS, type BasisDay } from './basis';
import { daysLeftText } from './ContractFacts';
import { formatBasis, formatFuturesPrice, formatRate } from './format';
import { useFuturesText } from './messages';
import { basisHistoryQuery, type LatestBasis, type Variety } from './queries';
import { BASIS_CHART_HEIGHT } from './Skeletons';
import { SPOT_ID_RE, type FuturesContractSearch, type UpdateContractSearch } from './url-state';

const PANE_STRETCH = [3, 2];

/**
 * The basis history of one contract: spot (converted to the futures unit) and futures price in the
 * top pane; the basis (bars, left scale) and the annualised basis rate (line, right scale) below, or
 * the service's basis rate for a main-continuous series, which has no single expiry. The legend shows
 * the day under the crosshair, the latest day otherwise.
 */
export function BasisChartPanel({
  thscode,
  name,
  expiry,
  variety,
  defaultSpot,
  search,
  onSearch,
}: {
  thscode: string;
  name: string;
  /** The contract's last trading day; null for a main-continuous series. */
  expiry: string | null;
  variety: Variety | undefined;
  /** The variety's row of the latest basis (its default spot quote), if known. */
  defaultSpot: LatestBasis | undefined;
  search: FuturesContractSearch;
  onSearch: UpdateContractSearch;
}) {
  const { t, lang } = useFuturesText();
  const query = useQuery(basisHistoryQuery(thscode, search.spot));
  const continuous = isMainContinuous(thscode);
  const days = useMemo(
    () => (query.data ? basisDays(query.data.item, search.basis, continuous ? null : expiry) : []),
    [query.data, search.basis, continuous, expiry],
  );
  const [hovered, setHovered] = useState<number | null>(null);
  const onHover = useCallback((time: number | null) => setHovered(time), []);
  const digits = tickDigits(variety?.tick_size);

  const series = useMemo<ChartSeries[]>(() => {
    const price = (value: number) => formatFuturesPrice(value, lang, digits);
    const points = (pick: (d: BasisDay) => number | null) =>
      days.flatMap((d) => {
        const value = pick(d);
        return value === null ? [] : [{ time: d.time, value }];
      });
    // The annualised rate needs one expiry; a main-continuous series shows the service's basis rate.
    const lower: ChartSeries = {
      id: continuous ? 'rate' : 'annualised',
      kind: 'line',
      pane: 1,
      color: 'accent',
      lineWidth: 2,
      data: points((d) => (continuous ? d.ratePct : d.annualisedPct)),
      format: (value) => formatRate(value, lang),
    };
    return [
      {
        id: 'spot',
        kind: 'line',
        color: 'amber',
        lineWidth: 2,
        data: points((d) => d.convertedSpot),
        format: price,
      },
      { id: 'price', kind: 'line', color: 'text', lineWidth: 1, data: points((d) => d.price), format: price },
      {
        id: 'basis',
        kind: 'histogram',
        pane: 1,
        scale: 'left',
        color: 'muted',
        data: days.flatMap((d) =>
          d.basis === null ? [] : [{ time: d.time, value: d.basis, tone: direction(d.basis) }],
        ),
        format: (value) => formatBasis(value, lang, digits),
      },
      lower,
    ];
  }, [days, continuous, lang, digits]);

  const first = days[0];
  const last = days[days.length - 1];
  const shown = (hovered === null ? undefined : days.find((d) => d.time === hovered)) ?? last;
  const viewKey = first && last ? `${thscode}|${search.spot ?? ''}|${first.time}|${last.time}` : '';
  const label = t(continuous ? 'chart.labelContinuous' : 'chart.label', {
    name,
    from: formatShanghaiDate(first?.time),
    to: formatShanghaiDate(last?.time),
  });

  return (
    <section className="panel fut-chart" aria-labelledby="fut-chart-title" data-testid="basis-chart-panel">
      <div className="fut-toolbar">
        <h2 id="fut-chart-title" className="panel__title">
          {t('chart.title')}
        </h2>
        <Segmented
          label={t('chart.kind')}
          value={search.basis}
          testId="basis-kind"
          options={BASIS_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          onChange={(basis) => onSearch({ basis })}
        />
        {query.isFetching && <span className="spinner" aria-hidden="true" />}
      </div>
      <SpotChooser spot={search.spot} defaultSpot={defaultSpot} onSearch={onSearch} />
      <Legend day={shown} continuous={continuous} digits={digits} />
      {continuous && <p className="muted fut-note">{t('chart.continuousNote')}</p>}
      <ChartFrame
        height={BASIS_CHART_HEIGHT}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        loading={query.isPending || query.isPlaceholderData}
        empty={
          query.isSuccess && days.length === 0
            ? search.spot
              ? t('chart.emptySpot', { spot: search.spot })
              : t('chart.empty')
            : null
        }
      >
        <TimeChart
          series={series}
          height={BASIS_CHART_HEIGHT}
          paneStretch={PANE_STRETCH}
          onHover={onHover}
          viewKey={viewKey}
          testId="basis-chart"
          label={label}
          fallback={t('chart.unavailable')}
        />
      </ChartFrame>
    </section>
  );
}

/** The figures of one day; fixed slots, so hovering only changes values. */
function Legend({
  day,
  continuous,
  digits,
}: {
  day: BasisDay | undefined;
  continuous: boolean;
  digits: number;
}) {
  const { t, lang } = useFuturesText();
  const tone = direction(day?.basis);
  return (
    <dl className="chart-legend num" data-testid="basis-legend">
      <div>
        <dt>{t('legend.date')}</dt>
        <dd data-testid="legend-date">{day?.date ?? DASH}</dd>
      </div>
      <div className="fut-key fut-key--spot">
        <dt>{t('legend.spot')}</dt>
        <dd data-testid="legend-spot">{formatBasis(day?.spot, lang, digits)}</dd>
      </div>
      {day?.spot !== day?.convertedSpot && (
        <div className="fut-key fut-key--spot">
          <dt>{t('legend.convertedSpot')}</dt>
          <dd>{formatBasis(day?.convertedSpot, lang, digits)}</dd>
        </div>
      )}
      <div className="fut-key fut-key--price">
        <dt>{t('legend.price')}</dt>
        <dd data-testid="legend-price">{formatFuturesPrice(day?.price, lang, digits)}</dd>
      </div>
      <div>
        <dt>{t('legend.basis')}</dt>
        <dd className={tone} data-testid="legend-basis">
          {formatBasis(day?.basis, lang, digits, { sign: true })}
        </dd>
      </div>
      <div className={continuous ? 'fut-key fut-key--rate' : undefined}>
        <dt>{t('legend.rate')}</dt>
        <dd className={direction(day?.ratePct)} data-testid="legend-rate">
          {formatRate(day?.ratePct, lang)}
        </dd>
      </div>
      {!continuous && (
        <>
          <div className="fut-key fut-key--rate" title={t('legend.annualisedTitle')}>
            <dt>{t('legend.annualised')}</dt>
            <dd className={direction(day?.annualisedPct)} data-testid="legend-annualised">
              {formatRate(day?.annualisedPct, lang)}
            </dd>
          </div>
          <div>
            <dt>{t('legend.daysLeft')}</dt>
            <dd data-testid="legend-days">{daysLeftText(day?.daysLeft ?? null, t)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/**
 * The spot quote the basis is taken against: the service's default (named from the latest basis), or
 * another indicator id typed in. An id the service does not know for this contract gives an empty
 * history, said in the chart.
 */
function SpotChooser({
  spot,
  defaultSpot,
  onSearch,
}: {
  spot: string | undefined;
  defaultSpot: LatestBasis | undefined;
  onSearch: UpdateContractSearch;
}) {
  const { t } = useFuturesText();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = text.trim();
    if (!SPOT_ID_RE.test(id)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText('');
    onSearch({ spot: id === defaultSpot?.spot_indicator_id ? undefined : id });
  };
  const description = defaultSpot?.spot_indicator_id
    ? t('spot.default', {
        name: defaultSpot.default_value ?? DASH,
        site: defaultSpot.reference_site ?? DASH,
        id: defaultSpot.spot_indicator_id,
      })
    : t('spot.defaultUnknown');
  return (
    <form className="fut-spot" onSubmit={submit} data-testid="spot-chooser">
      <span className="fut-spot__label">{t('spot.label')}</span>
      <span className={spot ? 'muted fut-spot__now' : 'fut-spot__now'} data-testid="spot-current">
        {spot ? t('spot.custom', { id: spot }) : description}
      </span>
      <input
        className="field-input fut-spot__input"
        value={text}
        maxLength={64}
        placeholder={t('spot.input')}
        aria-label={t('spot.input')}
        aria-invalid={invalid}
        aria-describedby={invalid ? 'fut-spot-error' : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
      />
      <button type="submit" className="btn btn--small">
        {t('spot.apply')}
      </button>
      {spot && (
        <button
          type="button"
          className="btn btn--small btn--ghost"
          onClick={() => onSearch({ spot: undefined })}
        >
          {t('spot.reset')}
        </button>
      )}
      {invalid && (
        <span id="fut-spot-error" className="fut-spot__error" role="alert">
          {t('spot.invalid')}
        </span>
      )}
    </form>
  );
}

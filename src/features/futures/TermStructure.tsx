import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { contractListingQuery } from '../../api/instruments';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { futuresContractSearches, isDatedContractOf } from '../../contract/operations/futures';
import { DASH, direction, formatNumber, tickDigits } from '../../lib/format';
import type { Language } from '../../lib/i18n';
import type { BasisKind } from './basis';
import { formatBasis, formatFuturesPrice, formatRate } from './format';
import { useFuturesText, type FuturesT } from './messages';
import { PlannedNotice } from './PlannedNotice';
import { basisHistoryQuery, type Variety } from './queries';
import { TERMS_CHART_HEIGHT } from './Skeletons';
import { newestDay, termStructure, type TermPoint } from './terms';

function termColumns(t: FuturesT, lang: Language, digits: number, current: string): DataColumn<TermPoint>[] {
  return [
    {
      id: 'thscode',
      header: t('col.code'),
      value: (p) => p.thscode,
      cell: (p) =>
        p.thscode === current ? (
          <strong aria-current="page">{p.thscode}</strong>
        ) : (
          <Link to="/futures/$thscode" params={{ thscode: p.thscode }}>
            {p.thscode}
          </Link>
        ),
      hideable: false,
      width: 104,
    },
    { id: 'expiry', header: t('terms.expiry'), value: (p) => p.expiry, width: 100 },
    {
      id: 'daysLeft',
      header: t('terms.daysLeft'),
      value: (p) => p.daysLeft,
      cell: (p) => formatNumber(p.daysLeft, lang, 0),
      numeric: true,
    },
    {
      id: 'price',
      header: t('terms.price'),
      value: (p) => p.price,
      cell: (p) => formatFuturesPrice(p.price, lang, digits),
      numeric: true,
    },
    {
      id: 'basis',
      header: t('terms.basis'),
      value: (p) => p.basis,
      cell: (p) => (
        <span className={direction(p.basis)}>{formatBasis(p.basis, lang, digits, { sign: true })}</span>
      ),
      numeric: true,
    },
    {
      id: 'annualised',
      header: t('terms.annualised'),
      title: t('legend.annualisedTitle'),
      value: (p) => p.annualisedPct,
      cell: (p) => <span className={direction(p.annualisedPct)}>{formatRate(p.annualisedPct, lang)}</span>,
      numeric: true,
    },
    {
      id: 'role',
      header: t('terms.role'),
      value: (p) => (p.role === null ? null : t(`role.${p.role}`)),
      cell: (p) =>
        p.role === null ? (
          DASH
        ) : (
          <span className={`fut-role fut-role--${p.role}`}>{t(`role.${p.role}`)}</span>
        ),
      width: 72,
    },
    { id: 'date', header: t('terms.date'), value: (p) => p.date, width: 96, defaultHidden: true },
  ];
}

const PAD = { left: 64, right: 16, top: 14, bottom: 28 };
const LABEL_GAP = 36;
/** Width drawn where the element cannot be measured (no ResizeObserver, as in jsdom). */
const FALLBACK_WIDTH = 640;

/** The element's width in CSS pixels, followed as it resizes, so the drawing is never stretched. */
function useWidth<T extends Element>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Price against days to expiry, one point per listed month (in order of expiry, joined by a line), the
 * converted spot as a dashed line at zero days. Drawn in SVG: the axis is days, not dates, so the time
 * charts do not fit. Each point is a link to its contract.
 */
function TermChart({
  points,
  current,
  digits,
  label,
}: {
  points: readonly TermPoint[];
  current: string;
  digits: number;
  label: string;
}) {
  const { lang } = useFuturesText();
  const [ref, WIDTH] = useWidth<HTMLDivElement>();
  const drawn = points.filter((p) => p.daysLeft !== null && p.price !== null);
  const spot = points.find((p) => p.spot !== null)?.spot ?? null;
  const values = drawn.map((p) => p.price ?? 0).concat(spot === null ? [] : [spot]);
  const height = TERMS_CHART_HEIGHT;
  // Months listed but no price nor spot yet (their answers still on the way): nothing to scale, so an
  // empty box of the chart's size (no NaN coordinates, no shift when the points arrive).
  if (values.length === 0) return <div ref={ref} className="fut-terms__box" style={{ height }} />;
  const maxDays = Math.max(30, ...drawn.map((p) => p.daysLeft ?? 0));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || Math.abs(hi) * 0.01 || 1;
  const x = (days: number) => PAD.left + (days / maxDays) * (WIDTH - PAD.left - PAD.right);
  const y = (value: number) =>
    PAD.top + ((hi + span * 0.1 - value) / (span * 1.2)) * (height - PAD.top - PAD.bottom);
  const path = drawn
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.daysLeft ?? 0).toFixed(1)},${y(p.price ?? 0).toFixed(1)}`)
    .join(' ');
  const ticks = [lo, (lo + hi) / 2, hi];
  // Month labels that fit: each at least LABEL_GAP pixels from the previous one shown.
  const labelled = new Set<number>();
  let lastX = -Infinity;
  drawn.forEach((p, i) => {
    const at = x(p.daysLeft ?? 0);
    if (at - lastX >= LABEL_GAP) {
      labelled.add(i);
      lastX = at;
    }
  });
  return (
    <div ref={ref} className="fut-terms__box" style={{ height }}>
      <svg
        className="fut-terms__chart"
        width={WIDTH}
        height={height}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={label}
        data-testid="term-chart"
      >
        {ticks.map((value) => (
          <g key={value}>
            <line
              className="fut-terms__grid"
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(value)}
              y2={y(value)}
            />
            <text className="fut-terms__axis" x={PAD.left - 6} y={y(value) + 4} textAnchor="end">
              {formatFuturesPrice(value, lang, digits)}
            </text>
          </g>
        ))}
        {spot !== null && (
          <line className="fut-terms__spot" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(spot)} y2={y(spot)} />
        )}
        {drawn.length > 1 && <path className="fut-terms__line" d={path} />}
        {drawn.map((p, i) => (
          <g
            key={p.thscode}
            className={`fut-terms__point fut-terms__point--${p.role ?? 'other'}${p.thscode === current ? ' fut-terms__point--current' : ''}`}
            data-testid="term-point"
            data-code={p.thscode}
            data-days={p.daysLeft ?? ''}
          >
            <circle cx={x(p.daysLeft ?? 0)} cy={y(p.price ?? 0)} r={p.thscode === current ? 6 : 4}>
              <title>{`${p.thscode} · ${p.expiry ?? DASH} · ${formatFuturesPrice(p.price, lang, digits)}`}</title>
            </circle>
            {labelled.has(i) && (
              <text className="fut-terms__label" x={x(p.daysLeft ?? 0)} y={height - 10} textAnchor="middle">
                {p.thscode.split('.')[0]?.replace(/^[A-Z]+/, '')}
              </text>
            )}
          </g>
        ))}
      </svg>
    </div>
  );
}

/**
 * Every listed month of the variety, from the instrument search (the catalog lists only the main and
 * secondary-main contracts), with the newest day of each month's basis history; main and secondary main
 * marked from the variety list and the secondary-main list.
 */
export function TermStructure({
  thscode,
  variety,
  kind,
  today,
  main,
  secondary,
  secondaryError,
  onRetrySecondary,
}: {
  thscode: string;
  variety: Variety;
  kind: BasisKind;
  today: string | null;
  main: string | null;
  secondary: string | null;
  /** The secondary-main list is planned for a later release: its failure is said, not fatal. */
  secondaryError: unknown;
  onRetrySecondary: () => void;
}) {
  const { t, lang } = useFuturesText();
  const navigate = useNavigate();
  const code = variety.variety_code ?? '';
  const searches = useQueries({
    queries: (today === null ? [] : futuresContractSearches(code, variety.exchange_code, today)).map((s) =>
      contractListingQuery(s),
    ),
    combine: (results) => ({
      rows: results.flatMap((q) => q.data?.item ?? []),
      pending: results.some((q) => q.isPending),
      error: results.find((q) => q.isError)?.error,
      refetch: () => results.forEach((q) => void q.refetch()),
    }),
  });
  const { rows } = searches;
  const contracts = useMemo(
    () => [...new Set(rows.filter((r) => isDatedContractOf(r.thscode, code)).map((r) => r.thscode))],
    [rows, code],
  );
  const answers = useQueries({
    queries: contracts.map((c) => basisHistoryQuery(c, undefined)),
    combine: (results) => results.map((r) => r.data),
  });
  const latest = useMemo(
    () => new Map(contracts.map((c, i) => [c, newestDay(answers[i]?.item)])),
    [contracts, answers],
  );
  const points = useMemo(
    () => termStructure(rows, code, latest, kind, today, { main, secondary }),
    [rows, code, latest, kind, today, main, secondary],
  );
  const digits = tickDigits(variety.tick_size);
  const columns = useMemo(() => termColumns(t, lang, digits, thscode), [t, lang, digits, thscode]);
  const searching = today === null || searches.pending;
  const searchError = searches.error;
  const name = variety.name ?? code;
  const kindLabel = t(`kind.${kind}`);
  return (
    <section className="panel fut-terms" aria-labelledby="fut-terms-title" data-testid="term-structure">
      <div className="fut-section__head">
        <h2 id="fut-terms-title" className="panel__title">
          {t('terms.title')}
        </h2>
        <span className="muted fut-note">{t('terms.note', { kind: kindLabel })}</span>
      </div>
      {secondaryError !== null && secondaryError !== undefined && (
        <PlannedNotice what={t('planned.secondary')} error={secondaryError} onRetry={onRetrySecondary} />
      )}
      {points.length > 0 ? (
        <TermChart
          points={points}
          current={thscode}
          digits={digits}
          label={t('terms.chart', { name, kind: kindLabel })}
        />
      ) : (
        <div className={searching ? 'skel' : 'fut-terms__empty muted'} style={{ height: TERMS_CHART_HEIGHT }}>
          {searching ? null : t('terms.empty')}
        </div>
      )}
      <DataTable
        id="futures-term-structure"
        label={t('terms.table', { name })}
        exportName={`term-structure-${code.toLowerCase()}`}
        columns={columns}
        rows={searching ? undefined : points}
        loading={searching}
        error={searchError}
        onRetry={searches.refetch}
        getRowId={(p) => p.thscode}
        isRowSelected={(p) => p.thscode === thscode}
        onRowClick={(p) => void navigate({ to: '/futures/$thscode', params: { thscode: p.thscode } })}
        maxHeight="none"
        empty={t('terms.empty')}
      />
    </section>
  );
}

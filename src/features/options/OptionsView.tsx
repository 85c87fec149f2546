import { useMemo, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { contractListingQuery } from '../../api/instruments';
import { useServerToday, useTradingWindowsLive, useWindowsRefetchInterval } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { Segmented } from '../../components/Segmented';
import { ErrorState } from '../../components/states';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { varietyTradingWindows } from '../../contract/market-session';
import { SEARCH_LIMIT_MAX } from '../../contract/operations/meta-terms';
import { optionContractSearches } from '../../contract/operations/options';
import { daysToExpiry } from '../../lib/expiry';
import { tickDigits } from '../../lib/format';
import { atTheMoneyStrike, buildChain, expiriesOf, listedContracts } from './chain';
import { ChainPanel } from './ChainPanel';
import { ContractPanel } from './ContractPanel';
import { chooseExpiry, chooseVariety, isOptionCode } from './loader';
import { useOptionsText } from './messages';
import { optionDailyQuery, optionDetailQuery, optionVarietiesQuery } from './queries';
import { useUnderlyingQuote } from './underlying';
import type { OptionsSearch, UpdateOptionsSearch } from './url-state';
import { VarietiesPanel } from './VarietiesPanel';
import { canonicalCode } from '../../contract/params-terms';
import './options.css';

export interface OptionsViewProps {
  /** The chosen contract's code as it appears in the URL (any case), or none on `/options`. */
  thscode?: string;
  search: OptionsSearch;
  onSearch: UpdateOptionsSearch;
  /** The instrument search, offered when a contract code is unknown (features do not import each other). */
  searchBox: ReactNode;
}

/**
 * Options: the chain of one variety and expiry (from the contracts the instrument search lists and
 * their details), the chosen contract (daily bars, intraday line, days to expiry, parity gap) and every
 * variety. Refreshes follow the variety's exchange timetable.
 */
export function OptionsView({ thscode: raw, search, onSearch, searchBox }: OptionsViewProps) {
  const { t } = useOptionsText();
  const navigate = useNavigate();
  const code = raw === undefined ? null : canonicalCode(raw);
  const validCode = code !== null && isOptionCode(code);
  const today = useServerToday();
  const varieties = useQuery(optionVarietiesQuery());
  const detail = useQuery({ ...optionDetailQuery(code ?? ''), enabled: validCode });
  const contract = validCode ? detail.data : undefined;
  const { code: varietyCode, variety } = chooseVariety(
    varieties.data?.item,
    search.variety,
    contract?.variety_code,
  );

  const listing = useQueries({
    queries: (variety && today !== null ? optionContractSearches(variety, today) : []).map((s) =>
      contractListingQuery(s),
    ),
    combine: (results) => ({
      answers: results.map((r) => r.data),
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.isError)?.error,
      refetch: () => results.forEach((r) => void r.refetch()),
    }),
  });
  const rows = useMemo(
    () =>
      variety
        ? listedContracts(
            listing.answers.flatMap((a) => a?.item ?? []),
            variety,
          )
        : [],
    [listing.answers, variety],
  );
  const incomplete =
    variety !== undefined &&
    listing.answers.some(
      (a) => a !== undefined && listedContracts(a.item, variety).length >= SEARCH_LIMIT_MAX,
    );
  const expiries = useMemo(() => expiriesOf(rows, today), [rows, today]);
  const expiry = chooseExpiry(expiries, search.expiry, contract?.last_trade_date);
  const contracts = useMemo(() => rows.filter((r) => r.last_trade_date === expiry), [rows, expiry]);

  const windows = useMemo(() => (variety ? varietyTradingWindows(variety) : null), [variety]);
  const trading = useTradingWindowsLive(windows);
  const quoteInterval = useWindowsRefetchInterval('quote', windows);
  const listInterval = useWindowsRefetchInterval('intraday', windows);

  const details = useQueries({
    queries: contracts.map((c) => optionDetailQuery(c.thscode)),
    combine: (results) => ({ data: results.map((r) => r.data), pending: results.some((r) => r.isPending) }),
  });
  const bars = useQueries({
    queries: contracts.map((c) => ({ ...optionDailyQuery(c.thscode), refetchInterval: listInterval })),
    combine: (results) => results.map((r) => r.data?.item),
  });
  const chain = useMemo(
    () => buildChain(contracts.map((_, i) => ({ detail: details.data[i], bars: bars[i] }))),
    [contracts, details.data, bars],
  );
  const underlyingCode =
    contract?.underlying_code ?? details.data.find((d) => d?.underlying_code)?.underlying_code ?? null;
  const underlying = useUnderlyingQuote(underlyingCode, variety?.exchange_code, quoteInterval);
  const atm = atTheMoneyStrike(
    chain.map((r) => r.strike),
    underlying.price,
  );
  const digits = tickDigits(variety?.tick_size);
  const etf = variety?.exchange_code === 'SSE' || variety?.exchange_code === 'SZSE';

  const choose = (next: { variety: string | undefined; expiry: string | undefined }) =>
    void navigate({ to: '/options', search: { ...next, session: search.session } });

  const varietyName = variety?.name ?? varietyCode ?? '';
  const chainError = varieties.error ?? listing.error;

  let contractSlot: ReactNode;
  if (code === null) {
    contractSlot = null;
  } else if (!validCode) {
    contractSlot = <Missing message={t('contract.badCode', { code: raw ?? '' })} searchBox={searchBox} />;
  } else if (detail.isPending) {
    contractSlot = <section className="panel opt-contract skel opt-skel" aria-busy="true" />;
  } else if (detail.isError) {
    contractSlot =
      detail.error instanceof ApiError && detail.error.code === ErrorCode.INSTRUMENT_NOT_FOUND ? (
        <Missing message={t('contract.notFound', { code })} searchBox={searchBox} />
      ) : (
        <section className="panel opt-contract">
          <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        </section>
      );
  } else {
    contractSlot = (
      <ContractPanel
        detail={detail.data}
        chain={chain}
        underlying={underlying}
        today={today}
        digits={digits}
        session={search.session}
        onSearch={onSearch}
        trading={trading}
        refetchInterval={quoteInterval}
      />
    );
  }

  return (
    <div className="opt-page" data-testid="options-view">
      <header className="panel opt-head">
        <h1 className="opt-head__title">{t('page.title')}</h1>
        <label className="opt-field">
          <span className="opt-field__label">{t('page.variety')}</span>
          <select
            className="field-input"
            value={varietyCode ?? ''}
            data-testid="variety-select"
            onChange={(event) => choose({ variety: event.target.value, expiry: undefined })}
          >
            {varietyCode !== null && !variety && <option value={varietyCode}>{varietyCode}</option>}
            {(varieties.data?.item ?? []).map((v) => (
              <option key={v.variety_code ?? v.name} value={v.variety_code ?? ''}>
                {v.name ?? v.variety_code} {v.variety_code}
              </option>
            ))}
          </select>
        </label>
        {expiries.length > 0 ? (
          <Segmented
            label={t('page.expiry')}
            value={expiry ?? ''}
            testId="expiry-switch"
            options={expiries.map((date) => ({ value: date, label: date.slice(2), title: date }))}
            onChange={(next) => choose({ variety: varietyCode ?? undefined, expiry: next })}
          />
        ) : (
          !listing.pending && <span className="muted opt-note">{t('page.noExpiry')}</span>
        )}
        <span className="opt-head__spacer" />
        {code === null && <CopyLinkButton />}
      </header>
      {incomplete && (
        <p className="opt-warning" role="status">
          {t('page.incomplete', { limit: SEARCH_LIMIT_MAX })}
        </p>
      )}
      <div className={code === null ? 'opt-grid opt-grid--browse' : 'opt-grid'}>
        <ChainPanel
          title={t('chain.label', { variety: varietyName, expiry: expiry ?? '' })}
          rows={chain}
          atm={atm}
          underlying={underlying}
          underlyingCode={underlyingCode}
          priceDigits={digits}
          etf={etf}
          selected={validCode ? code : null}
          daysLeft={daysToExpiry(expiry, today)}
          loading={varieties.isPending || listing.pending || details.pending || today === null}
          error={chainError}
          onRetry={() => {
            void varieties.refetch();
            listing.refetch();
          }}
          live={listInterval !== false}
          session={search.session}
          hint={code === null ? t('contract.hint') : null}
          empty={
            varieties.isSuccess && varieties.data.item.length === 0
              ? t('chain.noVariety')
              : rows.length === 0
                ? t('chain.noContracts')
                : t('chain.empty')
          }
        />
        {contractSlot}
        <VarietiesPanel
          varieties={varieties.data?.item}
          loading={varieties.isPending}
          error={varieties.error}
          onRetry={() => void varieties.refetch()}
          selected={varietyCode}
          onSelect={(next) => choose({ variety: next, expiry: undefined })}
        />
      </div>
    </div>
  );
}

function Missing({ message, searchBox }: { message: string; searchBox: ReactNode }) {
  return (
    <section className="panel opt-contract opt-missing">
      <p role="alert">{message}</p>
      <div className="opt-missing__search">{searchBox}</div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { findInstrument, instrumentQuery } from '../../api/instruments';
import { useServerToday } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import { ErrorState } from '../../components/states';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { futuresVarietyOf, isMainContinuous } from '../../contract/operations/futures';
import { AddToWatchlist } from '../watchlists';
import { BasisChartPanel } from './BasisChartPanel';
import { ContractFacts } from './ContractFacts';
import { isFuturesCode, varietyOfCode } from './loader';
import { exchangeLabel, useFuturesText } from './messages';
import { PlannedNotice } from './PlannedNotice';
import { latestBasisQuery, mainListQuery, secondaryMainQuery, varietiesQuery } from './queries';
import { FuturesContractSkeleton } from './Skeletons';
import { TermStructure } from './TermStructure';
import type { FuturesContractSearch, UpdateContractSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';
import './futures.css';

export interface FuturesContractViewProps {
  /** The code as it appears in the URL (any case). */
  thscode: string;
  search: FuturesContractSearch;
  onSearch: UpdateContractSearch;
  /** The instrument search, offered when the code is unknown (features do not import each other). */
  searchBox: ReactNode;
}

function Missing({ message, searchBox }: { message: string; searchBox: ReactNode }) {
  const { t } = useFuturesText();
  return (
    <section className="panel fut-missing" aria-labelledby="fut-missing-title">
      <h1 id="fut-missing-title" className="panel__title">
        {t('contract.back')}
      </h1>
      <p role="alert">{message}</p>
      <div className="fut-missing__search">{searchBox}</div>
      <Link to="/futures">{t('contract.back')}</Link>
    </section>
  );
}

/** One futures contract or main-continuous series: facts, basis history and the variety's term structure. */
export function FuturesContractView({ thscode: raw, search, onSearch, searchBox }: FuturesContractViewProps) {
  const { t } = useFuturesText();
  const thscode = canonicalCode(raw);
  const valid = isFuturesCode(thscode);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: valid });
  const varieties = useQuery({ ...varietiesQuery(), enabled: valid });
  const latest = useQuery({ ...latestBasisQuery(), enabled: valid });
  const mainList = useQuery({ ...mainListQuery(), enabled: valid });
  const secondaryList = useQuery({ ...secondaryMainQuery(), enabled: valid });
  const today = useServerToday();

  if (!valid) return <Missing message={t('contract.badCode', { code: raw })} searchBox={searchBox} />;
  if (lookup.isPending) return <FuturesContractSkeleton thscode={thscode} />;
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.code === ErrorCode.INSTRUMENT_NOT_FOUND)
      return <Missing message={t('contract.notFound', { code: thscode })} searchBox={searchBox} />;
    return (
      <section className="panel fut-missing">
        <h1 className="fut-head__title num">{thscode}</h1>
        <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
      </section>
    );
  }
  const record = findInstrument(lookup.data, thscode);
  if (!record || record.asset_type !== 'futures')
    return <Missing message={t('contract.notFound', { code: thscode })} searchBox={searchBox} />;

  const variety = varietyOfCode(varieties.data?.item, thscode);
  const code = futuresVarietyOf(thscode) ?? '';
  const continuous = isMainContinuous(thscode);
  const main =
    variety?.main_contract_thscode ??
    mainList.data?.item.find((m) => m.variety_code === code)?.thscode ??
    null;
  const secondaryRow = secondaryList.data?.item.find((m) => m.variety_code?.toUpperCase() === code);
  const contractRow = [...(mainList.data?.item ?? []), ...(secondaryList.data?.item ?? [])].find(
    (m) => m.thscode?.toUpperCase() === thscode,
  );
  const role = continuous
    ? t('contract.continuous')
    : thscode === main?.toUpperCase()
      ? t('role.main')
      : thscode === secondaryRow?.thscode?.toUpperCase()
        ? t('role.secondary')
        : null;
  const defaultSpot = latest.data?.item.find((row) => futuresVarietyOf(row.thscode ?? '') === code);
  const exchange = variety?.exchange_code ?? record.exchange ?? '';

  return (
    <div className="fut-page" data-testid="futures-contract">
      <header className="panel fut-head">
        <div className="fut-head__id">
          <h1 className="fut-head__title">{record.name}</h1>
          <span className="fut-head__code num">{record.thscode}</span>
          <span className="muted" title={variety?.exchange_name ?? undefined}>
            {exchangeLabel(exchange, variety?.exchange_name, t)}
          </span>
          {role && (
            <span className="fut-role fut-role--badge" data-testid="contract-role">
              {role}
            </span>
          )}
        </div>
        <span className="fut-head__spacer" />
        <Link to="/futures" className="btn btn--small btn--ghost">
          ← {t('contract.back')}
        </Link>
        <AddToWatchlist thscode={record.thscode} />
        <CopyLinkButton />
      </header>
      {mainList.isError && (
        <PlannedNotice
          what={t('planned.main')}
          error={mainList.error}
          onRetry={() => void mainList.refetch()}
        />
      )}
      <div className="fut-grid">
        <ContractFacts
          thscode={thscode}
          record={record}
          variety={variety}
          contractRow={contractRow}
          today={today}
        />
        <BasisChartPanel
          thscode={record.thscode}
          name={record.name}
          expiry={continuous ? null : (record.last_trade_date ?? null)}
          variety={variety}
          defaultSpot={defaultSpot}
          search={search}
          onSearch={onSearch}
        />
      </div>
      {variety ? (
        <TermStructure
          thscode={record.thscode}
          variety={variety}
          kind={search.basis}
          today={today}
          main={main}
          secondary={secondaryRow?.thscode ?? null}
          secondaryError={secondaryList.isError ? secondaryList.error : null}
          onRetrySecondary={() => void secondaryList.refetch()}
        />
      ) : varieties.isError ? (
        <section className="panel">
          <ErrorState error={varieties.error} onRetry={() => void varieties.refetch()} />
        </section>
      ) : null}
    </div>
  );
}

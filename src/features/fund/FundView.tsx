import type { ReactNode } from 'react';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { FUND_CODE_RE } from '../../contract/operations/fund-common';
import { ErrorState } from '../../components/states';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { isFundMessageKey, useFundText } from './messages';
import { fundRefOf } from './loader';
import { FundHeader } from './FundHeader';
import { FundTabs } from './FundTabs';
import { FundSkeleton } from './Skeletons';
import type { FundRef } from './queries';
import type { FundSearch, UpdateFundSearch } from './url-state';
import { canonicalCode } from '../../contract/params-terms';
import './fund.css';

export interface FundViewProps {
  /** The code as it appears in the URL (any case). */
  thscode: string;
  search: FundSearch;
  onSearch: UpdateFundSearch;
  /** The instrument search, offered on the not-found page (features do not import each other). */
  searchBox: ReactNode;
}

/**
 * The fund page: the search record decides whether the code is a fund and which `fund_type` every call
 * sends (from its asset type, never from the suffix); then the header and the tabs, each section with its
 * own query.
 */
export function FundView({ thscode: raw, search, onSearch, searchBox }: FundViewProps) {
  const { t } = useFundText();
  const thscode = canonicalCode(raw);
  const valid = FUND_CODE_RE.test(thscode);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: valid });

  if (!valid) return <FundNotFound message={t('page.invalidCode', { code: raw })} searchBox={searchBox} />;
  if (lookup.isPending) return <FundSkeleton thscode={thscode} />;
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.code === ErrorCode.INSTRUMENT_NOT_FOUND) {
      return <FundNotFound message={t('page.notFound', { code: thscode })} searchBox={searchBox} />;
    }
    return (
      <section className="panel fund-page">
        <h1 className="inst-head__name">{thscode}</h1>
        <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
      </section>
    );
  }
  const record = findInstrument(lookup.data, thscode);
  if (!record) return <FundNotFound message={t('page.notFound', { code: thscode })} searchBox={searchBox} />;
  const ref = fundRefOf(record);
  if (!ref) return <NotAFund record={record} searchBox={searchBox} />;
  return <FundWorkspace record={record} fundRef={ref} search={search} onSearch={onSearch} />;
}

function FundWorkspace({
  record,
  fundRef,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  fundRef: FundRef;
  search: FundSearch;
  onSearch: UpdateFundSearch;
}) {
  return (
    <div className="fund-page" data-testid="fund-view">
      <FundHeader record={record} fundRef={fundRef} />
      <FundTabs record={record} fundRef={fundRef} search={search} onSearch={onSearch} />
    </div>
  );
}

/** A code of the right shape that is something else (an A-share on an .SH/.SZ code): say what it is. */
function NotAFund({ record, searchBox }: { record: InstrumentRecord; searchBox: ReactNode }) {
  const { t } = useFundText();
  const typeKey = `asset.${record.asset_type}`;
  const type = isFundMessageKey(typeKey) ? t(typeKey) : record.asset_type;
  return (
    <FundNotFound
      message={t('page.notAFund', { code: record.thscode, name: record.name, type })}
      searchBox={searchBox}
    >
      {record.asset_type === 'a-share' && (
        <Link to="/stock/$thscode" params={{ thscode: record.thscode }}>
          {t('page.openStock')}
        </Link>
      )}
    </FundNotFound>
  );
}

function FundNotFound({
  message,
  searchBox,
  children,
}: {
  message: string;
  searchBox: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useFundText();
  return (
    <NotFoundPanel
      id="fund-missing"
      title={t('page.notFoundTitle')}
      message={message}
      hint={t('page.notFoundHint')}
      homeLabel={t('page.home')}
      searchBox={searchBox}
    >
      {children}
    </NotFoundPanel>
  );
}

import type { ReactNode } from 'react';
import { NotFoundPanel } from '../../components/NotFoundPanel';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { A_SHARE_CODE_RE } from '../../contract/params';
import { FUND_CODE_RE, isFundAssetType } from '../../contract/operations/fund-common';
import { ApiError, ErrorCode } from '../../contract/envelope';
import { ErrorState } from '../../components/states';
import { findInstrument, instrumentQuery, type InstrumentRecord } from '../../api/instruments';
import { useStockText } from './messages';
import type { StockSearch } from './url-state';
import type { UpdateSearch } from './url-state';
import { StockHeader } from './StockHeader';
import { StockChart } from './StockChart';
import { StockSkeleton } from './Skeletons';
import { StockTabs } from './StockTabs';
import { canonicalCode } from '../../contract/params-terms';

export interface StockViewProps {
  /** The code as it appears in the URL (any case). */
  thscode: string;
  search: StockSearch;
  onSearch: UpdateSearch;
  /** The instrument search, offered on the not-found page (features do not import each other). */
  searchBox: ReactNode;
}

export function StockView({ thscode: raw, search, onSearch, searchBox }: StockViewProps) {
  const { t } = useStockText();
  const thscode = canonicalCode(raw);
  const valid = A_SHARE_CODE_RE.test(thscode);
  // A fund's code (510300.SH, 000001.OF) is looked up too, to send the reader to the fund page.
  const fundLike = FUND_CODE_RE.test(thscode);
  const lookup = useQuery({ ...instrumentQuery(thscode), enabled: valid || fundLike });

  if (!valid && !fundLike) {
    return <StockNotFound message={t('page.invalidCode', { code: raw })} searchBox={searchBox} />;
  }
  if (lookup.isPending) return <StockSkeleton thscode={thscode} indicator={search.ind} />;
  if (lookup.isError) {
    if (lookup.error instanceof ApiError && lookup.error.code === ErrorCode.INSTRUMENT_NOT_FOUND) {
      return <StockNotFound message={t('page.notFound', { code: thscode })} searchBox={searchBox} />;
    }
    return (
      <section className="panel stock-page">
        <h1 className="inst-head__name">{thscode}</h1>
        <ErrorState error={lookup.error} onRetry={() => void lookup.refetch()} />
      </section>
    );
  }
  const record = findInstrument(lookup.data, thscode);
  if (record && isFundAssetType(record.asset_type)) {
    return (
      <StockNotFound
        message={t('page.isFund', { code: record.thscode, name: record.name })}
        searchBox={searchBox}
      >
        <Link to="/fund/$thscode" params={{ thscode: record.thscode }} data-testid="open-fund">
          {t('page.openFund')}
        </Link>
      </StockNotFound>
    );
  }
  if (!valid) {
    return <StockNotFound message={t('page.invalidCode', { code: raw })} searchBox={searchBox} />;
  }
  if (!record || record.asset_type !== 'a-share') {
    return <StockNotFound message={t('page.notFound', { code: thscode })} searchBox={searchBox} />;
  }
  return <StockWorkspace record={record} search={search} onSearch={onSearch} />;
}

function StockWorkspace({
  record,
  search,
  onSearch,
}: {
  record: InstrumentRecord;
  search: StockSearch;
  onSearch: UpdateSearch;
}) {
  return (
    <div className="stock-page" data-testid="stock-view">
      <StockHeader record={record} />
      <StockChart record={record} search={search} onSearch={onSearch} />
      <StockTabs record={record} search={search} onSearch={onSearch} />
    </div>
  );
}

export function StockNotFound({
  message,
  searchBox,
  children,
}: {
  message: string;
  searchBox: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useStockText();
  return (
    <NotFoundPanel
      id="stock-missing"
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

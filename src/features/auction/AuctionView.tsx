import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { aShareCodeTableQuery } from '../../api/instruments';
import { useMarketSession } from '../../api/live';
import { CopyLinkButton } from '../../components/CopyLinkButton';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { Segmented } from '../../components/Segmented';
import { aShareTable, checkCodes, requestCodes } from './codes';
import { CodeNotes } from './CodeNotes';
import { CodesForm } from './CodesForm';
import { useAuctionText } from './messages';
import { AUCTION_STAGES, searchTokens, type AuctionSearch } from './url-state';
import { BenchmarkSection, useBenchmarkView } from './BenchmarkSection';
import { SnapshotSection } from './SnapshotSection';
import './auction.css';

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = SearchPatch<AuctionSearch>;

/** The call-auction page: the codes, their auction figures, and the day's short-term benchmark. */
export function AuctionView({ search, onSearch }: { search: AuctionSearch; onSearch: UpdateSearch }) {
  const { t } = useAuctionText();
  const session = useMarketSession();
  const tokens = searchTokens(search);
  // Codes are checked against the A-share code table: bare codes resolved, funds and unknown codes
  // flagged one by one. Without the table (unreachable) only their format is checked.
  const tableQuery = useQuery({ ...aShareCodeTableQuery(), enabled: tokens.length > 0 });
  const table = useMemo(() => (tableQuery.data ? aShareTable(tableQuery.data) : null), [tableQuery.data]);
  const check = checkCodes(tokens, table);
  const checking = tokens.length > 0 && !check.tooMany && tableQuery.isPending;
  const codes = checking ? null : requestCodes(check);
  const benchmark = useBenchmarkView(search.date);
  const setCodes = (next: readonly string[]) =>
    onSearch({ codes: next.length > 0 ? next.join(',') : undefined });

  return (
    <div className="auction-page" data-testid="auction-view">
      <header className="panel auction-head">
        <h1 className="auction-head__title">{t('page.title')}</h1>
        <Segmented
          label={t('stage.label')}
          value={search.stage}
          testId="stage-switch"
          options={AUCTION_STAGES.map((stage) => ({ value: stage, label: t(`stage.${stage}`) }))}
          onChange={(stage) => onSearch({ stage })}
        />
        <span className="auction-form__spacer" />
        {/* The benchmark of "today" copies as a link to its day, so it shows the same list later. */}
        <CopyLinkButton pin={{ date: benchmark.urlDate.kind === 'none' ? benchmark.shownDay : undefined }} />
      </header>
      {session.ready && (session.phase === 'pre-open' || session.phase === 'non-trading-day') && (
        <p className="notice" role="status" data-testid="auction-not-open">
          {t(session.phase === 'pre-open' ? 'session.preOpen' : 'session.closedDay')}
        </p>
      )}
      <section className="panel auction-section">
        {/* Re-created when the submitted codes change (a list button, back and forward). */}
        <CodesForm key={search.codes ?? ''} initial={tokens} onSubmit={setCodes} />
        {!check.tooMany && !checking && <CodeNotes check={check} />}
        <SnapshotSection
          codes={codes}
          stage={search.stage}
          reason={
            checking ? 'checking' : check.tooMany ? 'too-many' : tokens.length === 0 ? 'none' : 'no-valid'
          }
        />
      </section>
      <section className="panel auction-section">
        <BenchmarkSection
          view={benchmark}
          onDate={(date) => onSearch({ date }, { replace: true })}
          onUseCodes={setCodes}
        />
      </section>
    </div>
  );
}

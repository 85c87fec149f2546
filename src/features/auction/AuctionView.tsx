import { CopyLinkButton } from '../../components/CopyLinkButton';
import type { SearchPatch } from '../../lib/useSearchPatch';
import { Segmented } from '../../components/Segmented';
import { checkCodes, requestCodes } from './codes';
import { CodeNotes } from './CodeNotes';
import { CodesForm } from './CodesForm';
import { useAuctionText } from './messages';
import { AUCTION_STAGES, searchTokens, type AuctionSearch } from './url-state';
import { BenchmarkSection } from './BenchmarkSection';
import { SnapshotSection } from './SnapshotSection';
import './auction.css';

/** Merge a change into the URL; `replace` for fine-grained edits that should not flood the history. */
export type UpdateSearch = SearchPatch<AuctionSearch>;

/** The call-auction page: the codes, their auction figures, and the day's short-term benchmark. */
export function AuctionView({ search, onSearch }: { search: AuctionSearch; onSearch: UpdateSearch }) {
  const { t } = useAuctionText();
  const tokens = searchTokens(search);
  const check = checkCodes(tokens);
  const codes = requestCodes(check);
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
        <CopyLinkButton />
      </header>
      <section className="panel auction-section">
        {/* Re-created when the submitted codes change (a list button, back and forward). */}
        <CodesForm key={search.codes ?? ''} initial={tokens} onSubmit={setCodes} />
        {!check.tooMany && <CodeNotes check={check} />}
        <SnapshotSection
          codes={codes}
          stage={search.stage}
          reason={check.tooMany ? 'too-many' : tokens.length === 0 ? 'none' : 'no-valid'}
        />
      </section>
      <section className="panel auction-section">
        <BenchmarkSection
          date={search.date}
          onDate={(date) => onSearch({ date }, { replace: true })}
          onUseCodes={setCodes}
        />
      </section>
    </div>
  );
}

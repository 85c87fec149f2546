import { useState } from 'react';
import type { InstrumentRecord } from '../../api/instruments';
import { InstrumentCombobox, comboboxLabels } from '../../components/InstrumentCombobox';
import { hasMessage, useI18n } from '../../lib/i18n';
import { targetOf } from './instrument';
import type { InstrumentPage } from '../../lib/instrument-pages';

export interface SearchBoxProps {
  /** Called for instruments that have a page; other types get a message in the box. */
  onOpen: (page: { to: InstrumentPage; thscode: string }, record: InstrumentRecord) => void;
  /** Which instruments this box may open (default: every one that has a page). */
  accepts?: (record: InstrumentRecord) => boolean;
  debounceMs?: number;
  /**
   * Let `/`, or a digit or letter typed anywhere outside a text field, open this box (one box per page
   * should); the typed character becomes the search text.
   */
  shortcut?: boolean;
  variant?: 'bar' | 'hero';
}

export function SearchBox({
  onOpen,
  accepts = () => true,
  debounceMs = 150,
  shortcut = false,
  variant = 'bar',
}: SearchBoxProps) {
  const { t } = useI18n();
  // The instrument last picked that has no page yet: said in the open list until the text changes.
  const [notice, setNotice] = useState<InstrumentRecord | null>(null);

  function assetLabel(type: string): string {
    const key = `asset.${type}`;
    return hasMessage(key) ? t(key) : type;
  }

  return (
    <InstrumentCombobox
      className={`search search--${variant}`}
      icon="⌕"
      enterKeyHint="go"
      shortcut={shortcut}
      releaseFocus
      debounceMs={debounceMs}
      labels={comboboxLabels('search', t)}
      assetLabel={assetLabel}
      optionNote={(record) => record.exchange ?? t('exchange.none')}
      onTextChange={() => setNotice(null)}
      onPick={(record) => {
        const target = targetOf(record);
        if (target.kind === 'unsupported' || !accepts(record)) {
          setNotice(record);
          return 'explain';
        }
        onOpen(target, record);
        return 'done';
      }}
      notice={
        notice && (
          <div className="search__notice" role="alert">
            {t('search.unsupported', {
              name: notice.name,
              code: notice.thscode,
              type: assetLabel(notice.asset_type),
            })}
          </div>
        )
      }
    />
  );
}

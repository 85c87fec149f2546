import type { InstrumentRecord } from '../../api/instruments';
import { WATCHLIST_LIMITS, isWatchlistAssetType } from '../../contract/watchlists';
import { InstrumentCombobox, comboboxLabels } from '../../components/InstrumentCombobox';
import { useWatchlistText } from './messages';

/**
 * The instrument search inside a watchlist: type a code or a name, move with the arrows, Enter adds the
 * highlighted (or best) match and clears the box for the next one, so a list is built without the
 * mouse. Instruments already in the list and types a list cannot hold are shown but not added.
 */

export interface AddInstrumentBoxProps {
  /** Codes already in the list. */
  present: ReadonlySet<string>;
  /** False when the list is full. */
  canAdd: boolean;
  onAdd: (record: InstrumentRecord) => void;
  /** Tells the reader why something was not added (a polite live region on the page). */
  onMessage: (text: string) => void;
  debounceMs?: number;
}

export function AddInstrumentBox({
  present,
  canAdd,
  onAdd,
  onMessage,
  debounceMs = 150,
}: AddInstrumentBoxProps) {
  const { t, assetLabel } = useWatchlistText();
  const inList = (record: InstrumentRecord) => present.has(record.thscode.toUpperCase());

  return (
    <InstrumentCombobox
      className="search wl-add"
      testId="watchlist-add"
      icon="+"
      enterKeyHint="done"
      // The Enter of a fast typist still adds; their next code stays in the box.
      keepLateEnter
      debounceMs={debounceMs}
      labels={comboboxLabels('add', t)}
      assetLabel={assetLabel}
      optionDisabled={(record) => inList(record) || !isWatchlistAssetType(record.asset_type)}
      optionNote={(record) =>
        inList(record)
          ? t('add.already')
          : isWatchlistAssetType(record.asset_type)
            ? ''
            : t('add.unsupported')
      }
      onPick={(record) => {
        if (!isWatchlistAssetType(record.asset_type)) {
          onMessage(
            t('add.unsupportedNotice', {
              name: record.name,
              code: record.thscode,
              type: assetLabel(record.asset_type),
            }),
          );
          return 'kept';
        }
        if (inList(record)) {
          onMessage(t('add.alreadyNotice', { name: record.name, code: record.thscode }));
          return 'kept';
        }
        if (!canAdd) {
          onMessage(t('add.full', { max: WATCHLIST_LIMITS.items_per_list }));
          return 'kept';
        }
        onAdd(record);
        return 'done';
      }}
    />
  );
}

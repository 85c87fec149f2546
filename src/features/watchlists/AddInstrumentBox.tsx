import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WATCHLIST_LIMITS, isWatchlistAssetType } from '../../api/watchlists';
import { ErrorState } from '../../components/states';
import { useWatchlistText } from './messages';
import { addSearchQuery, rankInstruments, type InstrumentRecord } from './queries';

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

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface Highlight {
  items: readonly InstrumentRecord[];
  index: number;
}

export function AddInstrumentBox({
  present,
  canAdd,
  onAdd,
  onMessage,
  debounceMs = 150,
}: AddInstrumentBoxProps) {
  const { t, assetLabel } = useWatchlistText();
  const queryClient = useQueryClient();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const textRef = useRef('');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);

  const typed = text.trim();
  const term = useDebounced(typed, debounceMs);
  const search = useQuery({ ...addSearchQuery(term), enabled: term !== '' });
  const items = useMemo(
    () => (search.data ? rankInstruments(search.data.item, term) : []),
    [search.data, term],
  );
  const activeIndex =
    highlight && highlight.items === items && highlight.index < items.length ? highlight.index : -1;
  const fresh = search.isSuccess && !search.isPlaceholderData && term === typed;
  const loading = typed !== '' && (typed !== term || search.isFetching);
  const expanded = open && typed !== '';

  useEffect(() => {
    if (activeIndex < 0) return;
    const row = document.getElementById(`${id}-opt-${activeIndex}`);
    if (row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  function updateText(value: string) {
    textRef.current = value;
    setText(value);
    setOpen(true);
  }

  /** `keepText`: the reader has typed on since pressing Enter; their new text stays. */
  function choose(record: InstrumentRecord, keepText = false) {
    if (!isWatchlistAssetType(record.asset_type)) {
      onMessage(
        t('add.unsupportedNotice', {
          name: record.name,
          code: record.thscode,
          type: assetLabel(record.asset_type),
        }),
      );
      return;
    }
    if (present.has(record.thscode.toUpperCase())) {
      onMessage(t('add.alreadyNotice', { name: record.name, code: record.thscode }));
      return;
    }
    if (!canAdd) {
      onMessage(t('add.full', { max: WATCHLIST_LIMITS.items_per_list }));
      return;
    }
    if (!keepText) {
      textRef.current = '';
      setText('');
      setHighlight(null);
      setOpen(false);
    }
    onAdd(record);
  }

  function submit() {
    const q = typed;
    if (q === '') return;
    const highlighted = expanded ? items[activeIndex] : undefined;
    if (highlighted) return choose(highlighted);
    if (fresh) {
      const first = items[0];
      if (first) choose(first);
      else setOpen(true);
      return;
    }
    // Enter typed faster than the debounce: wait for the answer to exactly this text. The Enter is
    // honoured even if the reader has typed on meanwhile (a fast typist's next code), which then stays.
    queryClient.fetchQuery(addSearchQuery(q)).then(
      (data) => {
        const first = rankInstruments(data.item, q)[0];
        const typedOn = textRef.current.trim() !== q;
        if (first) choose(first, typedOn);
        else if (!typedOn) setOpen(true);
      },
      () => setOpen(true),
    );
  }

  function move(step: 1 | -1) {
    setOpen(true);
    if (items.length === 0) return;
    const next =
      activeIndex < 0
        ? step === 1
          ? 0
          : items.length - 1
        : (activeIndex + step + items.length) % items.length;
    setHighlight({ items, index: next });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Enter':
        event.preventDefault();
        submit();
        break;
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else updateText('');
        break;
      default:
        break;
    }
  }

  return (
    <div className="search wl-add" data-testid="watchlist-add">
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {t('add.label')}
      </label>
      <span className="search__icon" aria-hidden="true">
        +
      </span>
      <input
        id={`${id}-input`}
        className="search__input"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        enterKeyHint="done"
        placeholder={t('add.placeholder')}
        value={text}
        onChange={(event) => updateText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {expanded && (
        <div className="search__panel" onMouseDown={(event) => event.preventDefault()}>
          {loading && <div className="search__progress" aria-hidden="true" />}
          {search.isError ? (
            <ErrorState compact error={search.error} title={t('add.error')} />
          ) : items.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={t('add.results')} className="search__list">
              {items.map((record, index) => {
                const inList = present.has(record.thscode.toUpperCase());
                const supported = isWatchlistAssetType(record.asset_type);
                return (
                  <li
                    key={record.thscode}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === activeIndex}
                    aria-disabled={inList || !supported || undefined}
                    className={index === activeIndex ? 'search__option is-active' : 'search__option'}
                    onClick={() => choose(record)}
                    onMouseMove={() => {
                      if (index !== activeIndex) setHighlight({ items, index });
                    }}
                  >
                    <span className="search__code num">{record.thscode}</span>
                    <span className="search__name">{record.name}</span>
                    <span className="search__type">{assetLabel(record.asset_type)}</span>
                    <span className="search__exchange">
                      {inList ? t('add.already') : supported ? '' : t('add.unsupported')}
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : fresh ? (
            <div className="search__state" role="status">
              {t('add.empty')}
            </div>
          ) : (
            <div className="search__state" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('add.loading')}
            </div>
          )}
          <div className="search__hint" aria-hidden="true">
            {t('add.hint')}
          </div>
        </div>
      )}
    </div>
  );
}

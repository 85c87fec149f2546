import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { instrumentSearchQuery, rankInstruments, type InstrumentRecord } from '../api/instruments';
import { SEARCH_KEYWORD_MAX } from '../contract/operations/meta-terms';
import { useI18n } from '../lib/i18n';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { ErrorState } from './states';

/**
 * The instrument search box with its result list: type a code or a name, move with the arrows, Enter
 * picks the highlighted (or best) match, Esc closes the list, then clears the box. What a pick does is
 * the caller's: the global search opens a page, a watchlist adds an item.
 */

/**
 * What a pick did: `done` empties and closes the box; `kept` leaves the box as it is (the caller told the
 * reader why elsewhere); `explain` keeps the text and opens the list, where the caller's `notice` says why.
 */
export type PickOutcome = 'done' | 'kept' | 'explain';

export interface InstrumentComboboxLabels {
  label: string;
  placeholder: string;
  results: string;
  error: string;
  empty: string;
  loading: string;
  hint: string;
}

/** The box's texts from a dictionary that names them `<prefix>.label`, `<prefix>.placeholder`, …. */
export function comboboxLabels<P extends string>(
  prefix: P,
  t: (key: `${P}.${keyof InstrumentComboboxLabels}`) => string,
): InstrumentComboboxLabels {
  const text = (key: keyof InstrumentComboboxLabels) => t(`${prefix}.${key}`);
  return {
    label: text('label'),
    placeholder: text('placeholder'),
    results: text('results'),
    error: text('error'),
    empty: text('empty'),
    loading: text('loading'),
    hint: text('hint'),
  };
}

export interface InstrumentComboboxProps {
  labels: InstrumentComboboxLabels;
  assetLabel: (type: string) => string;
  onPick: (record: InstrumentRecord) => PickOutcome;
  /** The last column of a result row. */
  optionNote: (record: InstrumentRecord) => ReactNode;
  /** Rows shown but not pickable (marked for assistive technology). */
  optionDisabled?: (record: InstrumentRecord) => boolean;
  /** Shown at the top of the open list. */
  notice?: ReactNode;
  /** Called whenever the text changes (typing, clearing, a pick). */
  onTextChange?: () => void;
  /**
   * An Enter whose answer arrives after the reader typed on still picks, and the new text stays (a fast
   * typist's next code); without it, such an Enter is dropped.
   */
  keepLateEnter?: boolean;
  /** The box gives up the focus after a pick and on a third Esc (for a box that leads elsewhere). */
  releaseFocus?: boolean;
  /**
   * Let `/`, or a digit or letter typed anywhere outside a text field, open this box (one box per page
   * should); the typed character becomes the search text.
   */
  shortcut?: boolean;
  className: string;
  testId?: string;
  icon: string;
  enterKeyHint: 'go' | 'done';
  debounceMs?: number;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** A code or a name starts with a digit or a Latin letter (Chinese names go through the input method). */
const TYPE_TO_SEARCH = /^[0-9A-Za-z]$/;

/**
 * The highlighted instrument, by code: when the answer to a longer keyword replaces the list, the
 * instrument stays highlighted if it is still in the list (the reader's arrow key is not undone by a
 * late answer); otherwise nothing is.
 */
interface Highlight {
  thscode: string;
}

export function InstrumentCombobox({
  labels,
  assetLabel,
  onPick,
  optionNote,
  optionDisabled,
  notice,
  onTextChange,
  keepLateEnter = false,
  releaseFocus = false,
  shortcut = false,
  className,
  testId,
  icon,
  enterKeyHint,
  debounceMs = 150,
}: InstrumentComboboxProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  // What is typed right now, for answers that arrive after the reader kept typing.
  const textRef = useRef('');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  // The shortcut listener is installed once; it reads the caller's latest callback.
  const onTextChangeRef = useRef(onTextChange);
  useEffect(() => {
    onTextChangeRef.current = onTextChange;
  });

  const typed = text.trim();
  // The box takes at most the search's limit; a longer text (pasted) is cut there and said so.
  const atLimit = text.length >= SEARCH_KEYWORD_MAX;
  const term = useDebouncedValue(typed, debounceMs);
  const search = useQuery({ ...instrumentSearchQuery(term), enabled: term !== '' });
  const items = useMemo(
    () => (search.data ? rankInstruments(search.data.item, term) : []),
    [search.data, term],
  );
  const activeIndex = highlight ? items.findIndex((r) => r.thscode === highlight.thscode) : -1;
  // The list on screen answers exactly what is typed (not a previous keyword kept while loading).
  const fresh = search.isSuccess && !search.isPlaceholderData && term === typed;
  const loading = typed !== '' && (typed !== term || search.isFetching);
  const expanded = open && typed !== '';

  useEffect(() => {
    if (!shortcut) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      // Shortcuts with Ctrl, Cmd or Alt belong to the browser; Shift only makes a capital letter.
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing)
        return;
      if (isEditable(event.target)) return;
      const box = inputRef.current;
      if (!box) return;
      if (event.key === '/') {
        event.preventDefault();
        box.focus();
        box.select();
      } else if (TYPE_TO_SEARCH.test(event.key)) {
        // The key starts a new search: it becomes the box's text instead of being lost.
        event.preventDefault();
        box.focus();
        textRef.current = event.key;
        setText(event.key);
        onTextChangeRef.current?.();
        setOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [shortcut]);

  useEffect(() => {
    if (activeIndex < 0) return;
    const row = document.getElementById(`${id}-opt-${activeIndex}`);
    if (row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, id]);

  function replaceText(value: string) {
    textRef.current = value;
    setText(value);
    onTextChange?.();
  }

  function updateText(value: string) {
    replaceText(value);
    setOpen(true);
  }

  /** `typedOn`: the reader has typed on since pressing Enter; their new text stays. */
  function pick(record: InstrumentRecord, typedOn = false) {
    const outcome = onPick(record);
    if (outcome === 'explain') {
      setOpen(true);
    } else if (outcome === 'done' && !typedOn) {
      replaceText('');
      setHighlight(null);
      setOpen(false);
      if (releaseFocus) inputRef.current?.blur();
    }
  }

  function submit() {
    const q = typed;
    if (q === '') return;
    const highlighted = expanded ? items[activeIndex] : undefined;
    if (highlighted) return pick(highlighted);
    if (fresh) {
      const first = items[0];
      if (first) pick(first);
      else setOpen(true);
      return;
    }
    // Enter typed faster than the debounce: wait for the answer to exactly this text, never pick a
    // stale row.
    queryClient.fetchQuery(instrumentSearchQuery(q)).then(
      (data) => {
        const typedOn = textRef.current.trim() !== q;
        if (typedOn && !keepLateEnter) return;
        const first = rankInstruments(data.item, q)[0];
        if (first) pick(first, typedOn);
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
    const record = items[next];
    if (record) setHighlight({ thscode: record.thscode });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter and arrows belong to the input method while a Chinese word is being composed.
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
        // First Esc closes the list, the second clears the box, the third leaves it (if it may).
        if (expanded) setOpen(false);
        else if (text !== '') replaceText('');
        else if (releaseFocus) inputRef.current?.blur();
        break;
      default:
        break;
    }
  }

  return (
    <div className={className} data-testid={testId}>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {labels.label}
      </label>
      <span className="search__icon" aria-hidden="true">
        {icon}
      </span>
      <input
        ref={inputRef}
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
        enterKeyHint={enterKeyHint}
        placeholder={labels.placeholder}
        maxLength={SEARCH_KEYWORD_MAX}
        aria-keyshortcuts={shortcut ? '/' : undefined}
        value={text}
        onChange={(event) => updateText(event.target.value.slice(0, SEARCH_KEYWORD_MAX))}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {shortcut && (
        <kbd className="search__kbd" aria-hidden="true" title={t('search.shortcut')}>
          /
        </kbd>
      )}
      {expanded && (
        // Clicks inside the panel must not blur the input, or the panel would close under the pointer.
        <div className="search__panel" onMouseDown={(event) => event.preventDefault()}>
          {loading && <div className="search__progress" aria-hidden="true" />}
          {notice}
          {atLimit && (
            <div className="search__notice" role="status">
              {t('search.tooLong', { max: SEARCH_KEYWORD_MAX })}
            </div>
          )}
          {search.isError ? (
            <ErrorState compact error={search.error} title={labels.error} />
          ) : items.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={labels.results} className="search__list">
              {items.map((record, index) => (
                <li
                  key={record.thscode}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  aria-disabled={optionDisabled?.(record) || undefined}
                  className={index === activeIndex ? 'search__option is-active' : 'search__option'}
                  onClick={() => pick(record)}
                  onMouseMove={() => {
                    if (index !== activeIndex) setHighlight({ thscode: record.thscode });
                  }}
                >
                  <span className="search__code num">{record.thscode}</span>
                  <span className="search__name">{record.name}</span>
                  <span className="search__type">{assetLabel(record.asset_type)}</span>
                  <span className="search__exchange">{optionNote(record)}</span>
                </li>
              ))}
            </ul>
          ) : fresh ? (
            <div className="search__state" role="status">
              {labels.empty}
            </div>
          ) : (
            <div className="search__state" role="status">
              <span className="spinner" aria-hidden="true" />
              {labels.loading}
            </div>
          )}
          <div className="search__hint" aria-hidden="true">
            {labels.hint}
          </div>
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ErrorState } from '../../components/states';
import { hasMessage, useI18n } from '../../lib/i18n';
import { rankResults, targetOf } from './instrument';
import { searchQuery, type InstrumentRecord } from './queries';
import { useDebouncedValue } from './useDebouncedValue';

export interface SearchBoxProps {
  /** Called for instruments that have a page (A-shares); other types get a message in the box. */
  onOpenStock: (thscode: string, record: InstrumentRecord) => void;
  debounceMs?: number;
  /**
   * Let `/`, or a digit or letter typed anywhere outside a text field, open this box (one box per page
   * should); the typed character becomes the search text.
   */
  shortcut?: boolean;
  variant?: 'bar' | 'hero';
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable;
}

/** A code or a name starts with a digit or a Latin letter (Chinese names go through the input method). */
const TYPE_TO_SEARCH = /^[0-9A-Za-z]$/;

/** The highlighted row belongs to one result list; a new list starts with nothing highlighted. */
interface Highlight {
  items: readonly InstrumentRecord[];
  index: number;
}

export function SearchBox({
  onOpenStock,
  debounceMs = 150,
  shortcut = false,
  variant = 'bar',
}: SearchBoxProps) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-opt-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  // What is typed right now, for answers that arrive after the user kept typing.
  const textRef = useRef('');
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const [notice, setNotice] = useState<InstrumentRecord | null>(null);

  const typed = text.trim();
  const term = useDebouncedValue(typed, debounceMs);
  const search = useQuery({ ...searchQuery(term), enabled: term !== '' });
  const items = useMemo(() => (search.data ? rankResults(search.data.item, term) : []), [search.data, term]);
  const activeIndex =
    highlight && highlight.items === items && highlight.index < items.length ? highlight.index : -1;
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
        setNotice(null);
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

  function updateText(value: string) {
    textRef.current = value;
    setText(value);
    setNotice(null);
    setOpen(true);
  }

  function choose(record: InstrumentRecord) {
    const target = targetOf(record);
    if (target.kind === 'unsupported') {
      setNotice(record);
      setOpen(true);
      return;
    }
    textRef.current = '';
    setText('');
    setNotice(null);
    setOpen(false);
    inputRef.current?.blur();
    onOpenStock(target.thscode, record);
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
    // Enter typed faster than the debounce: wait for the answer to this keyword, never open a stale row.
    queryClient.fetchQuery(searchQuery(q)).then(
      (data) => {
        if (textRef.current.trim() !== q) return;
        const first = rankResults(data.item, q)[0];
        if (first) choose(first);
        else setOpen(true);
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
        // First Esc closes the list, the second clears the box, the third leaves it.
        if (expanded) {
          setOpen(false);
        } else if (text !== '') {
          textRef.current = '';
          setText('');
          setNotice(null);
        } else {
          inputRef.current?.blur();
        }
        break;
      default:
        break;
    }
  }

  function assetLabel(type: string): string {
    const key = `asset.${type}`;
    return hasMessage(key) ? t(key) : type;
  }

  return (
    <div className={`search search--${variant}`}>
      <label className="visually-hidden" htmlFor={`${id}-input`}>
        {t('search.label')}
      </label>
      <span className="search__icon" aria-hidden="true">
        ⌕
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
        enterKeyHint="go"
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => updateText(event.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      {shortcut && (
        <kbd className="search__kbd" aria-hidden="true">
          /
        </kbd>
      )}
      {expanded && (
        // Clicks inside the panel must not blur the input, or the panel would close under the pointer.
        <div className="search__panel" onMouseDown={(event) => event.preventDefault()}>
          {loading && <div className="search__progress" aria-hidden="true" />}
          {notice && (
            <div className="search__notice" role="alert">
              {t('search.unsupported', {
                name: notice.name,
                code: notice.thscode,
                type: assetLabel(notice.asset_type),
              })}
            </div>
          )}
          {search.isError ? (
            <ErrorState compact error={search.error} title={t('search.error')} />
          ) : items.length > 0 ? (
            <ul id={listId} role="listbox" aria-label={t('search.results')} className="search__list">
              {items.map((record, index) => (
                <li
                  key={record.thscode}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === activeIndex}
                  className={index === activeIndex ? 'search__option is-active' : 'search__option'}
                  onClick={() => choose(record)}
                  onMouseMove={() => {
                    if (index !== activeIndex) setHighlight({ items, index });
                  }}
                >
                  <span className="search__code num">{record.thscode}</span>
                  <span className="search__name">{record.name}</span>
                  <span className="search__type">{assetLabel(record.asset_type)}</span>
                  <span className="search__exchange">{record.exchange ?? t('exchange.none')}</span>
                </li>
              ))}
            </ul>
          ) : fresh ? (
            <div className="search__state" role="status">
              {t('search.empty')}
            </div>
          ) : (
            <div className="search__state" role="status">
              <span className="spinner" aria-hidden="true" />
              {t('search.loading')}
            </div>
          )}
          <div className="search__hint" aria-hidden="true">
            {t('search.hint')}
          </div>
        </div>
      )}
    </div>
  );
}

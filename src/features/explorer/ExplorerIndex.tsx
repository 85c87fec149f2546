import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { operations } from '../../contract/catalog';
import type { OperationGroup } from '../../contract/operation';
import { LANGUAGES } from '../../lib/i18n';
import { messages } from './messages';
import './explorer.css';
import { useColumnCount } from '../../lib/useColumnCount';
import { filterOperations, intoColumns, spreadOver, type OperationGroupView } from './model';
import type { ExplorerIndexSearch } from './url-state';
import { useUrlDraft } from './useUrlDraft';

/**
 * Every operation of the catalog, grouped as the catalog groups them, filtered by path, tool name and
 * description (in the URL, so a filtered list can be shared). Keyboard: ↓ from the filter into the list,
 * ↑/↓ between operations, Enter in the filter opens the first match.
 */

const sameText = (text: string) => text;

/**
 * The groups' columns: at least this wide, this far apart. They are laid out in a grid of columns filled
 * here (intoColumns) rather than by CSS multi-column layout, whose balancing laid the page out several
 * times over (25-40 ms of layout on every render of the index, against 6-10 ms).
 */
const COLUMN_MIN_PX = 440;
const COLUMN_GAP_PX = 8;
/** A group's length in rows: its operations and its title. */
const groupRows = (group: { operations: readonly unknown[] }) => group.operations.length + 2;

const RESTRICTED = operations.filter((op) => op.access === 'restricted').length;

export function ExplorerIndex({
  search,
  onSearch,
  onOpen,
}: {
  search: ExplorerIndexSearch;
  onSearch: (search: ExplorerIndexSearch) => void;
  onOpen: (id: string) => void;
}) {
  const { t } = messages.useText();
  const [filter, setFilter] = useUrlDraft(search.q, sameText);
  const groupNames = useMemo(
    () => (group: OperationGroup) => LANGUAGES.map((lang) => messages.text(lang, `group.${group}`)),
    [],
  );
  const groups = useMemo(() => filterOperations(filter, groupNames), [filter, groupNames]);
  const matches = groups.reduce((n, g) => n + g.operations.length, 0);
  const listRef = useRef<HTMLDivElement>(null);
  const columnCount = useColumnCount(listRef, COLUMN_MIN_PX, COLUMN_GAP_PX);
  // Fewer groups than columns (a filtered list): each group spans several and lays its operations out
  // across them, instead of leaving the rest of the width empty.
  const spans = useMemo(
    () => (groups.length > 0 && groups.length < columnCount ? spreadOver(columnCount, groups.length) : null),
    [groups.length, columnCount],
  );
  const columns = useMemo(
    () => (spans ? groups.map((group) => [group]) : intoColumns(groups, columnCount, groupRows)),
    [groups, columnCount, spans],
  );

  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('a.xp-op-link') ?? [])];
  const onFilterKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Enter') {
      const first = groups[0]?.operations[0];
      if (first) onOpen(first.id);
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    const all = links();
    const index = all.findIndex((link) => link === document.activeElement);
    if (index < 0) return;
    event.preventDefault();
    const next = all[index + step];
    if (next) next.focus();
    else if (step < 0) document.getElementById('xp-filter')?.focus();
  };

  return (
    <div className="xp-page">
      <header className="panel xp-head">
        <h1 className="xp-title">{t('page.title')}</h1>
        <p className="muted">{t('page.intro')}</p>
        <div className="xp-filter">
          <label className="visually-hidden" htmlFor="xp-filter">
            {t('index.filter')}
          </label>
          <input
            id="xp-filter"
            className="input"
            type="search"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('index.filterPlaceholder')}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              onSearch({ q: event.target.value });
            }}
            onKeyDown={onFilterKey}
            aria-describedby="xp-filter-count"
          />
          <span id="xp-filter-count" className="muted num" aria-live="polite">
            {filter.trim() === ''
              ? t('index.count', { count: operations.length, restricted: RESTRICTED })
              : t('index.matches', { count: matches })}
          </span>
          <span className="muted xp-hint">{t('index.hint')}</span>
        </div>
      </header>
      <div
        ref={listRef}
        className="xp-groups"
        style={{ gridTemplateColumns: `repeat(${columnCount}, minmax(0, 1fr))`, gap: COLUMN_GAP_PX }}
        onKeyDown={onListKey}
      >
        {groups.length === 0 && (
          <p className="panel muted xp-none" role="status">
            {t('index.none', { q: filter })}
          </p>
        )}
        {columns.map((column, i) => (
          <div
            key={column[0]?.group}
            className="xp-column"
            style={{ gap: COLUMN_GAP_PX, ...(spans && { gridColumn: `span ${spans[i] ?? 1}` }) }}
          >
            {column.map((group) => (
              <GroupSection key={group.group} view={group} across={spans?.[i] ?? 1} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** One group of the index: its title and its operations, in `across` columns of their own. */
function GroupSection({
  view: { group, operations: ops },
  across,
}: {
  view: OperationGroupView;
  across: number;
}) {
  const { t } = messages.useText();
  return (
    <section id={`group-${group}`} className="panel xp-group" aria-labelledby={`h-${group}`}>
      <h2 id={`h-${group}`} className="panel__title">
        {t(`group.${group}`)} <span className="muted num">{ops.length}</span>
      </h2>
      <ul
        className={across > 1 ? 'xp-list xp-list--across' : 'xp-list'}
        style={across > 1 ? { gridTemplateColumns: `repeat(${across}, minmax(0, 1fr))` } : undefined}
      >
        {ops.map((op) => (
          <li key={op.id} className="xp-row">
            <Link className="xp-op-link" to="/explorer/$" params={{ _splat: op.id }}>
              <code className="xp-row__path">{op.path}</code>
            </Link>
            <span className="xp-row__meta">
              {op.access === 'restricted' && (
                <span className="xp-tag xp-tag--restricted">{t('access.restricted')}</span>
              )}
              <code className="muted">{op.tool ?? t('op.noTool')}</code>
              <span className="muted">
                {op.paramNames.length === 0
                  ? t('index.noParams')
                  : t('index.params', { count: op.paramNames.length })}
              </span>
            </span>
            <span className="xp-row__summary">{op.summary}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

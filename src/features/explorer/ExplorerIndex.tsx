import { useMemo, useRef, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { operations } from '../../contract/catalog';
import type { OperationGroup } from '../../contract/operation';
import { LANGUAGES } from '../../lib/i18n';
import { messages } from './messages';
import './explorer.css';
import { filterOperations } from './model';
import type { ExplorerIndexSearch } from './url-state';
import { useUrlDraft } from './useUrlDraft';

/**
 * Every operation of the catalog, grouped as the catalog groups them, filtered by path, tool name and
 * description (in the URL, so a filtered list can be shared). Keyboard: ↓ from the filter into the list,
 * ↑/↓ between operations, Enter in the filter opens the first match.
 */

const sameText = (text: string) => text;

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
      <div ref={listRef} className="xp-groups" onKeyDown={onListKey}>
        {groups.length === 0 && (
          <p className="panel muted" role="status">
            {t('index.none', { q: filter })}
          </p>
        )}
        {groups.map(({ group, operations: ops }) => (
          <section
            key={group}
            id={`group-${group}`}
            className="panel xp-group"
            aria-labelledby={`h-${group}`}
          >
            <h2 id={`h-${group}`} className="panel__title">
              {t(`group.${group}`)} <span className="muted num">{ops.length}</span>
            </h2>
            <ul className="xp-list">
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
        ))}
      </div>
    </div>
  );
}

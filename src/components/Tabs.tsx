import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { keepInRowView } from '../lib/scroll-row';

/**
 * WAI-ARIA tabs whose selection lives elsewhere (in the URL): arrow keys, Home and End move between
 * tabs and select them; only the selected tab is in the tab order. The panel holds the selected tab's
 * content only.
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  labelOf,
  idPrefix,
  className = 'tabs',
  children,
}: {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** Accessible name of the tab list. */
  label: string;
  labelOf: (tab: T) => ReactNode;
  /** Prefix of the tab and panel element ids (unique on the page). */
  idPrefix: string;
  /** Block class of the parts: `<c>__list`, `<c>__tab`, `<c>__panel`. */
  className?: string;
  children: ReactNode;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  // On a narrow screen the row scrolls: keep the chosen tab in it (horizontally only).
  useEffect(() => keepInRowView(refs.current.get(selected)), [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab);
    refs.current.get(tab)?.focus();
  };

  return (
    <>
      <div className={`${className}__list`} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              if (el) refs.current.set(tab, el);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab}`}
            aria-selected={tab === selected}
            aria-controls={`${idPrefix}-panel-${tab}`}
            tabIndex={tab === selected ? 0 : -1}
            className={`${className}__tab`}
            onClick={() => {
              if (tab !== selected) onSelect(tab);
            }}
          >
            {labelOf(tab)}
          </button>
        ))}
      </div>
      <div
        className={`${className}__panel`}
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
      >
        {children}
      </div>
    </>
  );
}

import { useState } from 'react';
import { formatShanghaiDateTime } from '../../lib/format';
import { isTimestamp } from './answer';
import { messages } from './messages';

/**
 * Collapsible JSON: objects and arrays are `<details>` (keyboard: Tab to a summary, Enter or Space folds),
 * children are built only when opened and long arrays a page at a time, so a 10,000-row answer opens at
 * once. Millisecond timestamps carry their Shanghai time beside the raw value.
 */

const PAGE = 100;

function Scalar({ name, value }: { name: string; value: unknown }) {
  if (value === null) return <span className="xp-json__null">null</span>;
  if (typeof value === 'string') return <span className="xp-json__string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') {
    return (
      <span className="xp-json__number num">
        {value}
        {isTimestamp(name, value) && <span className="xp-json__note"> {formatShanghaiDateTime(value)}</span>}
      </span>
    );
  }
  return <span className="xp-json__other">{String(value)}</span>;
}

function Node({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  const { t } = messages.useText();
  const [open, setOpen] = useState(depth < 2);
  const [shown, setShown] = useState(PAGE);
  const label = <span className="xp-json__key">{name}</span>;
  if (typeof value !== 'object' || value === null) {
    return (
      <div className="xp-json__leaf">
        {label}: <Scalar name={name} value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [String(i), item])
    : Object.entries(value);
  const summary = Array.isArray(value)
    ? `[ ] ${t('json.items', { count: entries.length })}`
    : `{ } ${t('json.keys', { count: entries.length })}`;
  const rest = entries.length - shown;
  return (
    <details className="xp-json__node" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {label} <span className="muted">{summary}</span>
      </summary>
      {open && (
        <div className="xp-json__children">
          {entries.slice(0, shown).map(([key, child]) => (
            <Node key={key} name={key} value={child} depth={depth + 1} />
          ))}
          {rest > 0 && (
            <button type="button" className="btn btn--small" onClick={() => setShown(shown + PAGE)}>
              {t('json.showMore', { count: Math.min(PAGE, rest) })} · {t('json.more', { count: rest })}
            </button>
          )}
        </div>
      )}
    </details>
  );
}

export function JsonTree({ value, name = 'data' }: { value: unknown; name?: string }) {
  return (
    <div className="xp-json num" data-testid="json-tree">
      <Node name={name} value={value} depth={0} />
    </div>
  );
}

import type { ReactNode } from 'react';

/**
 * A labelled control in a toolbar: the label before the control, muted. A `label` element, so a click on
 * the words focuses a native control; `as="span"` for a control that names itself (a day picker's button
 * carries its own accessible name, so the words are only shown).
 */
export function Field({
  label,
  children,
  as = 'label',
}: {
  label: string;
  children: ReactNode;
  as?: 'label' | 'span';
}) {
  const Tag = as;
  return (
    <Tag className="tool-field">
      <span className="tool-field__label" aria-hidden={as === 'span' ? true : undefined}>
        {label}
      </span>
      {children}
    </Tag>
  );
}

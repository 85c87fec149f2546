import type { ReactNode } from 'react';

/** One term and its value. */
export interface Fact {
  /** React key; defaults to the label when the label is text. */
  id?: string;
  label: ReactNode;
  value: ReactNode;
  /** Class of the term's row: a wide row, a legend's colour key. */
  className?: string;
  /** Class of the value: `num`, a rise/fall tone. */
  valueClassName?: string;
  valueTestId?: string;
}

/**
 * Labelled facts as a description list (`<dl>` of `<div><dt><dd></div>` rows), so a reader or a screen
 * reader hears each value with its term. `false`, `null` and `undefined` entries are left out, so a fact
 * that only sometimes applies can be written inline.
 */
export function FactsList({
  facts,
  className,
  testId,
}: {
  facts: readonly (Fact | false | null | undefined)[];
  className?: string;
  testId?: string;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map((fact, i) =>
        fact ? (
          <div key={fact.id ?? (typeof fact.label === 'string' ? fact.label : i)} className={fact.className}>
            <dt>{fact.label}</dt>
            <dd className={fact.valueClassName} data-testid={fact.valueTestId}>
              {fact.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

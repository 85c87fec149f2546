import type { ReactNode } from 'react';

/** A labelled control in a toolbar. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="stock-field">
      <span className="stock-field__label">{label}</span>
      {children}
    </label>
  );
}

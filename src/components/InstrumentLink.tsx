import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { pageOf } from '../lib/instrument-pages';

/**
 * An instrument's code or name as a link to its own page, chosen by its asset type (the stock view, a
 * fund's page, a futures contract, an option, an index); plain text for a kind that has no page.
 */
export function InstrumentLink({
  thscode,
  assetType,
  className,
  title,
  children,
}: {
  thscode: string;
  assetType: string;
  className?: string;
  title?: string;
  children: ReactNode;
}) {
  const to = pageOf(assetType);
  if (to === undefined) return <span className={className}>{children}</span>;
  return (
    <Link to={to} params={{ thscode }} className={className} title={title}>
      {children}
    </Link>
  );
}

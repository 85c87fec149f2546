import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FUND_CODE_RE } from '../../contract/operations/fund-common-terms';

/** A fund's name or code as a link to its page when the code is a fund code; `fallback` (or the text) otherwise. */
export function FundLink({
  thscode,
  children,
  fallback,
}: {
  thscode: string | null | undefined;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return thscode && FUND_CODE_RE.test(thscode) ? (
    <Link to="/fund/$thscode" params={{ thscode }}>
      {children}
    </Link>
  ) : (
    <>{fallback ?? children}</>
  );
}

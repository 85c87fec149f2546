import { Link } from '@tanstack/react-router';

/**
 * A stock's code or name as a link to its stock view. Rows that open the stock themselves stop the
 * click here: one navigation, not two.
 */
export function StockLink({ thscode, children }: { thscode: string; children: string }) {
  return (
    <Link to="/stock/$thscode" params={{ thscode }} onClick={(event) => event.stopPropagation()}>
      {children}
    </Link>
  );
}

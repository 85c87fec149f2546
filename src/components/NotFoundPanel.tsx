import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/**
 * An instrument page for a code that is not one of its kind (or not known at all): what went wrong,
 * what the reader can do next, a search box to try another code, and the way home. The texts come from
 * the page's own dictionary.
 */
export function NotFoundPanel({
  id,
  title,
  message,
  hint,
  homeLabel,
  searchBox,
  children,
}: {
  /** Unique on the page: names the heading the section is labelled by. */
  id: string;
  title: string;
  message: string;
  hint: string;
  homeLabel: string;
  searchBox: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="panel not-found" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="panel__title">
        {title}
      </h1>
      <p className="not-found__message" role="alert">
        {message}
      </p>
      {children}
      <p className="muted">{hint}</p>
      <div className="not-found__search">{searchBox}</div>
      <Link to="/">{homeLabel}</Link>
    </section>
  );
}

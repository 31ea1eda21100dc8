import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Busy } from '../feedback/Busy.js';
import { paths } from '../paths.js';
import { PageHeader } from './PageHeader.js';

/** The one loading state of a page or a list: a centred spinner that screen readers announce. */
export function LoadingState({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-state text-center p-4">
      <Busy label={label} size="md" />
    </div>
  );
}

/** The one empty state of a list or a panel: what is (not) there, and what to do about it. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state text-center text-body-secondary border rounded p-4">
      <p className="mb-0">{children}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

export interface NotFoundProps {
  /** The heading: 'Page Not Found' (an unknown address), 'Document not found', 'Client not found'. */
  title?: string;
  /** What happened, and that a foreign record looks the same as a missing one. */
  message?: ReactNode;
  /** 1: the page's own heading (and the browser's title); 2: inside a page that has its h1. */
  headingLevel?: 1 | 2;
}

/**
 * The one not-found rendering of every app (an unknown address, a missing or foreign record): a
 * heading, why, and the way home. A foreign record is told exactly like a missing one.
 */
export function NotFound({
  title = 'Page Not Found',
  message = 'The page you asked for does not exist, or it is not yours to open.',
  headingLevel = 1,
}: NotFoundProps) {
  const home = (
    <Link to={paths.home()} className="btn btn-primary">
      Go to the home page
    </Link>
  );
  if (headingLevel === 1) {
    return (
      <section className="not-found">
        <PageHeader title={title} />
        <p>{message}</p>
        {home}
      </section>
    );
  }
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h2 id="not-found-title" className="h4">
        {title}
      </h2>
      <p>{message}</p>
      {home}
    </section>
  );
}

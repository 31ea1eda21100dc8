import type { ReactNode } from 'react';
import { Alert } from '../bootstrap.js';
import { Link } from 'shared-ui/router';
import { isNotFound } from '../api/errors.js';
import { Busy } from '../feedback/Busy.js';
import { paths } from '../paths.js';
import { PageHeader, type Crumb } from './PageHeader.js';

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

/**
 * The one load-failure state: what could not be loaded (the api client has already said why in its
 * toast or error window), that trying again may help, and an optional way on.
 */
export function LoadFailed({ what, action }: { what: string; action?: ReactNode }) {
  return (
    <Alert variant="danger" className="load-failed">
      <p className="mb-1">The {what} could not be loaded.</p>
      <p className="mb-0">Please try again in a moment.</p>
      {action && <div className="mt-2">{action}</div>}
    </Alert>
  );
}

export interface NotFoundProps {
  /** The heading: 'Page Not Found' (an unknown address), 'Document not found', 'Client not found'. */
  title?: string;
  /** What happened, and that a foreign record looks the same as a missing one. */
  message?: ReactNode;
  /** 1: the page's own heading (and the browser's title); 2: inside a page that has its h1. */
  headingLevel?: 1 | 2;
  /** The way on (a link back to the list the record was in); the home page when not given. */
  action?: ReactNode;
}

/**
 * The one not-found rendering of every app (an unknown address, a missing or foreign record): a
 * heading, why, and the way home. A foreign record is told exactly like a missing one.
 */
export function NotFound({
  title = 'Page Not Found',
  message = 'The page you asked for does not exist, or it is not yours to open.',
  headingLevel = 1,
  action,
}: NotFoundProps) {
  const home = action ?? (
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

export interface UnavailableProps {
  /** The read's error. */
  error: unknown;
  /** What the page shows ('client'): 'The client could not be loaded.' */
  what: string;
  /** The page's heading when the read failed for another reason than a 404. */
  title: string;
  /** The not-found page of a missing or foreign record (the API answers both alike: 404). */
  notFound: { title: string; message: ReactNode };
  /** The pages above this one, for the failure's heading. */
  breadcrumb?: Crumb[];
  /** The way on (back to the list); the home page when not given. */
  action?: ReactNode;
}

/**
 * What a record's page shows instead of the record: a 404 (missing, or not the caller's) is the
 * not-found page; any other failure keeps the page's heading over the load-failure state.
 */
export function Unavailable({ error, what, title, notFound, breadcrumb, action }: UnavailableProps) {
  if (isNotFound(error))
    return <NotFound title={notFound.title} message={notFound.message} action={action} />;
  return (
    <>
      <PageHeader title={title} breadcrumb={breadcrumb} />
      <LoadFailed
        what={what}
        action={
          action ?? (
            <Link className="alert-link" to={paths.home()}>
              Go to the home page
            </Link>
          )
        }
      />
    </>
  );
}

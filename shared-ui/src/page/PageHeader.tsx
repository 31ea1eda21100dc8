import { useEffect, type ReactNode } from 'react';
import { Link } from 'shared-ui/router';

/** The product's name, after each page's own in the browser's title (tab, history, screen readers). */
const PRODUCT = 'POP Documents';

/**
 * The browser's title while the calling component is shown: `${text} - POP Documents` (tab, history,
 * screen readers); the product's name comes back when it goes. Null leaves the title alone.
 */
export function useDocumentTitle(text: string | null): void {
  useEffect(() => {
    if (!text) return undefined;
    document.title = `${text} - ${PRODUCT}`;
    return () => {
      document.title = PRODUCT;
    };
  }, [text]);
}

/**
 * A step of the breadcrumb: a page above this one (a link), or a label without a page of its own.
 * `current`: this page, in a trail that names its own page (the document pages' fixed trail, specs/2
 * §2: Home, the document, Download, Admin Options); the title is then not added after it.
 */
export interface Crumb {
  label: string;
  to?: string;
  current?: boolean;
}

export interface PageHeaderProps {
  /** The page's one h1. Plain text is also the browser's title unless `documentTitle` says otherwise. */
  title: ReactNode;
  /** The browser title's page part ('Order Form – Step 2'); needed when `title` is not plain text. */
  documentTitle?: string;
  /** The pages above this one, outermost first; the page itself ends the trail. */
  breadcrumb?: Crumb[];
  /** Text under the heading. */
  lead?: ReactNode;
  /** The page's primary action (a Button or a link styled as one), at the heading's end. */
  actions?: ReactNode;
  /** The h1's id, for a region labelled by it. */
  headingId?: string;
}

/**
 * The head of every page, in every app: the breadcrumb, one h1 at one size, the primary action beside
 * it and an optional lead; it titles the browser's tab (`Clients - POP Documents`).
 */
export function PageHeader({ title, documentTitle, breadcrumb, lead, actions, headingId }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : null));
  return (
    <header className="page-header mb-4">
      {breadcrumb && breadcrumb.length > 0 && (
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb mb-2">
            {breadcrumb.map((crumb) => (
              <li
                key={crumb.label}
                className={crumb.current ? 'breadcrumb-item active' : 'breadcrumb-item'}
                aria-current={crumb.current && !crumb.to ? 'page' : undefined}
              >
                {crumb.to ? (
                  <Link to={crumb.to} aria-current={crumb.current ? 'page' : undefined}>
                    {crumb.label}
                  </Link>
                ) : (
                  crumb.label
                )}
              </li>
            ))}
            {!breadcrumb.some((crumb) => crumb.current) && (
              <li className="breadcrumb-item active" aria-current="page">
                {typeof title === 'string' ? title : documentTitle}
              </li>
            )}
          </ol>
        </nav>
      )}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h1 id={headingId} className="page-header-title me-auto mb-0">
          {title}
        </h1>
        {actions && <div className="page-header-actions d-flex flex-wrap gap-2">{actions}</div>}
      </div>
      {lead && <p className="lead mt-2 mb-0">{lead}</p>}
    </header>
  );
}

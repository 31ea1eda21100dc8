import { useEffect, type ReactNode } from 'react';

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
 * A page's heading (one h1 per page) with optional lead text. A text heading is also the page's
 * title (`Your Profile - POP Documents`); the product's name comes back when the page goes.
 */
export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  useDocumentTitle(typeof children === 'string' ? children : null);
  return (
    <header className="mb-4">
      <h1>{children}</h1>
      {lead && <p className="lead mb-0">{lead}</p>}
    </header>
  );
}

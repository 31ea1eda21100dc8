import { useEffect, type ReactNode } from 'react';

/** The product's name, after each page's own in the browser's title (tab, history, screen readers). */
const PRODUCT = 'POP Documents';

/**
 * A page's heading (one h1 per page) with optional lead text. A text heading is also the page's
 * title (`Your Profile - POP Documents`); the product's name comes back when the page goes.
 */
export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  const text = typeof children === 'string' ? children : null;
  useEffect(() => {
    if (!text) return undefined;
    document.title = `${text} - ${PRODUCT}`;
    return () => {
      document.title = PRODUCT;
    };
  }, [text]);
  return (
    <header className="mb-4">
      <h1>{children}</h1>
      {lead && <p className="lead mb-0">{lead}</p>}
    </header>
  );
}

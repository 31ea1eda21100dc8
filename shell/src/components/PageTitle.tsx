import type { ReactNode } from 'react';

/** A page's heading (one h1 per page) with optional lead text. */
export function PageTitle({ children, lead }: { children: ReactNode; lead?: ReactNode }) {
  return (
    <header className="mb-4">
      <h1>{children}</h1>
      {lead && <p className="lead mb-0">{lead}</p>}
    </header>
  );
}

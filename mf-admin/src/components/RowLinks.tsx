import type { MouseEvent, ReactNode } from 'react';

/**
 * A click anywhere on a table row of `children` follows the row's first link, except a click on a
 * control of its own (a Delete button): shared-ui's DataTable has no row click. The link stays the
 * way for the keyboard and screen readers, so the row itself needs no role or key handling.
 */
export function RowLinks({ children }: { children: ReactNode }) {
  function follow(event: MouseEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (target.closest('a, button, input, select, textarea, label, [role="dialog"]')) return;
    target.closest('tbody tr')?.querySelector<HTMLAnchorElement>('a[href]')?.click();
  }
  return <div onClick={follow}>{children}</div>;
}

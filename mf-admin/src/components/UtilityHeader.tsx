import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { PageHeader, paths, type Crumb, type UtilitySection } from 'shared-ui';

/** The menu's names of the utilities (specs/3-admin.md §2 Utilities). */
export const UTILITY_NAMES: Record<UtilitySection, string> = {
  'promo-code': 'Promo Codes',
  'colonial-bill-file': 'Colonial Bill File',
  'return-file-upload': 'Return File Upload',
  'strategic-partner-report': 'Strategic Partner Report',
  'weekly-order-report': 'Weekly Order Report',
  bcn: 'Test Billing Numbers (BCN)',
  'system-messages': 'System Messages',
  'app-config': 'App Configuration',
  'refresh-token': 'Token Refresh',
};

/**
 * Where the utilities layout shows a section's header: above its menu, so the page reads h1, menu,
 * section (on a phone too, where the menu stacks above the section). `null` until the layout has
 * mounted; `undefined` outside the layout (a section rendered on its own shows its header in place).
 */
export const UtilityHeaderSlot = createContext<HTMLElement | null | undefined>(undefined);

interface UtilityHeaderProps {
  /** The section the page belongs to; none for /admin/utilities itself. */
  section?: UtilitySection;
  /** A page below the section ('New Promo Code'): its h1, the section then a step of the breadcrumb. */
  title?: string;
  /** The page's primary action. */
  actions?: ReactNode;
}

/**
 * A utility's page header: h1 the section's name (or the page's below it), the breadcrumb Utilities ›
 * section, the section's primary action; the browser's title is 'System Messages - Utilities - POP
 * Documents'. Each section renders its own, so its action (New Message, New Promo Code) sits beside it.
 */
export function UtilityHeader({ section, title, actions }: UtilityHeaderProps) {
  const slot = useContext(UtilityHeaderSlot);
  const name = section ? UTILITY_NAMES[section] : 'Utilities';
  const heading = title ?? name;
  const breadcrumb: Crumb[] = [];
  if (section) breadcrumb.push({ label: 'Utilities', to: paths.utilities() });
  if (section && title) breadcrumb.push({ label: name, to: paths.utilities(section) });
  const header = (
    <PageHeader
      title={heading}
      documentTitle={section ? `${heading} - Utilities` : heading}
      breadcrumb={breadcrumb}
      actions={actions}
    />
  );
  if (slot === undefined) return header;
  return slot ? createPortal(header, slot) : null;
}

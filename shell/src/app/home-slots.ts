import type { SessionUser } from 'shared-ui';

/** The remote modules of each role's home, in the order SignedInHome shows them. */
export function homeSlots(user: SessionUser): string[] {
  if (user.roleGroup === 'compliance') return ['mf_admin/OrderManagement'];
  if (user.roleGroup === 'broker' || user.roleGroup === 'epop') {
    return [
      'mf_ordering/PurchaseCard',
      'mf_ordering/SavedForLaterNotice',
      'mf_documents/ActionItems',
      'mf_documents/DocumentList',
    ];
  }
  return [];
}

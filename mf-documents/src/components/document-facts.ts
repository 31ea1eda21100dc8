import type { EpopDocument } from 'shared-ui';

/** A Colonial document: its partner has the Colonial block (no repayment; no-pay reasons instead). */
export const isColonial = (document: Pick<EpopDocument, 'partner'>) => document.partner?.colonial != null;

/** The company name a document's pages show ('POP Document' until it has one). */
export const companyOf = (document: Pick<EpopDocument, 'form'>) =>
  typeof document.form.clientCompanyName === 'string' && document.form.clientCompanyName.trim() !== ''
    ? document.form.clientCompanyName
    : 'POP Document';

import type { Kysely, Migration } from 'kysely';
import { migrateToLatest as migrate } from 'service-kit/server';
import * as initial from './migrations/0001-initial.js';
import * as referenceData from './migrations/0002-reference-data.js';
import * as orderSearchText from './migrations/0003-order-search-text.js';
import * as pageView from './migrations/0004-page-view.js';
import * as companyUser from './migrations/0005-company-user.js';
import * as documentsAndDiscounts from './migrations/0006-documents-and-discounts.js';
import * as pricesAndAttributes from './migrations/0007-prices-and-attributes.js';
import * as partnerRules from './migrations/0008-partner-rules.js';
import * as documentRenewals from './migrations/0009-document-renewals.js';
import * as cartItemActionItem from './migrations/0011-cart-item-action-item.js';
import * as documentSearch from './migrations/0012-document-search.js';
import * as checkout from './migrations/0013-checkout.js';
import * as jobs from './migrations/0014-jobs.js';
import * as documentArchive from './migrations/0015-document-archive.js';
import * as documentCare from './migrations/0016-document-care.js';
import * as clientDocuments from './migrations/0010-client-documents.js';
import * as partnerRecords from './migrations/0017-partner-records.js';
import * as clientDetails from './migrations/0019-client-details.js';
import * as colonialFiles from './migrations/0020-colonial-files.js';
import * as clientSearch from './migrations/0021-client-search.js';
import * as jobTurns from './migrations/0022-job-turns.js';
import * as invitationClaims from './migrations/0023-invitation-claims.js';
import * as abuseLimits from './migrations/0024-abuse-limits.js';
import * as ndtDefinitions from './migrations/0025-ndt-definitions.js';
import * as retroactivePlanYears from './migrations/0026-retroactive-plan-years.js';
import * as renewalAnswers from './migrations/0027-renewal-answers.js';
import * as documentReach from './migrations/0028-document-reach.js';
import * as settingsUtilities from './migrations/0029-settings-utilities.js';
import * as jobPendingKey from './migrations/0030-job-pending-key.js';
import * as paymentSettlement from './migrations/0031-payment-settlement.js';
import * as closeFulfilledActionItems from './migrations/0032-close-fulfilled-action-items.js';
import * as documentDrafts from './migrations/0033-document-drafts.js';
import * as orderFilters from './migrations/0034-order-filters.js';

/**
 * Migrations live in code (not a folder read at runtime) so the swc build and Jest see the same
 * list. Names sort in the order they run; never rename or edit one that has shipped.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-reference-data': referenceData,
  '0003-order-search-text': orderSearchText,
  '0004-page-view': pageView,
  '0005-company-user': companyUser,
  '0006-documents-and-discounts': documentsAndDiscounts,
  '0007-prices-and-attributes': pricesAndAttributes,
  '0008-partner-rules': partnerRules,
  '0009-document-renewals': documentRenewals,
  '0010-client-documents': clientDocuments,
  '0011-cart-item-action-item': cartItemActionItem,
  '0012-document-search': documentSearch,
  '0013-checkout': checkout,
  '0014-jobs': jobs,
  '0015-document-archive': documentArchive,
  '0016-document-care': documentCare,
  '0017-partner-records': partnerRecords,
  '0019-client-details': clientDetails,
  '0020-colonial-files': colonialFiles,
  '0021-client-search': clientSearch,
  '0022-job-turns': jobTurns,
  '0023-invitation-claims': invitationClaims,
  '0024-abuse-limits': abuseLimits,
  '0025-ndt-definitions': ndtDefinitions,
  '0026-retroactive-plan-years': retroactivePlanYears,
  '0027-renewal-answers': renewalAnswers,
  '0028-document-reach': documentReach,
  '0029-settings-utilities': settingsUtilities,
  '0030-job-pending-key': jobPendingKey,
  '0031-payment-settlement': paymentSettlement,
  '0032-close-fulfilled-action-items': closeFulfilledActionItems,
  '0033-document-drafts': documentDrafts,
  '0034-order-filters': orderFilters,
};

/** Brings the database to the latest schema; throws (and changes nothing more) when one fails. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  return migrate(db, MIGRATIONS);
}

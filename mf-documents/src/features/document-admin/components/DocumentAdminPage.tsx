import { Alert } from 'shared-ui/bootstrap';
import { Link, useParams } from 'shared-ui/router';
import {
  DocumentActionsMenu,
  formatDate,
  LoadingState,
  PageHeader,
  paths,
  useSession,
  type DocumentActionsInput,
  type EpopDocument,
  type SessionUser,
} from 'shared-ui';
import { useDocumentCrumbs } from '../../../components/DocumentBreadcrumb.js';
import { DocumentUnavailable } from '../../../components/DocumentUnavailable.js';
import { useDocument } from '../../../api/document.js';
import { companyOf, isColonial } from '../../../components/document-facts.js';
import { DocumentNotes } from './DocumentNotes.js';
import { GenerationHistory } from './GenerationHistory.js';
import { NdtResults } from './NdtResults.js';
import { NoPayReason } from './NoPayReason.js';
import { PartnerSettings } from './PartnerSettings.js';

export const COMPLIANCE_ONLY = 'The admin options are for compliance only.';

/** The page's h1 (specs/2-documents.md §2: the breadcrumb's Admin Options). */
const TITLE = 'Admin Options';

/** The document's status as the admin sees it ('Inactive (deactivated)'). */
function statusOf(document: EpopDocument) {
  return document.deactivated ? `${document.status} (deactivated)` : document.status;
}

/** The document as the actions menu takes it. */
const actionsInput = (document: EpopDocument): DocumentActionsInput => ({
  documentId: document.documentId,
  status: document.status,
  isReadOnly: document.isReadOnly,
  readyForRenewal: document.readyForRenewal,
  deactivated: document.deactivated,
  showUserReceipt: document.hasReceipt,
  orderId: document.orderId,
});

function AdminOptions({ documentId, user }: { documentId: string; user: SessionUser }) {
  const { data: document, error } = useDocument(documentId);
  if (error) return <DocumentUnavailable error={error} title={TITLE} />;
  if (!document) {
    return (
      <>
        <PageHeader title={TITLE} />
        <LoadingState label="Loading document" />
      </>
    );
  }
  return <AdminPanels document={document} user={user} />;
}

function AdminPanels({ document, user }: { document: EpopDocument; user: SessionUser }) {
  const company = companyOf(document);
  // The specs' trail of a document's pages (§2), this page its last link.
  const crumbs = useDocumentCrumbs(document.documentId, company, TITLE);
  // A Colonial document still paid for may be taken out of Colonial with a no-pay reason.
  const noPay = isColonial(document) && document.status !== 'Inactive' && !document.deactivated;
  return (
    <section aria-labelledby="document-admin-title">
      <PageHeader
        title={TITLE}
        headingId="document-admin-title"
        breadcrumb={crumbs}
        actions={
          // One row, centred: the menu's small toggle beside a full-size link.
          <div className="d-flex flex-wrap align-items-center gap-2">
            <Link className="btn btn-outline-primary" to={paths.client(document.clientId)}>
              View Client Profile
            </Link>
            {/* Everything else compliance does with the document: renew, test, send, (de)activate. */}
            <DocumentActionsMenu user={user} document={actionsInput(document)} />
          </div>
        }
      />
      <dl className="row mb-4" aria-label="Document">
        <dt className="col-sm-3 col-lg-2">Company</dt>
        <dd className="col-sm-9 col-lg-10">{company}</dd>
        <dt className="col-sm-3 col-lg-2">Plan Year</dt>
        <dd className="col-sm-9 col-lg-10">
          {formatDate(document.currentPlanYearStartDate)} - {formatDate(document.currentPlanYearEndDate)}
        </dd>
        <dt className="col-sm-3 col-lg-2">Status</dt>
        <dd className="col-sm-9 col-lg-10">{statusOf(document)}</dd>
      </dl>
      <NdtResults documentId={document.documentId} />
      <GenerationHistory documentId={document.documentId} />
      <DocumentNotes key={`notes-${document.documentId}`} document={document} />
      <PartnerSettings key={`partner-${document.documentId}`} document={document} />
      {noPay && <NoPayReason document={document} />}
    </section>
  );
}

/**
 * /document/{documentId}/admin, 'Admin Options' (specs/2-documents.md §2 "Admin document page"),
 * compliance's: the client's profile, the last four tests, the PDF generation history, notes,
 * strategic partner settings, a Colonial document's no-pay reason, and the document's actions menu
 * (compliance's variants: renewals, testing, sending, Deactivate and Reactivate).
 */
export function DocumentAdminPage() {
  const { documentId = '' } = useParams();
  const { user, status } = useSession();
  if (status === 'loading') return <LoadingState />;
  if (user?.roleGroup === 'compliance') return <AdminOptions documentId={documentId} user={user} />;
  return (
    <>
      <PageHeader title={TITLE} />
      <Alert variant="warning">{COMPLIANCE_ONLY}</Alert>
    </>
  );
}

import { Alert, Col, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router-dom';
import {
  Busy,
  DocumentActionsMenu,
  formatDate,
  isNotFound,
  paths,
  useSession,
  type DocumentActionsInput,
  type EpopDocument,
  type SessionUser,
} from 'shared-ui';
import { DocumentBreadcrumb } from '../../../components/DocumentBreadcrumb.js';
import { DocumentUnavailable } from '../../../components/DocumentUnavailable.js';
import { useDocument } from '../../../api/document.js';
import { companyOf, isColonial } from '../../../components/document-facts.js';
import { DocumentNotes } from './DocumentNotes.js';
import { GenerationHistory } from './GenerationHistory.js';
import { NdtResults } from './NdtResults.js';
import { NoPayReason } from './NoPayReason.js';
import { PartnerSettings } from './PartnerSettings.js';

export const COMPLIANCE_ONLY = 'The admin options are for compliance only.';

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
  if (error) return <DocumentUnavailable notFound={isNotFound(error)} />;
  if (!document) return <Busy label="Loading document" />;
  const company = companyOf(document);
  // A Colonial document still paid for may be taken out of Colonial with a no-pay reason.
  const noPay = isColonial(document) && document.status !== 'Inactive' && !document.deactivated;
  return (
    <>
      <DocumentBreadcrumb documentId={document.documentId} name={company} />
      <h2 id="document-admin-title">Admin Options</h2>
      <Row className="mb-3 align-items-center">
        <Col md>
          <dl className="row mb-0" aria-label="Document">
            <dt className="col-sm-3">Company</dt>
            <dd className="col-sm-9">{company}</dd>
            <dt className="col-sm-3">Plan Year</dt>
            <dd className="col-sm-9">
              {formatDate(document.currentPlanYearStartDate)} - {formatDate(document.currentPlanYearEndDate)}
            </dd>
            <dt className="col-sm-3">Status</dt>
            <dd className="col-sm-9">{statusOf(document)}</dd>
          </dl>
        </Col>
        <Col md="auto" className="d-flex gap-2">
          <Link className="btn btn-outline-primary" to={paths.client(document.clientId)}>
            View Client Profile
          </Link>
          {/* Everything else compliance does with the document: renew, test, send, (de)activate. */}
          <DocumentActionsMenu user={user} document={actionsInput(document)} />
        </Col>
      </Row>
      <NdtResults documentId={document.documentId} />
      <GenerationHistory documentId={document.documentId} />
      <DocumentNotes key={`notes-${document.documentId}`} document={document} />
      <PartnerSettings key={`partner-${document.documentId}`} document={document} />
      {noPay && <NoPayReason document={document} />}
    </>
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
  if (status === 'loading') return <Busy />;
  return (
    <section aria-labelledby="document-admin-title">
      {user?.roleGroup === 'compliance' ? (
        <AdminOptions documentId={documentId} user={user} />
      ) : (
        <>
          <h2 id="document-admin-title">Admin Options</h2>
          <Alert variant="warning">{COMPLIANCE_ONLY}</Alert>
        </>
      )}
    </section>
  );
}

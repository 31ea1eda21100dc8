import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router-dom';
import {
  Busy,
  CompanyUsers,
  isNotFound,
  paths,
  useClient,
  useClientDocuments,
  useCompanyUsers,
  useSession,
} from 'shared-ui';
import { ClientDetails } from './ClientDetails.js';
import { ClientDocuments } from './ClientDocuments.js';

/** What the page says instead of itself when the client cannot be shown. */
function Unavailable({ notFound }: { notFound: boolean }) {
  return (
    <Alert variant={notFound ? 'warning' : 'danger'}>
      <Alert.Heading as="h2" className="h4">
        {notFound ? 'Client not found' : 'The client could not be loaded'}
      </Alert.Heading>
      <p>
        {notFound
          ? 'This client does not exist, or it is not one of your clients.'
          : 'Please try again in a moment.'}
      </p>
      <Link to={paths.home()}>Back to My POP Documents</Link>
    </Alert>
  );
}

/**
 * /client/{clientId}, the client details page (specs/2-documents.md §2): the company's details, its
 * documents and its users. A client that is not the caller's reads like a missing one (404).
 */
export function ClientPage() {
  const { clientId = '' } = useParams();
  const { user } = useSession();
  const { data: client, error } = useClient(clientId);
  // Asked for with the details, not after them (the sections below read the same cache).
  useClientDocuments(clientId);
  useCompanyUsers(clientId);

  if (error) return <Unavailable notFound={isNotFound(error)} />;
  if (!client) return <Busy label="Loading client" />;
  // The client's broker and compliance grant access; a linked employer sees who else has it.
  const canManage = user?.roleGroup === 'compliance' || user?.roleGroup === 'broker';
  return (
    <section aria-labelledby="client-page-title">
      <h2 id="client-page-title">{client.companyDetail.name}</h2>
      <ClientDetails client={client} />
      <ClientDocuments clientId={client.clientId} />
      <CompanyUsers companyId={client.clientId} canManage={canManage} />
    </section>
  );
}

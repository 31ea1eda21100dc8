import { useParams } from 'shared-ui/router';
import {
  CompanyUsers,
  LoadingState,
  PageHeader,
  paths,
  Unavailable,
  useClient,
  useClientDocuments,
  useCompanyUsers,
  useSession,
} from 'shared-ui';
import { ClientDetails } from './ClientDetails.js';
import { ClientDocuments } from './ClientDocuments.js';

/**
 * What the page says instead of itself when the client cannot be shown: a client that is missing or
 * not the caller's is the kit's not-found page; any other failure (told already by the api client)
 * a danger alert under the page's generic heading.
 */
function ClientUnavailable({ error }: { error: unknown }) {
  return (
    <Unavailable
      error={error}
      what="client"
      title="Client Details"
      notFound={{
        title: 'Client not found',
        message: 'This client does not exist, or it is not one of your clients.',
      }}
    />
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

  if (error) return <ClientUnavailable error={error} />;
  if (!client) return <LoadingState label="Loading client" />;
  // The client's broker and compliance grant access; a linked employer sees who else has it.
  const canManage = user?.roleGroup === 'compliance' || user?.roleGroup === 'broker';
  return (
    <section aria-labelledby="client-page-title">
      <PageHeader
        title={client.companyDetail.name}
        headingId="client-page-title"
        // The client is reached from the home's document list (its Client Company Name).
        breadcrumb={[{ label: 'Home', to: paths.home() }]}
      />
      <ClientDetails client={client} />
      <ClientDocuments clientId={client.clientId} />
      <CompanyUsers companyId={client.clientId} canManage={canManage} headingLevel={2} />
    </section>
  );
}

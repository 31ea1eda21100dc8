import { useState } from 'react';
import { Button, Card } from 'shared-ui/bootstrap';
import { Link, useParams } from 'shared-ui/router';
import {
  CompanyUsers,
  ConfirmDialog,
  LoadingState,
  notifySuccess,
  PageHeader,
  paths,
  queryKey,
  Unavailable,
  useClient,
  useRevalidate,
} from 'shared-ui';
import { removeBroker } from '../api/remove-broker.js';
import { saveClient } from '../api/save-client.js';
import { CLIENT_MESSAGES } from '../messages.js';
import { ChangeLog } from './ChangeLog.js';
import { ClientDocuments } from './ClientDocuments.js';
import { ClientForm, type ClientFormValues } from './ClientForm.js';
import { ClientSummary } from './ClientSummary.js';

/** What the client page reloads after a change: the client and its change log. */
const RELOADED = [queryKey('/client/{clientId}')[0], queryKey('/client/{clientId}/change-log')[0]];
const CHANGE_LOG = queryKey('/client/{clientId}/change-log')[0];

/** The breadcrumb of a client's page: it sits under Clients. */
const TRAIL = [{ label: 'Clients', to: paths.adminClients() }];

/**
 * What the page says instead of the client: a 404 (missing, or not the caller's: the API answers both
 * alike) is the kit's not-found; any other failure says the client could not be loaded.
 */
function ClientUnavailable({ error }: { error: unknown }) {
  return (
    <section className="py-3">
      <Unavailable
        error={error}
        what="client"
        title="Client Details"
        breadcrumb={TRAIL}
        notFound={{
          title: 'Client not found',
          message: 'This client does not exist, or it is not yours to open.',
        }}
        action={
          <Link className="btn btn-primary" to={paths.adminClients()}>
            Back to Clients
          </Link>
        }
      />
    </section>
  );
}

/**
 * /admin/client/{clientId} (specs/3-admin.md §2 Clients, §4 "Client page", "Broker removal"): read
 * mode, Edit → edit mode (Save saves, reloads the client and returns to read mode; Cancel restores
 * the copy as loaded); Remove Broker after 'Do you want to remove the broker from this client?'; the
 * change log, the documents and the company users panel. Opening it records a Recently Viewed.
 */
export function ClientPage() {
  const { clientId = '' } = useParams();
  const { data: client, error } = useClient(clientId);
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);

  if (error && !client) return <ClientUnavailable error={error} />;
  if (!client) return <LoadingState label="Loading client" />;

  async function save(values: ClientFormValues) {
    try {
      const saved = await saveClient(clientId, values);
      notifySuccess(CLIENT_MESSAGES.updated(saved.companyDetail.name));
    } catch {
      return; // told by the api client (a validation answer lists its reasons); the form stays open
    }
    await revalidate(RELOADED, clientId);
    setEditing(false);
  }

  async function confirmRemoveBroker() {
    setConfirmingRemoval(false);
    try {
      await removeBroker(clientId);
    } catch {
      return; // told by the api client
    }
    notifySuccess(CLIENT_MESSAGES.brokerRemoved);
    await revalidate(RELOADED, clientId);
  }

  return (
    <section className="py-3">
      <PageHeader title={client.companyDetail.name} breadcrumb={TRAIL} />
      <Card className="mb-4">
        <Card.Body>
          <div className="d-flex justify-content-between align-items-start mb-2">
            <h2 className="h5">Client Details</h2>
            {!editing && <Button onClick={() => setEditing(true)}>Edit</Button>}
          </div>
          {editing ? (
            <ClientForm client={client} onSave={save} onCancel={() => setEditing(false)} />
          ) : (
            <ClientSummary client={client} onRemoveBroker={() => setConfirmingRemoval(true)} />
          )}
        </Card.Body>
      </Card>
      <ChangeLog clientId={clientId} />
      <ClientDocuments clientId={clientId} onChange={() => void revalidate([CHANGE_LOG], clientId)} />
      <CompanyUsers
        companyId={clientId}
        canManage
        headingLevel={2}
        onChange={() => void revalidate([CHANGE_LOG], clientId)}
      />
      <ConfirmDialog
        show={confirmingRemoval}
        message={CLIENT_MESSAGES.confirmRemoveBroker}
        confirmLabel="Remove"
        confirmVariant="danger"
        onConfirm={() => void confirmRemoveBroker()}
        onCancel={() => setConfirmingRemoval(false)}
      />
    </section>
  );
}

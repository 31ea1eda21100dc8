import { useState } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { LoadFailed, PagedList, useDownload } from 'shared-ui';
import { ClientTable, type ClientColumn } from '../../components/ClientTable.js';
import { partnerClientsExportUrl, usePartnerClients, type PartnerClient } from './api/get-partner-clients.js';

/** The file name when the answer names none (it does: '{partner} Clients.xlsx'). */
export const CLIENT_LIST_FILE = 'Client List.xlsx';

const NO_CLIENTS = 'No clients found';

const locationOf = (client: PartnerClient) =>
  [client.city, client.state].filter((part) => part !== '').join(', ');

const COLUMNS: ClientColumn<PartnerClient>[] = [
  { header: 'Phone', cell: (client) => client.phone },
  { header: 'Account Id', cell: (client) => client.strategicPartnerAccountId },
  { header: 'Broker', cell: (client) => client.broker },
  { header: 'Location', cell: locationOf },
];

/**
 * A strategic partner's clients (specs/3-admin.md §2 "Clients list"): name, phone, account id, broker
 * and location, ten a page, and 'Export Client List', an Excel file of all of them.
 */
export function PartnerClients({ companyId }: { companyId: string }) {
  const [page, setPage] = useState(1);
  const { data, error } = usePartnerClients(companyId, page);
  const { busy, download } = useDownload();

  return (
    <section aria-labelledby="partner-clients-title">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="partner-clients-title" className="h5 mb-0">
          Clients
        </h2>
        <Button
          variant="outline-secondary"
          size="sm"
          className="ms-auto"
          disabled={busy}
          onClick={() => void download(partnerClientsExportUrl(companyId), CLIENT_LIST_FILE)}
        >
          {busy ? 'Exporting…' : 'Export Client List'}
        </Button>
      </div>
      {error && !data ? (
        <LoadFailed what="clients" />
      ) : (
        <PagedList
          items={data?.data}
          page={page}
          pages={data?.pages}
          onPageChange={setPage}
          emptyText={NO_CLIENTS}
          busyLabel="Loading clients"
        >
          {(clients) => (
            <ClientTable label="Clients" clients={clients} columns={COLUMNS} empty={NO_CLIENTS} />
          )}
        </PagedList>
      )}
    </section>
  );
}

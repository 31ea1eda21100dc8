import type { ClientSearchRow } from 'shared-ui';
import { ClientTable, type ClientColumn } from '../../../components/ClientTable.js';

const COLUMNS: ClientColumn<ClientSearchRow>[] = [
  { header: 'Address', cell: (client) => client.address },
  { header: 'City', cell: (client) => client.city },
  { header: 'State', cell: (client) => client.state },
];

interface ClientRowsProps {
  label: string;
  /** Undefined while they load. */
  clients: ClientSearchRow[] | undefined;
  empty: string;
  busyLabel: string;
}

/** Clients as the search and Recently Viewed list them: name (opens the client), address, city, state. */
export function ClientRows(props: ClientRowsProps) {
  return <ClientTable {...props} columns={COLUMNS} />;
}

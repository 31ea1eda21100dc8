import type { ReactNode } from 'react';
import { Link } from 'shared-ui/router';
import { DataTable, paths, type Column } from 'shared-ui';

/** A column after the name: its header and what a client shows in it. */
export interface ClientColumn<Client> {
  header: string;
  cell(client: Client): ReactNode;
}

interface ClientTableProps<Client> {
  /** The table's name. */
  label: string;
  /** Undefined while they load. */
  clients: readonly Client[] | undefined;
  columns: readonly ClientColumn<Client>[];
  /** What the list says when there is no client (the specs' text). */
  empty: ReactNode;
  busyLabel?: string;
}

/** A table of clients: the name first (it opens the client page), then `columns`. */
export function ClientTable<Client extends { clientId: string; name: string }>({
  label,
  clients,
  columns,
  empty,
  busyLabel,
}: ClientTableProps<Client>) {
  const all: Column<Client>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (client) => <Link to={paths.adminClient(client.clientId)}>{client.name}</Link>,
    },
    ...columns.map((column) => ({ key: column.header, ...column })),
  ];
  return (
    <DataTable
      label={label}
      columns={all}
      rows={clients ? [...clients] : undefined}
      rowKey={(client) => client.clientId}
      empty={empty}
      busyLabel={busyLabel}
      size="sm"
      hover
    />
  );
}

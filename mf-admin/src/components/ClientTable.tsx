import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';

/** A column after the name: its header and what a client shows in it. */
export interface ClientColumn<Client> {
  header: string;
  cell(client: Client): ReactNode;
}

interface ClientTableProps<Client> {
  clients: readonly Client[];
  columns: readonly ClientColumn<Client>[];
  /** The table's name: given, or the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
}

/** A table of clients: the name first (it opens the client page), then `columns`. */
export function ClientTable<Client extends { clientId: string; name: string }>({
  clients,
  columns,
  label,
  labelledBy,
}: ClientTableProps<Client>) {
  return (
    <Table responsive hover size="sm" aria-label={label} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {clients.map((client) => (
          <tr key={client.clientId}>
            <td>
              <Link to={paths.adminClient(client.clientId)}>{client.name}</Link>
            </td>
            {columns.map((column) => (
              <td key={column.header}>{column.cell(client)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

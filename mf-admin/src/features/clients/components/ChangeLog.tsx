import { DataTable, formatDateTime, type Column } from 'shared-ui';
import { useChangeLog, type ChangeLogEntry } from '../api/get-change-log.js';
import { CLIENT_MESSAGES } from '../messages.js';

const COLUMNS: Column<ChangeLogEntry>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (entry) => formatDateTime(entry.changeDate),
    className: 'text-nowrap',
  },
  { key: 'user', header: 'User', cell: (entry) => entry.user },
  { key: 'description', header: 'Description', cell: (entry) => entry.description },
];

/** The client's change log, newest first: date ('MM/DD/YYYY h:mm a'), user, description. */
export function ChangeLog({ clientId }: { clientId: string }) {
  const { data: entries } = useChangeLog(clientId);
  return (
    <section className="mb-4">
      <h2 className="h5">Change Log</h2>
      <DataTable
        label="Change Log"
        columns={COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.id}
        empty={CLIENT_MESSAGES.noChanges}
        busyLabel="Loading change log"
        size="sm"
      />
    </section>
  );
}

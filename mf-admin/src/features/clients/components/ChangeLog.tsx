import Table from 'react-bootstrap/Table';
import { Busy, formatDateTime } from 'shared-ui';
import { useChangeLog } from '../api/get-change-log.js';
import { CLIENT_MESSAGES } from '../messages.js';

/** The client's change log, newest first: date ('MM/DD/YYYY h:mm a'), user, description. */
export function ChangeLog({ clientId }: { clientId: string }) {
  const { data: entries } = useChangeLog(clientId);
  return (
    <section aria-labelledby="change-log-title" className="mb-4">
      <h2 id="change-log-title" className="h5">
        Change Log
      </h2>
      {!entries ? (
        <Busy label="Loading change log" />
      ) : entries.length === 0 ? (
        <p className="text-muted">{CLIENT_MESSAGES.noChanges}</p>
      ) : (
        <Table responsive size="sm" aria-label="Change Log">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">User</th>
              <th scope="col">Description</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">{formatDateTime(entry.changeDate)}</td>
                <td>{entry.user}</td>
                <td>{entry.description}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

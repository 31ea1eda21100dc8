import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Busy, formatDateTime, Pagination } from 'shared-ui';
import { useSettingsChangeLog, type SettingsChange, type SettingsSubject } from '../api/get-change-log.js';
import { SETTINGS_MESSAGES } from '../messages.js';

const shown = (value: string | null) => (value === null || value === '' ? '(none)' : value);

function Changes({ changes }: { changes: SettingsChange['changes'] }) {
  return (
    <ul className="list-unstyled mb-0 small">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="fw-semibold">{change.field}:</span> <del>{shown(change.before)}</del> →{' '}
          <ins>{shown(change.after)}</ins>
        </li>
      ))}
    </ul>
  );
}

/** The change log of one setting, newest first: when, who, what changed (each field before and after). */
export function SettingsChangeLog({ subject }: { subject: SettingsSubject }) {
  const [page, setPage] = useState(1);
  const { data, error } = useSettingsChangeLog(subject, page);
  return (
    <section aria-labelledby={`change-log-${subject}`} className="mt-4">
      <h3 id={`change-log-${subject}`} className="h5">
        Change Log
      </h3>
      {error && !data ? (
        <Alert variant="danger">The change log could not be loaded.</Alert>
      ) : !data ? (
        <Busy label="Loading change log" />
      ) : data.data.length === 0 ? (
        <p className="text-muted">{SETTINGS_MESSAGES.noChanges}</p>
      ) : (
        <>
          <Table responsive size="sm" aria-label="Change Log">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">User</th>
                <th scope="col">Change</th>
                <th scope="col">Before → after</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap">{formatDateTime(entry.changedAt)}</td>
                  <td>{entry.user}</td>
                  <td>{entry.description}</td>
                  <td>
                    <Changes changes={entry.changes} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Pagination page={page} pages={data.pages} onChange={setPage} />
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { DataTable, formatDateTime, Pagination, type Column } from 'shared-ui';
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

const COLUMNS: Column<SettingsChange>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (entry) => formatDateTime(entry.changedAt),
    className: 'text-nowrap',
  },
  { key: 'user', header: 'User', cell: (entry) => entry.user },
  { key: 'change', header: 'Change', cell: (entry) => entry.description },
  { key: 'values', header: 'Before → after', cell: (entry) => <Changes changes={entry.changes} /> },
];

/** The change log of one setting, newest first: when, who, what changed (each field before and after). */
export function SettingsChangeLog({ subject }: { subject: SettingsSubject }) {
  const [page, setPage] = useState(1);
  const { data, error } = useSettingsChangeLog(subject, page);
  return (
    <section className="mt-4">
      <h2 className="h5">Change Log</h2>
      <DataTable
        label="Change Log"
        columns={COLUMNS}
        rows={data?.data}
        rowKey={(entry) => entry.id}
        empty={SETTINGS_MESSAGES.noChanges}
        busyLabel="Loading change log"
        loadError={error && 'change log'}
        size="sm"
      />
      {data && <Pagination page={page} pages={data.pages} onChange={setPage} />}
    </section>
  );
}

import { useState } from 'react';
import { Alert, Badge, Button, Card } from 'shared-ui/bootstrap';
import { ConfirmDialog, DataTable, notifySuccess, type Column } from 'shared-ui';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { createSystemMessage } from '../api/create-system-message.js';
import { deleteSystemMessage } from '../api/delete-system-message.js';
import { useSystemMessages, type ManagedSystemMessage } from '../api/get-system-messages.js';
import { useRevalidateSettings } from '../api/revalidate.js';
import { updateSystemMessage } from '../api/update-system-message.js';
import { LEVEL_LABELS, LOCATION_LABELS, SETTINGS_MESSAGES, STATUS_LABELS } from '../messages.js';
import { SettingsChangeLog } from './SettingsChangeLog.js';
import { SystemMessageForm } from './SystemMessageForm.js';
import {
  BLANK_SYSTEM_MESSAGE,
  formValuesOf,
  payloadOf,
  windowBound,
  type SystemMessageFormValues,
} from './system-message-form.js';

const STATUS_VARIANTS = {
  shown: 'success',
  scheduled: 'info',
  ended: 'secondary',
  inactive: 'secondary',
} as const;

/**
 * /admin/utilities/system-messages: the messages of the sign-in page and of the signed-in home
 * (specs/1-foundation.md §2 Login screen; issue 23), with their level, their window and whether they
 * show now; New, Edit, Delete (confirmed); each change in the change log below.
 */
export function SystemMessages() {
  const { data: messages, error } = useSystemMessages();
  const revalidate = useRevalidateSettings();
  /** The message in the editor: 'new', one of the list, or none. */
  const [editing, setEditing] = useState<ManagedSystemMessage | 'new'>();
  const [deleting, setDeleting] = useState<ManagedSystemMessage>();

  async function save(values: SystemMessageFormValues) {
    try {
      if (editing === 'new') await createSystemMessage(payloadOf(values));
      else if (editing) await updateSystemMessage(editing.id, payloadOf(values));
    } catch {
      return; // told by the api client (a validation answer lists its reasons); the editor stays open
    }
    notifySuccess(SETTINGS_MESSAGES.messageSaved);
    setEditing(undefined);
    await revalidate();
  }

  async function remove(message: ManagedSystemMessage) {
    setDeleting(undefined);
    try {
      await deleteSystemMessage(message.id);
    } catch {
      return; // told by the api client
    }
    notifySuccess(SETTINGS_MESSAGES.messageDeleted);
    if (editing !== 'new' && editing?.id === message.id) setEditing(undefined);
    await revalidate();
  }

  const columns: Column<ManagedSystemMessage>[] = [
    { key: 'location', header: 'Location', cell: (message) => LOCATION_LABELS[message.location] },
    {
      key: 'message',
      header: 'Message',
      // The message as it will show: an alert of its level.
      cell: (message) => (
        <Alert variant={message.style} className="py-1 px-2 mb-0 small text-break">
          {message.message}
        </Alert>
      ),
    },
    { key: 'level', header: 'Level', cell: (message) => LEVEL_LABELS[message.style] },
    { key: 'from', header: 'From', cell: (message) => windowBound(message.from) },
    { key: 'to', header: 'To', cell: (message) => windowBound(message.to) },
    {
      key: 'status',
      header: 'Status',
      cell: (message) => <Badge bg={STATUS_VARIANTS[message.status]}>{STATUS_LABELS[message.status]}</Badge>,
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'text-end text-nowrap',
      cell: (message) => (
        <div className="d-inline-flex gap-2">
          <Button variant="outline-secondary" size="sm" onClick={() => setEditing(message)}>
            Edit
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDeleting(message)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section>
      <UtilityHeader
        section="system-messages"
        actions={
          <Button variant="primary" onClick={() => setEditing('new')} disabled={editing === 'new'}>
            New Message
          </Button>
        }
      />
      <p className="text-muted small">
        A message shows above the sign-in form or above the signed-in home, styled by its level, while it is
        active and between From and To (New York time). The sign-in page shows a change within 30 seconds.
      </p>
      {editing && (
        <Card className="mb-3">
          <Card.Body>
            <h2 className="h5">{editing === 'new' ? 'New Message' : 'Edit Message'}</h2>
            <SystemMessageForm
              key={editing === 'new' ? 'new' : editing.id}
              initialValues={editing === 'new' ? BLANK_SYSTEM_MESSAGE : formValuesOf(editing)}
              onSave={save}
              onCancel={() => setEditing(undefined)}
            />
          </Card.Body>
        </Card>
      )}
      <DataTable
        label="System Messages"
        columns={columns}
        rows={messages}
        rowKey={(message) => message.id}
        empty={SETTINGS_MESSAGES.noMessages}
        busyLabel="Loading system messages"
        loadError={error && 'system messages'}
        size="sm"
      />
      <ConfirmDialog
        show={deleting !== undefined}
        message={
          deleting
            ? SETTINGS_MESSAGES.confirmDelete(
                LOCATION_LABELS[deleting.location].toLowerCase(),
                deleting.message,
              )
            : ''
        }
        confirmLabel="Delete"
        confirmVariant="danger"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
      <SettingsChangeLog subject="system-message" />
    </section>
  );
}

import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Busy, ConfirmDialog, notifySuccess } from 'shared-ui';
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

function MessageRow({
  message,
  onEdit,
  onDelete,
}: {
  message: ManagedSystemMessage;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <tr>
      <td>{LOCATION_LABELS[message.location]}</td>
      <td>
        <Alert variant={message.style} className="py-1 px-2 mb-0 small">
          {message.message}
        </Alert>
      </td>
      <td>{LEVEL_LABELS[message.style]}</td>
      <td className="text-nowrap">{windowBound(message.from)}</td>
      <td className="text-nowrap">{windowBound(message.to)}</td>
      <td>
        <Badge bg={STATUS_VARIANTS[message.status]}>{STATUS_LABELS[message.status]}</Badge>
      </td>
      <td className="text-end text-nowrap">
        <Button variant="outline-primary" size="sm" className="me-2" onClick={onEdit}>
          Edit
        </Button>
        <Button variant="outline-danger" size="sm" onClick={onDelete}>
          Delete
        </Button>
      </td>
    </tr>
  );
}

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

  return (
    <section aria-labelledby="system-messages-title">
      <div className="d-flex align-items-center mb-2">
        <h2 id="system-messages-title" className="h4 mb-0">
          System Messages
        </h2>
        <Button
          variant="success"
          className="ms-auto"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
        >
          New Message
        </Button>
      </div>
      <p className="text-muted small">
        A message shows above the sign-in form or above the signed-in home, styled by its level, while it is
        active and between From and To (New York time). The sign-in page shows a change within 30 seconds.
      </p>
      {editing && (
        <Card className="mb-3">
          <Card.Body>
            <h3 className="h5">{editing === 'new' ? 'New Message' : 'Edit Message'}</h3>
            <SystemMessageForm
              key={editing === 'new' ? 'new' : editing.id}
              initialValues={editing === 'new' ? BLANK_SYSTEM_MESSAGE : formValuesOf(editing)}
              onSave={save}
              onCancel={() => setEditing(undefined)}
            />
          </Card.Body>
        </Card>
      )}
      {error && !messages ? (
        <Alert variant="danger">The system messages could not be loaded.</Alert>
      ) : !messages ? (
        <Busy label="Loading system messages" size="md" />
      ) : messages.length === 0 ? (
        <p className="text-muted">{SETTINGS_MESSAGES.noMessages}</p>
      ) : (
        <Table responsive size="sm" aria-labelledby="system-messages-title">
          <thead>
            <tr>
              <th scope="col">Location</th>
              <th scope="col">Message</th>
              <th scope="col">Level</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <MessageRow
                key={message.id}
                message={message}
                onEdit={() => setEditing(message)}
                onDelete={() => setDeleting(message)}
              />
            ))}
          </tbody>
        </Table>
      )}
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

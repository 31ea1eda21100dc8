import { useState } from 'react';
import { Alert, Button } from 'shared-ui/bootstrap';
import { notifySuccess } from 'shared-ui';
import { sendVerificationLink, useEmailStatus } from '../api/email-verification.js';

/**
 * The profile's e-mail address as identity-api counts it (README "E-mail addresses"): an address
 * counts once its link is opened, and a changed address waits for its link while the verified one
 * stays in force. Says nothing when all is verified.
 */
export function EmailStatus({ userId }: { userId: string }) {
  const { data: status, mutate } = useEmailStatus(userId);
  const [sending, setSending] = useState(false);
  if (!status || (status.verified && !status.pendingEmail)) return null;

  async function sendAgain() {
    setSending(true);
    try {
      const sent = await sendVerificationLink(userId);
      notifySuccess(sent.message);
      await mutate();
    } catch {
      // told by the api client
    } finally {
      setSending(false);
    }
  }

  return (
    <Alert variant={status.pendingEmail ? 'info' : 'warning'} aria-label="E-mail verification">
      {status.pendingEmail ? (
        <p>
          We sent a verification link to <strong>{status.pendingEmail}</strong>. Until you open it,{' '}
          <strong>{status.email}</strong> stays your e-mail address.
        </p>
      ) : (
        <p>
          Your e-mail address <strong>{status.email}</strong> is not verified yet: open the link we sent to
          it. Until then, invitations and searches by e-mail address do not find your account.
        </p>
      )}
      <Button variant="outline-secondary" size="sm" disabled={sending} onClick={() => void sendAgain()}>
        Send the link again
      </Button>
    </Alert>
  );
}

import { useState } from 'react';
import { Button, Form, InputGroup } from 'shared-ui/bootstrap';
import { PARTNER_MESSAGES, referralLink } from '../messages.js';

/**
 * The partner's referral link (specs/3-admin.md §2): the site's address + `/#/referral/{referralId}`,
 * which the shell turns into its `/referral/{referralId}` page; Copy puts it on the clipboard.
 */
export function ReferralLink({ referralId }: { referralId: string }) {
  const [copied, setCopied] = useState(false);
  const link = referralLink(window.location.origin, referralId);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the link stays selectable in the box.
      setCopied(false);
    }
  }
  return (
    <Form.Group className="mb-3" controlId="partner-referral-link">
      <Form.Label>Referral Link</Form.Label>
      <InputGroup>
        <Form.Control readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          Copy
        </Button>
      </InputGroup>
      <Form.Text role="status" className="d-block">
        {copied ? PARTNER_MESSAGES.copied : ''}
      </Form.Text>
    </Form.Group>
  );
}

import { useId, useState } from 'react';
import { Form } from 'shared-ui/bootstrap';
import { useNavigate } from 'shared-ui/router';
import { ConfirmDialog, notifySuccess, paths, useRefreshDocuments, type EpopDocument } from 'shared-ui';
import { processNoPay } from '../api/process-no-pay.js';

/** specs/2-documents.md §3 (the default no-pay text) and §8 (the toast), word for word. */
export const NO_PAY_TEXT = {
  defaultOption: 'None - Document is to be paid for',
  processed: 'No Pay Reason has been processed',
} as const;

/**
 * A Colonial document's 'No Pay Reason' (specs/2-documents.md §4 "Deactivation"): choosing a reason
 * asks for confirmation; confirming removes the client from Colonial (the document becomes Inactive)
 * and goes to the client's page; cancelling resets the choice.
 */
export function NoPayReason({ document }: { document: EpopDocument }) {
  const [reasonCode, setReasonCode] = useState('');
  const navigate = useNavigate();
  const refresh = useRefreshDocuments();
  const id = useId();
  const options = document.colonial.noPayOptions;
  const chosen = options.find((option) => option.code === reasonCode);
  const partnerName = document.partner?.name ?? 'Colonial';

  async function confirm() {
    const code = reasonCode;
    setReasonCode('');
    try {
      await processNoPay(code, document.documentId);
    } catch {
      return; // told already; the choice is reset
    }
    notifySuccess(NO_PAY_TEXT.processed);
    await refresh();
    void navigate(paths.client(document.clientId));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        {partnerName}
      </h2>
      <Form.Group className="mb-3" controlId={`${id}-reason`}>
        <Form.Label>No Pay Reason</Form.Label>
        <Form.Select value={reasonCode} onChange={(event) => setReasonCode(event.target.value)}>
          <option value="">{document.partner?.colonial?.defaultNoPay || NO_PAY_TEXT.defaultOption}</option>
          {options.map((option) => (
            <option key={option.code} value={option.code}>
              {option.description}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <ConfirmDialog
        show={chosen !== undefined}
        title="Process the No Pay Reason?"
        message={
          chosen &&
          `${chosen.description}: the client leaves ${partnerName} and this document becomes inactive. Do you wish to continue?`
        }
        confirmLabel="Process"
        onConfirm={() => void confirm()}
        onCancel={() => setReasonCode('')}
      />
    </section>
  );
}

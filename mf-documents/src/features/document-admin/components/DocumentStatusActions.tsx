import { useState } from 'react';
import { Button } from 'react-bootstrap';
import type { EpopDocument } from 'shared-ui';
import { DeactivateDialog } from '../../../components/DeactivateDialog.js';
import { isColonial } from '../../../components/document-facts.js';
import { ReactivateConfirm } from '../../../components/ReactivateConfirm.js';

/** Deactivate (a Paid document) or Reactivate (a deactivated one), as the actions menu offers them. */
export function DocumentStatusActions({ document }: { document: EpopDocument }) {
  const [open, setOpen] = useState<'deactivate' | 'reactivate' | null>(null);
  const close = () => setOpen(null);
  const deactivate = document.status === 'Paid' && !document.deactivated;
  const reactivate = document.deactivated && (document.status === 'Unpaid' || document.status === 'Inactive');
  if (!deactivate && !reactivate) return null;
  return (
    <>
      {deactivate && (
        <Button variant="outline-danger" onClick={() => setOpen('deactivate')}>
          Deactivate
        </Button>
      )}
      {reactivate && (
        <Button variant="outline-success" onClick={() => setOpen('reactivate')}>
          Reactivate
        </Button>
      )}
      <DeactivateDialog
        show={open === 'deactivate'}
        documentId={document.documentId}
        colonial={isColonial(document)}
        onClose={close}
      />
      <ReactivateConfirm show={open === 'reactivate'} documentId={document.documentId} onClose={close} />
    </>
  );
}

import { Alert, Button } from 'shared-ui/bootstrap';
import { formatProductDateTime } from 'shared-domain';

export const restoredText = (savedAt: string) =>
  `We restored your unsaved answers from ${formatProductDateTime(savedAt)}.`;

/** Said when the form opens with the user's autosaved answers, with the way back to the stored ones. */
export function DraftNotice({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  return (
    <Alert variant="info" className="d-flex align-items-center gap-3" role="status">
      <span className="me-auto">{restoredText(savedAt)}</span>
      <Button size="sm" variant="outline-secondary" onClick={onDiscard}>
        Discard
      </Button>
    </Alert>
  );
}

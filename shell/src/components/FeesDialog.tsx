import { ModalDialog } from 'shared-ui';
import { FeeText } from './FeeText.js';

export function FeesDialog({ show, onClose }: { show: boolean; onClose(): void }) {
  return (
    <ModalDialog show={show} title="Fees" buttons="close" onClose={onClose}>
      <FeeText />
    </ModalDialog>
  );
}

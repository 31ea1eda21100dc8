import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { FeeText } from './FeeText.js';

export function FeesDialog({ show, onClose }: { show: boolean; onClose(): void }) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="fees-title">
      <Modal.Header closeButton>
        <Modal.Title id="fees-title">Fees</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FeeText />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

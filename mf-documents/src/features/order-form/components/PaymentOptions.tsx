import { Alert, Button, Card, Form } from 'shared-ui/bootstrap';
import { waitingPeriodWarning } from 'shared-domain/forms';
import { formatMoney, type Product } from 'shared-ui';
import type { FormValues, PaymentButton } from '../model.js';

const BUTTON_LABELS: Record<PaymentButton, string> = {
  'add-to-cart': 'Add to Cart',
  'update-cart': 'Update Cart',
  'send-invite': 'Send Invite',
  'update-invite': 'Update invite',
  update: 'Update',
  'back-to-main': 'Back to Main',
};

/** The price of a choice: base price plus the chosen values' adjustments (§5 "Price"). */
export function priceOf(product: Product, selected: readonly string[]): number {
  const adjustments = product.attributes
    .flatMap((attribute) => attribute.values)
    .filter((value) => selected.includes(value.attributeValueId))
    .reduce((sum, value) => sum + value.priceAdjustment, 0);
  return product.basePrice + adjustments;
}

interface PaymentOptionsProps {
  product: Product | undefined;
  values: FormValues;
  buttons: readonly PaymentButton[];
  showAttributes: boolean;
  selected: readonly string[];
  onSelect(attributeId: string, attributeValueId: string): void;
  onAction(button: PaymentButton): void;
  busy: boolean;
}

/**
 * The 'Payment Options' box (specs/2-documents.md §2 final step): how to pay, the total, the
 * attribute choices (new documents only; 'name [+$amount]'), the waiting-period warning and the
 * buttons the document's state allows (§4). The price shown is the server's rule; the server prices
 * the cart item again.
 */
export function PaymentOptions(props: PaymentOptionsProps) {
  const { product, values, buttons, showAttributes, selected, onSelect, onAction, busy } = props;
  const warning = waitingPeriodWarning(values);
  return (
    <Card as="section" aria-labelledby="payment-options-title" className="mt-3">
      <Card.Header as="h3" className="h5" id="payment-options-title">
        Payment Options
      </Card.Header>
      <Card.Body>
        <p>
          Pay for this document by credit card or ACH: add it to your cart and check out. Or invite your
          client to review and purchase it.
        </p>
        {product &&
          showAttributes &&
          product.attributes.map((attribute) => {
            const chosen = attribute.values.find((value) => selected.includes(value.attributeValueId));
            return (
              <Form.Group className="mb-3" controlId={`attribute-${attribute.id}`} key={attribute.id}>
                <Form.Label>{attribute.name}</Form.Label>
                <Form.Select
                  value={chosen?.attributeValueId ?? ''}
                  onChange={(event) => onSelect(attribute.id, event.target.value)}
                >
                  <option value="">None</option>
                  {attribute.values.map((value) => (
                    <option key={value.attributeValueId} value={value.attributeValueId}>
                      {`${value.display} [+${formatMoney(value.priceAdjustment)}]`}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
            );
          })}
        <p className="fs-5">
          Total Price:{' '}
          <strong data-testid="document-price">
            {product ? formatMoney(priceOf(product, selected)) : '…'}
          </strong>
        </p>
        {warning && <Alert variant="warning">{warning}</Alert>}
        <div className="d-flex flex-wrap gap-2">
          {buttons.map((button) => (
            <Button
              key={button}
              variant={button === 'back-to-main' ? 'secondary' : 'primary'}
              disabled={busy}
              onClick={() => onAction(button)}
            >
              {BUTTON_LABELS[button]}
            </Button>
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}

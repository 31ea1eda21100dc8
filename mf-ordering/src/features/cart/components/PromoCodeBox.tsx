import { useState, type FormEvent } from 'react';
import { Button, Card, Form, InputGroup, ListGroup } from 'react-bootstrap';
import {
  formatMoney,
  notifySuccess,
  useRevalidate,
  type AppliedPromoCode,
  type PromoCodeAnswer,
  type SessionUser,
} from 'shared-ui';
import { applyPromoCode } from '../api/apply-promo-code.js';
import { useAppliedPromoCodes } from '../api/get-applied-promo-codes.js';
import { removePromoCode } from '../api/remove-promo-code.js';
import { useShowCart } from '../hooks/use-show-cart.js';

/** What a code takes off: '10% off the total', '$50.00 off each document'. */
function discountOf(code: AppliedPromoCode): string {
  const off = code.percentage ? `${code.percentage}%` : formatMoney(code.amount);
  return `${off} off ${code.type === 'Total' ? 'the total' : 'each document'}`;
}

/**
 * The promo code box (§2 "Shopping cart", §5): a code is applied only when the text is not empty;
 * the applied codes are listed, each removable. The server answers the cart priced again; a code it
 * refuses (unknown, expired, applied already) is told by the api client's toast.
 */
export function PromoCodeBox({ user }: { user: SessionUser }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const { data: applied } = useAppliedPromoCodes(user.userId);
  const showCart = useShowCart(user.userId);
  const revalidate = useRevalidate();

  async function run(change: () => Promise<PromoCodeAnswer>) {
    setBusy(true);
    try {
      const answer = await change();
      await showCart(answer.cart);
      notifySuccess(answer.message);
      await revalidate(['/discount/{id}'], user.userId);
      return true;
    } catch {
      return false; // told already
    } finally {
      setBusy(false);
    }
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') return;
    if (await run(() => applyPromoCode(user.userId, typed))) setCode('');
  }

  return (
    <Card as="section" aria-labelledby="promo-code-title">
      <Card.Body>
        <Card.Title as="h3" className="h6" id="promo-code-title">
          Promo Code
        </Card.Title>
        <Form onSubmit={(event) => void apply(event)}>
          <InputGroup>
            <Form.Control
              aria-label="Promo code"
              placeholder="Enter a promo code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              maxLength={50}
              autoComplete="off"
            />
            <Button type="submit" variant="outline-primary" disabled={busy}>
              Apply
            </Button>
          </InputGroup>
        </Form>
        {applied && applied.length > 0 && (
          <ListGroup variant="flush" className="mt-3" aria-label="Applied promo codes">
            {applied.map((promo) => (
              <ListGroup.Item
                key={promo.id}
                className="d-flex justify-content-between align-items-center px-0"
              >
                <span>
                  <strong>{promo.code}</strong>{' '}
                  <span className="text-body-secondary small">{discountOf(promo)}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline-danger"
                  disabled={busy}
                  aria-label={`Remove promo code ${promo.code}`}
                  onClick={() => void run(() => removePromoCode(user.userId, promo.code))}
                >
                  Remove
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Card.Body>
    </Card>
  );
}

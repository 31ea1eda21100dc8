import { useId, useState, type FormEvent } from 'react';
import { Button, Card, Form, InputGroup, ListGroup } from 'shared-ui/bootstrap';
import {
  ApiError,
  formatMoney,
  isValidationError,
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
 * Why the server refused a code (unknown, expired, applied already: a 4xx with its sentence), to show
 * under the box; null for what is not about the code (no connection, a server error), which the api
 * client's toast or error window tells alone.
 */
function refusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status === null || error.status >= 500 || error.status === 401) {
    return null;
  }
  return isValidationError(error.body) ? error.body.errors.join(' ') : error.message;
}

/**
 * The promo code box (§2 "Shopping cart", §5): a code is applied only when the text is not empty;
 * the applied codes are listed, each removable. The server answers the cart priced again; a code it
 * refuses (unknown, expired, applied already) is told by the api client's toast and under the box,
 * tied to it (aria-describedby) and announced, until the text is changed.
 */
export function PromoCodeBox({ user }: { user: SessionUser }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  /** The server's refusal of the code in the box. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const errorId = `${useId()}-error`;
  const { data: applied } = useAppliedPromoCodes(user.userId);
  const showCart = useShowCart(user.userId);
  const revalidate = useRevalidate();

  /** `applying`: a refusal is the typed code's, shown under the box. */
  async function run(change: () => Promise<PromoCodeAnswer>, applying = false) {
    setBusy(true);
    setRefusal(null);
    try {
      const answer = await change();
      await showCart(answer.cart);
      notifySuccess(answer.message);
      await revalidate(['/discount/{id}'], user.userId);
      return true;
    } catch (error) {
      // Told already in a toast; a refusal of the typed code is also shown under the box.
      if (applying) setRefusal(refusalOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') return;
    if (await run(() => applyPromoCode(user.userId, typed), true)) setCode('');
  }

  return (
    <Card as="section" aria-labelledby="promo-code-title">
      <Card.Body>
        <Card.Title as="h2" className="h6" id="promo-code-title">
          Promo Code
        </Card.Title>
        <Form onSubmit={(event) => void apply(event)}>
          <InputGroup>
            <Form.Control
              aria-label="Promo code"
              placeholder="Enter a promo code"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setRefusal(null);
              }}
              maxLength={50}
              autoComplete="off"
              isInvalid={refusal !== null}
              aria-invalid={refusal !== null || undefined}
              aria-describedby={refusal !== null ? errorId : undefined}
            />
            <Button type="submit" variant="outline-primary" disabled={busy}>
              Apply
            </Button>
          </InputGroup>
          {/* Always in the page, so a screen reader announces the refusal as it appears. */}
          <div id={errorId} aria-live="polite" className={refusal ? 'invalid-feedback d-block' : undefined}>
            {refusal}
          </div>
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

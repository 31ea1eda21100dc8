import { Alert, Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { Link, useNavigate, useParams } from 'shared-ui/router';
import { PROMO_CODE_MESSAGES } from 'shared-domain';
import { LoadingState, notifySuccess, paths, useRevalidate } from 'shared-ui';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { ChoiceField, DateField, Form, Formik, SelectField, TextField } from 'shared-ui/forms';
import { createPromoCode } from '../api/create-promo-code.js';
import { usePromoCode } from '../api/get-promo-code.js';
import { useProducts } from '../../../api/products.js';
import { updatePromoCode } from '../api/update-promo-code.js';
import { AmountField } from './AmountField.js';
import {
  AMOUNT_TYPES,
  BLANK_PROMO_CODE,
  DISCOUNT_TYPES,
  formValuesOf,
  payloadOf,
  validatePromoCode,
  valueLabel,
  type PromoCodeFormValues,
} from './promo-code-form.js';

const LIST = paths.utilities('promo-code');

function PromoCodeForm({
  id,
  initialValues,
}: {
  id: string | undefined;
  initialValues: PromoCodeFormValues;
}) {
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const { products } = useProducts();
  const productOptions = products.map((product) => ({ value: product.id, label: product.name }));

  async function save(values: PromoCodeFormValues) {
    const payload = payloadOf(values);
    try {
      if (id === undefined) await createPromoCode(payload);
      else await updatePromoCode(id, payload);
    } catch {
      return; // told by the api client (a validation answer lists its reasons); the form stays open
    }
    notifySuccess(PROMO_CODE_MESSAGES.saved);
    void revalidate(['/discount', '/discount/{id}']);
    navigate(LIST);
  }

  return (
    <Formik initialValues={initialValues} validate={validatePromoCode} onSubmit={save}>
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Promo code">
          <Row>
            <Col md={6}>
              <TextField name="code" label="Code" required maxLength={50} autoComplete="off" />
            </Col>
          </Row>
          <Row>
            <Col md={3}>
              <ChoiceField name="amountType" label="Discount Amount Type" required options={AMOUNT_TYPES} />
            </Col>
            <Col md={3}>
              <AmountField
                name="value"
                label={valueLabel(values.amountType)}
                unit={values.amountType}
                required
              />
            </Col>
            <Col md={6}>
              <AmountField
                name="maxDollarAmount"
                label="Maximum dollar amount"
                unit="$"
                help="The most the code takes off; leave empty for no maximum."
              />
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <DateField name="startDate" label="Start Date" required />
            </Col>
            <Col md={6}>
              <DateField name="endDate" label="End Date" required />
            </Col>
          </Row>
          <Row>
            <Col md={6}>
              <SelectField
                name="productId"
                label="Product"
                placeholder="All products"
                options={productOptions}
              />
            </Col>
            <Col md={6}>
              <ChoiceField name="type" label="Type" required options={DISCOUNT_TYPES} />
            </Col>
          </Row>
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              Save
            </Button>
            <Link className="btn btn-outline-secondary" to={LIST}>
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </Formik>
  );
}

/**
 * /admin/utilities/promo-code/new and /admin/utilities/promo-code/{id} (specs/3-admin.md §2, §5):
 * Save → 'Promo code saved' and back to the list; Cancel goes back without saving.
 */
export function PromoCodeEditor() {
  const { id } = useParams<{ id: string }>();
  const { data: promoCode, error } = usePromoCode(id);
  // The Product select drops a value it has no option for: the form opens once the products are known.
  const { products, error: productsError, isLoading: productsLoading } = useProducts();

  let body;
  if ((id !== undefined && error && !promoCode) || (productsError && products.length === 0)) {
    body = (
      <Alert variant="danger">
        {error ? 'This promo code could not be opened.' : 'The products could not be loaded.'}{' '}
        <Link to={LIST}>Back to the promo codes</Link>
      </Alert>
    );
  } else if ((id !== undefined && !promoCode) || productsLoading) {
    body = <LoadingState label="Loading promo code" />;
  } else {
    body = (
      <Card>
        <Card.Body>
          <PromoCodeForm
            key={id ?? 'new'}
            id={id}
            initialValues={promoCode ? formValuesOf(promoCode) : BLANK_PROMO_CODE}
          />
        </Card.Body>
      </Card>
    );
  }

  return (
    <section>
      <UtilityHeader section="promo-code" title={id === undefined ? 'New Promo Code' : 'Edit Promo Code'} />
      {body}
    </section>
  );
}

import { useEffect, useMemo, useRef } from 'react';
import { Col, Row } from 'shared-ui/bootstrap';
import { CARD_COUNTRIES } from 'shared-domain';
import { EXPIRATION_MONTHS, expirationYears } from 'shared-domain/forms';
import { MaskedField, SelectField, StateSelect, TextField, useFormikContext } from 'shared-ui/forms';
import type { PaymentFormValues } from '../payment-form.js';

const COUNTRY_OPTIONS = CARD_COUNTRIES.map(({ value, label }) => ({ value, label }));
const MONTH_OPTIONS = EXPIRATION_MONTHS.map((month) => ({
  value: String(month),
  label: String(month).padStart(2, '0'),
}));

/** A state and a zip of one country mean nothing in the other: they start again when it changes. */
function useClearAddressOnCountryChange() {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<PaymentFormValues>();
  const previous = useRef(values.country);
  useEffect(() => {
    if (previous.current === values.country) return;
    previous.current = values.country;
    for (const name of ['state', 'zip'] as const) {
      void setFieldValue(name, '', false);
      void setFieldTouched(name, false, false);
    }
  }, [values.country, setFieldValue, setFieldTouched]);
}

/**
 * The card form (§2 "Checkout", §3 "Card payment"): billing address, then the card. State is a select
 * of the 50 states and DC for US and free text otherwise; Zip Code (masked, required) for US, Postal
 * Code otherwise; Telephone optional.
 */
export function CardFields() {
  const { values } = useFormikContext<PaymentFormValues>();
  useClearAddressOnCountryChange();
  const us = values.country === 'US';
  const yearOptions = useMemo(
    () => expirationYears().map((year) => ({ value: String(year), label: String(year) })),
    [],
  );
  return (
    <>
      <fieldset>
        <legend className="h5">Billing Information</legend>
        <Row>
          <Col md={6}>
            <TextField
              name="firstName"
              label="First Name"
              autoComplete="cc-given-name"
              maxLength={100}
              required
            />
          </Col>
          <Col md={6}>
            <TextField
              name="lastName"
              label="Last Name"
              autoComplete="cc-family-name"
              maxLength={100}
              required
            />
          </Col>
        </Row>
        <TextField name="company" label="Company" autoComplete="organization" maxLength={200} required />
        <TextField name="street" label="Street" autoComplete="address-line1" maxLength={200} required />
        <Row>
          <Col md={6}>
            <SelectField name="country" label="Country" options={COUNTRY_OPTIONS} required />
          </Col>
          <Col md={6}>
            <TextField name="city" label="City" autoComplete="address-level2" maxLength={100} required />
          </Col>
        </Row>
        <Row>
          <Col md={6}>
            {us ? (
              <StateSelect name="state" label="State" required />
            ) : (
              <TextField name="state" label="State" autoComplete="address-level1" maxLength={100} required />
            )}
          </Col>
          <Col md={6}>
            {us ? (
              <MaskedField name="zip" label="Zip Code" mask="zip" autoComplete="postal-code" required />
            ) : (
              <TextField name="zip" label="Postal Code" autoComplete="postal-code" maxLength={10} />
            )}
          </Col>
        </Row>
        <Row>
          <Col md={6}>
            <MaskedField name="phone" label="Telephone" mask="phone" autoComplete="tel-national" />
          </Col>
          <Col md={6}>
            <TextField
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={254}
              required
            />
          </Col>
        </Row>
      </fieldset>
      <fieldset>
        <legend className="h5">Card</legend>
        <MaskedField
          name="cardNumber"
          label="Card Number"
          mask="cardNumber"
          autoComplete="cc-number"
          required
        />
        <Row>
          <Col sm={4}>
            <SelectField
              name="expirationMonth"
              label="Exp Month"
              options={MONTH_OPTIONS}
              placeholder="Month"
              required
            />
          </Col>
          <Col sm={4}>
            <SelectField
              name="expirationYear"
              label="Exp Year"
              options={yearOptions}
              placeholder="Year"
              required
            />
          </Col>
          <Col sm={4}>
            <MaskedField name="cvv" label="CVV Code" mask="cvv" autoComplete="cc-csc" required />
          </Col>
        </Row>
      </fieldset>
    </>
  );
}

import { startTransition, useEffect, useOptimistic, useRef } from 'react';
import { Button, FormCheck, FormSelect } from 'shared-ui/bootstrap';
import { isIsoDate } from 'shared-domain';
import { useStrategicPartners } from 'shared-ui';
import { DateField, Form, Formik, useFormikContext } from 'shared-ui/forms';
import type { OrderFilters } from '../hooks/use-order-filters.js';
import { ORDER_MESSAGES } from '../messages.js';

interface DateRange {
  from: string;
  to: string;
}

const usable = (day: string) => day === '' || isIsoDate(day);

function validateRange({ from, to }: DateRange) {
  return from && to && isIsoDate(from) && isIsoDate(to) && from > to
    ? { to: ORDER_MESSAGES.fromAfterTo }
    : {};
}

/**
 * Applies From and To once the user changes them and they name days (a text still being corrected, or
 * To before From, waits). Only a change of the fields applies: when the address changes (Back), the
 * fields follow it and must not write their previous values back.
 */
function ApplyRange({ applied, onApply }: { applied: DateRange; onApply(range: DateRange): void }) {
  const { values } = useFormikContext<DateRange>();
  const seen = useRef(values);
  useEffect(() => {
    if (values.from === seen.current.from && values.to === seen.current.to) return;
    seen.current = values;
    const changed = values.from !== applied.from || values.to !== applied.to;
    if (
      changed &&
      usable(values.from) &&
      usable(values.to) &&
      Object.keys(validateRange(values)).length === 0
    ) {
      onApply(values);
    }
  }, [values, applied, onApply]);
  return null;
}

export interface OrderFilterBarProps {
  filters: OrderFilters;
  onChange(changes: Partial<OrderFilters>): void;
}

/** Order Management's filters: the order days From and To, New only, and the partner. */
export function OrderFilterBar({ filters, onChange }: OrderFilterBarProps) {
  const { data: partners = [] } = useStrategicPartners();
  // The address holds the filters, and React Router changes it in a transition: the switch and the
  // select show the choice at once while the orders of the new filter render, not after (on a slow
  // phone, or a busy machine, a click seemed not to take).
  const [shown, showChoice] = useOptimistic(filters, (current, changes: Partial<OrderFilters>) => ({
    ...current,
    ...changes,
  }));
  const choose = (changes: Partial<OrderFilters>) =>
    startTransition(() => {
      showChoice(changes);
      onChange(changes);
    });
  const applied = { from: filters.from, to: filters.to };
  const anyFilter = filters.from !== '' || filters.to !== '' || filters.newOnly || filters.partner !== '';
  return (
    <Formik<DateRange>
      initialValues={applied}
      // Back and a shared link change the address: the fields follow it.
      enableReinitialize
      validate={validateRange}
      onSubmit={() => undefined}
    >
      <Form className="row g-2 align-items-end mb-3" noValidate aria-label="Filter orders">
        <ApplyRange applied={applied} onApply={(range) => onChange(range)} />
        <div className="col-6 col-md-3 col-lg-2">
          <DateField name="from" label="From" />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <DateField name="to" label="To" />
        </div>
        <div className="col-12 col-md-3 col-lg-3 mb-3">
          <label className="form-label" htmlFor="order-partner-filter">
            Partner
          </label>
          <FormSelect
            id="order-partner-filter"
            value={shown.partner}
            onChange={(event) => choose({ partner: event.target.value })}
          >
            <option value="">All</option>
            <option value="general">General</option>
            {partners.map((partner) => (
              <option key={partner.companyId} value={partner.companyId}>
                {partner.name}
              </option>
            ))}
          </FormSelect>
        </div>
        <div className="col-auto mb-3 pb-2">
          <FormCheck
            type="switch"
            id="order-new-only"
            // Announced as the on/off switch it looks like (Bootstrap draws a checkbox as one).
            role="switch"
            label="New only"
            checked={shown.newOnly}
            onChange={(event) => choose({ newOnly: event.target.checked })}
          />
        </div>
        {anyFilter && (
          <div className="col-auto mb-3">
            <Button
              variant="link"
              className="px-0"
              onClick={() => onChange({ from: '', to: '', newOnly: false, partner: '' })}
            >
              Clear filters
            </Button>
          </div>
        )}
      </Form>
    </Formik>
  );
}

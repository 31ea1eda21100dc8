import { US_STATES } from 'shared-domain/forms';

/** A state's name from its two-letter id (the id itself when it is not one of the 51). */
export const stateName = (id: string) => US_STATES.find((state) => state.id === id)?.name ?? id;

interface AddressParts {
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
}

/** 'Portland, ME 04101' from what is recorded (any part may be missing). */
export function cityLine({ city, state, zipCode }: AddressParts): string {
  const place = [city, state].filter(Boolean).join(', ');
  return [place, zipCode].filter(Boolean).join(' ');
}

/** A company's address, one line each, leaving out the parts not recorded. */
export function CompanyAddress({ detail }: { detail: AddressParts }) {
  return (
    <>
      {[detail.addressLine1, detail.addressLine2, cityLine(detail)].filter(Boolean).map((line) => (
        <span key={line} className="d-block">
          {line}
        </span>
      ))}
    </>
  );
}

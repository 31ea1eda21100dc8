import type { ReactNode } from 'react';
import { US_STATES } from 'shared-domain/forms';
import type { ClientDetails as Client } from 'shared-ui';

const stateName = (id: string) => US_STATES.find((state) => state.id === id)?.name ?? id;

/** 'Portland, ME 04101' from what is recorded (any part may be missing). */
function cityLine({ city, state, zipCode }: Client['companyDetail']): string {
  const place = [city, state].filter(Boolean).join(', ');
  return [place, zipCode].filter(Boolean).join(' ');
}

/** The client's company: address, phone, federal tax id, legal entity type, state of legal construction. */
export function ClientDetails({ client }: { client: Client }) {
  const detail = client.companyDetail;
  const rows: [label: string, value: ReactNode][] = [
    [
      'Address',
      <>
        {[detail.addressLine1, detail.addressLine2, cityLine(detail)].filter(Boolean).map((line) => (
          <span key={line} className="d-block">
            {line}
          </span>
        ))}
      </>,
    ],
    ['Phone', detail.phone],
    ['Federal Tax ID', detail.federalTaxId],
    ['Legal Entity Type', detail.legalEntityType],
    [
      'State of Legal Construction',
      detail.stateOfLegalConstruction && stateName(detail.stateOfLegalConstruction),
    ],
  ];
  return (
    <dl className="row mb-4" aria-label="Client details">
      {rows.map(([label, value]) => (
        <div key={label} className="col-sm-6 col-lg-4 mb-2">
          <dt>{label}</dt>
          <dd className="mb-0">{value || <span className="text-muted">Not recorded</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

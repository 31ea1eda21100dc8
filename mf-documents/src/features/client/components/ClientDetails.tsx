import type { ReactNode } from 'react';
import { CompanyAddress, stateName, TERMS, type ClientDetails as Client } from 'shared-ui';

/** The client's company: address, phone, federal tax id, legal entity type, state of legal construction. */
export function ClientDetails({ client }: { client: Client }) {
  const detail = client.companyDetail;
  const rows: [label: string, value: ReactNode][] = [
    ['Address', <CompanyAddress detail={detail} />],
    ['Phone', detail.phone],
    [TERMS.federalTaxId, detail.federalTaxId],
    [TERMS.legalEntityType, detail.legalEntityType],
    [
      TERMS.stateOfLegalConstruction,
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

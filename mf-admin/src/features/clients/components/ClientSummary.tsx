import type { ReactNode } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { CompanyAddress, paths, stateName, TERMS, type ClientDetails } from 'shared-ui';

interface ClientSummaryProps {
  client: ClientDetails;
  /** Offered when the client has a broker: the confirm, then DELETE client/{clientId}/broker. */
  onRemoveBroker(): void;
}

/**
 * The client page's read mode: the company detail, legal entity, state of legal construction, the
 * strategic partner (a link to it) and account id, ERISA, the broker (with Remove Broker).
 */
export function ClientSummary({ client, onRemoveBroker }: ClientSummaryProps) {
  const detail = client.companyDetail;
  const rows: [label: string, value: ReactNode][] = [
    ['Address', <CompanyAddress detail={detail} />],
    ['Phone', detail.phone],
    [TERMS.federalTaxId, detail.federalTaxId],
    [TERMS.legalEntityType, client.legalEntityType],
    [
      TERMS.stateOfLegalConstruction,
      client.stateOfLegalConstruction && stateName(client.stateOfLegalConstruction),
    ],
    [
      TERMS.strategicPartner,
      client.strategicPartnerId && (
        <Link to={paths.strategicPartner(client.strategicPartnerId)}>{client.strategicPartner}</Link>
      ),
    ],
    ['Account Id', client.strategicPartnerAccountId],
    ['ERISA Account', client.erisaAccount ? 'Yes' : 'No'],
    [
      'Broker',
      client.brokerId && (
        <>
          <span className="d-block">{client.broker || 'Unknown user'}</span>
          {client.brokerEmail && <span className="d-block">{client.brokerEmail}</span>}
          <Button variant="danger" size="sm" className="mt-1" onClick={onRemoveBroker}>
            Remove Broker
          </Button>
        </>
      ),
    ],
    ['Notes', detail.notes && <span style={{ whiteSpace: 'pre-line' }}>{detail.notes}</span>],
  ];
  return (
    <dl className="row mb-0" aria-label="Client details">
      {rows.map(([label, value]) => (
        <div key={label} className="col-sm-6 col-lg-4 mb-2">
          <dt>{label}</dt>
          <dd className="mb-0">{value || <span className="text-muted">Not recorded</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

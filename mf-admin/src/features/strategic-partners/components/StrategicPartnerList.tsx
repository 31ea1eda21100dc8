import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router-dom';
import { Busy, paths, useStrategicPartners } from 'shared-ui';
import type { StrategicPartner } from '../api/partners.js';

const addressOf = (partner: StrategicPartner) =>
  [partner.companyDetail.addressLine1, partner.companyDetail.addressLine2].filter(Boolean).join(', ');

function PartnerRow({ partner }: { partner: StrategicPartner }) {
  const navigate = useNavigate();
  const details = paths.strategicPartner(partner.companyId!);
  return (
    // The whole row opens the partner; the name is its link for the keyboard and screen readers.
    <tr style={{ cursor: 'pointer' }} onClick={() => navigate(details)}>
      <td>
        <Link to={details} onClick={(event) => event.stopPropagation()}>
          {partner.name}
        </Link>
      </td>
      <td>{addressOf(partner)}</td>
      <td>{partner.companyDetail.city}</td>
      <td>{partner.companyDetail.state}</td>
      <td className="text-break">{partner.customUrl}</td>
    </tr>
  );
}

/** /admin/strategic-partners (specs/3-admin.md §2): name, address, city, state, custom URL; Create. */
export function StrategicPartnerList() {
  const { data: partners, error } = useStrategicPartners();
  return (
    <section className="py-3" aria-labelledby="strategic-partners-title">
      <div className="d-flex align-items-center mb-3">
        <h1 id="strategic-partners-title" className="h3 mb-0">
          Strategic Partners
        </h1>
        <Link className="btn btn-success ms-auto" to={paths.newStrategicPartner()}>
          Create Strategic Partner
        </Link>
      </div>
      {error && !partners ? (
        <Alert variant="danger">The strategic partners could not be loaded.</Alert>
      ) : !partners ? (
        <Busy label="Loading strategic partners" size="md" />
      ) : partners.length === 0 ? (
        <p className="text-muted">No strategic partners yet</p>
      ) : (
        <Table responsive hover size="sm" aria-labelledby="strategic-partners-title">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Address</th>
              <th scope="col">City</th>
              <th scope="col">State</th>
              <th scope="col">Custom URL</th>
            </tr>
          </thead>
          <tbody>
            {partners.map((partner) => (
              <PartnerRow key={partner.companyId} partner={partner} />
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

import { Link } from 'shared-ui/router';
import { DataTable, PageHeader, paths, useStrategicPartners, type Column } from 'shared-ui';
import { RowLinks } from '../../../components/RowLinks.js';
import type { StrategicPartner } from '../api/partners.js';

const addressOf = (partner: StrategicPartner) =>
  [partner.companyDetail.addressLine1, partner.companyDetail.addressLine2].filter(Boolean).join(', ');

const COLUMNS: Column<StrategicPartner>[] = [
  {
    key: 'name',
    header: 'Name',
    // The whole row opens the partner (RowLinks); the name is its link for the keyboard.
    cell: (partner) => <Link to={paths.strategicPartner(partner.companyId!)}>{partner.name}</Link>,
  },
  { key: 'address', header: 'Address', cell: addressOf },
  { key: 'city', header: 'City', cell: (partner) => partner.companyDetail.city },
  { key: 'state', header: 'State', cell: (partner) => partner.companyDetail.state },
  { key: 'customUrl', header: 'Custom URL', cell: (partner) => partner.customUrl, className: 'text-break' },
];

/** /admin/strategic-partners (specs/3-admin.md §2): name, address, city, state, custom URL; Create. */
export function StrategicPartnerList() {
  const { data: partners, error } = useStrategicPartners();
  return (
    <section className="py-3">
      <PageHeader
        title="Strategic Partners"
        actions={
          <Link className="btn btn-primary" to={paths.newStrategicPartner()}>
            Create Strategic Partner
          </Link>
        }
      />
      <RowLinks>
        <DataTable
          label="Strategic Partners"
          columns={COLUMNS}
          rows={partners}
          rowKey={(partner) => partner.companyId!}
          empty="No strategic partners yet"
          busyLabel="Loading strategic partners"
          loadError={error && 'strategic partners'}
          size="sm"
          hover
        />
      </RowLinks>
    </section>
  );
}

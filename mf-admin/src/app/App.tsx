import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns } from 'shared-ui';
import { ClientPage } from '../features/clients/components/ClientPage.js';
import { ClientsPage } from '../features/clients/components/ClientsPage.js';
import { PartnerClients } from '../features/partner-clients/PartnerClients.js';
import { StrategicPartnerList } from '../features/strategic-partners/components/StrategicPartnerList.js';
import { StrategicPartnerPage } from '../features/strategic-partners/components/StrategicPartnerPage.js';
import { AdminUsers } from '../features/users/components/AdminUsers.js';
import { UtilitiesRoutes } from './UtilitiesRoutes.js';

/** A strategic partner's Clients sub-list, on its details page. */
const partnerClients = (companyId: string) => <PartnerClients companyId={companyId} />;

/** The admin area, mounted by the shell at /admin/*: routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route path={below(patterns.admin, patterns.adminClients)} element={<ClientsPage />} />
      <Route path={below(patterns.admin, patterns.adminClient)} element={<ClientPage />} />
      <Route path={below(patterns.admin, patterns.strategicPartners)} element={<StrategicPartnerList />} />
      <Route
        path={below(patterns.admin, patterns.newStrategicPartner)}
        element={<StrategicPartnerPage clientsOf={partnerClients} />}
      />
      <Route
        path={below(patterns.admin, patterns.strategicPartner)}
        element={<StrategicPartnerPage clientsOf={partnerClients} />}
      />
      <Route path={below(patterns.admin, patterns.adminUsers)} element={<AdminUsers />} />
      <Route path={below(patterns.admin, patterns.utilities)} element={<UtilitiesRoutes />} />
      <Route
        path="*"
        element={
          <div className="py-3">
            <NotFound />
          </div>
        }
      />
    </Routes>
  );
}

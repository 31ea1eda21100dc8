import { Route, Routes } from 'react-router-dom';
import { below, patterns } from 'shared-ui';
import { AdminPage } from '../features/admin-pages/components/AdminPage.js';
import { UtilitiesRoutes } from './UtilitiesRoutes.js';

/** The admin area, mounted by the shell at /admin/*: routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route path={below(patterns.admin, patterns.adminClients)} element={<AdminPage title="Clients" />} />
      <Route path={below(patterns.admin, patterns.adminClient)} element={<AdminPage title="Client" />} />
      <Route
        path={below(patterns.admin, patterns.strategicPartners)}
        element={<AdminPage title="Strategic Partners" />}
      />
      <Route
        path={below(patterns.admin, patterns.newStrategicPartner)}
        element={<AdminPage title="New Strategic Partner" />}
      />
      <Route
        path={below(patterns.admin, patterns.strategicPartner)}
        element={<AdminPage title="Strategic Partner Details" />}
      />
      <Route path={below(patterns.admin, patterns.adminUsers)} element={<AdminPage title="Users" />} />
      <Route path={below(patterns.admin, patterns.utilities)} element={<UtilitiesRoutes />} />
      <Route path="*" element={<AdminPage title="Page Not Found" />} />
    </Routes>
  );
}

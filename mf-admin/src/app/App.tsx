import { Route, Routes } from 'react-router-dom';
import { AdminPage } from '../features/admin-pages/components/AdminPage.js';

/** The admin area, mounted by the shell at /admin/*: routes are relative to that mount. */
export default function App() {
  return (
    <Routes>
      <Route path="clients" element={<AdminPage title="Clients" />} />
      <Route path="client/:clientId" element={<AdminPage title="Client" />} />
      <Route path="strategic-partners" element={<AdminPage title="Strategic Partners" />} />
      <Route path="strategic-partner/new" element={<AdminPage title="New Strategic Partner" />} />
      <Route
        path="strategic-partner/:companyId/details"
        element={<AdminPage title="Strategic Partner Details" />}
      />
      <Route path="users" element={<AdminPage title="Users" />} />
      <Route path="utilities/*" element={<AdminPage title="Utilities" />} />
      <Route path="*" element={<AdminPage title="Page Not Found" />} />
    </Routes>
  );
}

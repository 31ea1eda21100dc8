// Standalone page of the remote (`pnpm --filter mf-admin dev`): the admin area without the shell.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Navigate, Route, Routes } from 'shared-ui/router';
import { paths, patterns, StandalonePage } from 'shared-ui';
import App from './app/App.js';
import OrderManagement from './features/orders/components/OrderManagement.js';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

createRoot(root).render(
  <StrictMode>
    <StandalonePage title="POP Documents: Admin">
      <Routes>
        <Route index element={<OrderManagement />} />
        <Route path={patterns.admin} element={<App />} />
        <Route path="*" element={<Navigate to={paths.home()} replace />} />
      </Routes>
    </StandalonePage>
  </StrictMode>,
);

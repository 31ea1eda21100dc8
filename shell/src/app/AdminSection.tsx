import { RemoteSlot } from '../components/RemoteSlot.js';

/** /admin/*: mf_admin renders relative <Routes>; compliance only (RequireGroup in AppRoutes). */
export function AdminSection() {
  return <RemoteSlot id="mf_admin/App" />;
}

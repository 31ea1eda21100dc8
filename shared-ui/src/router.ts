// shared-ui/router: the router every app uses, its own entry point and federation singleton. The
// shell provides one copy to every remote (one router context per page). Sharing react-router by name
// put the whole library in the shell's first script (a shared module is never tree-shaken: a remote
// may ask for any export); sharing this list instead lets webpack drop the rest of it (data routers,
// server rendering, cookies): a fifth of the shell's main chunk. An export the apps need is
// added here (a minor version of shared-ui); the apps never import react-router directly (lint).
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type InitialEntry,
} from 'react-router-dom';

// shared-ui/bootstrap: the react-bootstrap components the apps use, one copy per page. The shell
// provides this module to every remote as a federation singleton (eager in its first script), so a
// remote's page does not fetch its own Modal, Dropdown, Popper and transitions beside the shell's
// (the broker's home carried 25 KB brotli of them in the purchase card's chunks for 1 KB of its own).
// Sharing react-bootstrap by name would put the whole library in the shell's first script (a shared
// module is never tree-shaken), and by component made the federation runtime resolve some fifty shared
// modules per remote (bench/README.md). A component the apps need is added here (a minor version of
// shared-ui); the apps never import react-bootstrap directly (lint).
export {
  Alert,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  Container,
  Dropdown,
  Form,
  FormCheck,
  FormSelect,
  InputGroup,
  ListGroup,
  Modal,
  Nav,
  Navbar,
  NavDropdown,
  Pagination,
  Placeholder,
  Row,
  Spinner,
  Table,
} from 'react-bootstrap';

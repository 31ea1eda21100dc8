import { Alert } from 'react-bootstrap';
import { useParams } from 'react-router-dom';

/** /client/{clientId}: the broker's view of a client. The details and documents are a later issue. */
export function ClientPage() {
  const { clientId } = useParams();
  return (
    <section aria-labelledby="client-page-title">
      <h2 id="client-page-title">Client</h2>
      <p>
        Client id: <span data-testid="client-id">{clientId}</span>
      </p>
      <Alert variant="info">Client details are coming soon.</Alert>
    </section>
  );
}

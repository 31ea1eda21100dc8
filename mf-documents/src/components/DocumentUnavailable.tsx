import { Alert } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { paths } from 'shared-ui';

/** What a document's page says instead of itself when the document cannot be shown. */
export function DocumentUnavailable({ notFound }: { notFound: boolean }) {
  return (
    <Alert variant={notFound ? 'warning' : 'danger'}>
      <Alert.Heading as="h2" className="h4">
        {notFound ? 'Document not found' : 'The document could not be loaded'}
      </Alert.Heading>
      <p>
        {notFound
          ? 'This document does not exist, or it is not one of yours.'
          : 'Please try again in a moment.'}
      </p>
      <Link to={paths.home()}>Back to My POP Documents</Link>
    </Alert>
  );
}

import { Unavailable } from 'shared-ui';

/**
 * What a document's page says instead of itself when the document cannot be shown: a missing or
 * foreign document (404) is the kit's not-found page; any other failure keeps the page's heading
 * and says so in a danger alert (the api client has told the details already).
 */
export function DocumentUnavailable({ error, title }: { error: unknown; title: string }) {
  return (
    <Unavailable
      error={error}
      what="document"
      title={title}
      notFound={{
        title: 'Document not found',
        message: 'This document does not exist, or it is not one of yours.',
      }}
    />
  );
}

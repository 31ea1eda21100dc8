import { useId } from 'react';
import type { AppConfig } from '../api/types.js';

interface NdtDefinitionsProps {
  /** The configured definitions (`GET system-message/config/app`). */
  definitions: AppConfig['definitions'] | undefined;
  /** The heading's level where it is placed, and its look. */
  heading: { level: 2 | 3 | 4; className: string };
}

/**
 * The key employee and HCE definitions of the app configuration, as the NDT tutorial (shell) and the
 * NDT instructions (mf-documents) quote them; nothing when none is configured.
 */
export function NdtDefinitions({ definitions, heading }: NdtDefinitionsProps) {
  const id = useId();
  if (!definitions?.keyEmployee && !definitions?.hce) return null;
  const Heading = `h${heading.level}` as const;
  return (
    <section aria-labelledby={id} className="mb-4">
      <Heading id={id} className={heading.className}>
        Definitions
      </Heading>
      <dl>
        {definitions.keyEmployee && (
          <>
            <dt>Key employee</dt>
            <dd>{definitions.keyEmployee}</dd>
          </>
        )}
        {definitions.hce && (
          <>
            <dt>Highly compensated employee (HCE)</dt>
            <dd>{definitions.hce}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

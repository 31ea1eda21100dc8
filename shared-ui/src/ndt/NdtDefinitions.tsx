import { useId } from 'react';
import { formatIsoDate, ndtDefinitions, type IsoDate } from 'shared-domain';
import type { AppConfig } from '../api/types.js';

interface NdtDefinitionsProps {
  /**
   * The configured definitions (`GET system-message/config/app`): templates whose placeholders
   * (`{officerLimit}`…) take the plan year's limits; shared-domain's own for a missing one (not loaded
   * yet, or blank).
   */
  definitions: AppConfig['definitions'] | undefined;
  /** The plan year whose limits fill the definitions, stated under them. */
  planYear: { start: IsoDate; end: IsoDate };
  /** A sentence after the plan year's (where the figures come from, when it is not the reader's own). */
  note?: string;
  /** The heading's level where it is placed, and its look. */
  heading: { level: 2 | 3 | 4; className: string };
}

/**
 * The key employee and HCE definitions, one text of each (shared-domain's `ndtDefinitions`: the
 * configured templates with the plan year's limits), as the NDT tutorial (shell) and the NDT
 * instructions (mf-documents) state them.
 */
export function NdtDefinitions({ definitions, planYear, note, heading }: NdtDefinitionsProps) {
  const id = useId();
  const texts = ndtDefinitions(definitions, planYear.start, planYear.end);
  const Heading = `h${heading.level}` as const;
  const figures =
    `The amounts are those for the plan year ${formatIsoDate(planYear.start)} - ` +
    `${formatIsoDate(planYear.end)}.${note ? ` ${note}` : ''}`;
  return (
    <section aria-labelledby={id} className="mb-4">
      <Heading id={id} className={heading.className}>
        Definitions
      </Heading>
      <dl>
        <dt>Highly compensated employee (HCE)</dt>
        <dd>{texts.hce}</dd>
        <dt>Key employee</dt>
        <dd>{texts.keyEmployee}</dd>
      </dl>
      <p className="small">{figures}</p>
    </section>
  );
}

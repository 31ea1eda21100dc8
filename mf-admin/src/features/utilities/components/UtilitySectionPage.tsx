import type { UtilitySection } from 'shared-ui';
import { UTILITY_NAMES } from './UtilitiesLayout.js';

/** A utility still to be built (Colonial files, reports, BCN: their own issues): its name only, for now. */
export function UtilitySectionPage({ section }: { section: UtilitySection }) {
  return <h2 className="h4">{UTILITY_NAMES[section]}</h2>;
}

/** /admin/utilities itself: the menu, and a word on what it is for. */
export function UtilitiesIndex() {
  return <p className="text-muted">Choose a utility from the menu.</p>;
}

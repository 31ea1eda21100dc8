import { UtilityHeader } from '../../../components/UtilityHeader.js';

/** /admin/utilities itself: h1 Utilities, the menu, and a word on what it is for. */
export function UtilitiesIndex() {
  return (
    <>
      <UtilityHeader />
      <p className="text-muted">Choose a utility from the menu.</p>
    </>
  );
}

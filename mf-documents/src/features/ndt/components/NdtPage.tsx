import { NdtTesting } from './NdtTesting.js';

/** `/document/{documentId}/ndt`, Non-Discrimination Testing (specs/2-documents.md §2, §4). */
export function NdtPage() {
  return <NdtTesting />;
}

import { PageTitle } from '../../../components/PageTitle.js';

export function NdtTutorialPage() {
  return (
    <>
      <PageTitle lead="How to test a plan for non-discrimination, step by step.">
        Non-Discrimination Testing
      </PageTitle>
      <ol>
        <li>Open the document from My POP Documents and choose Non-discrimination Testing.</li>
        <li>Enter each employee: compensation, ownership, family relationships and benefit elections.</li>
        <li>Run the test; the results show whether the plan favours key or highly compensated employees.</li>
        <li>Download the results and keep them with the plan document.</li>
      </ol>
    </>
  );
}

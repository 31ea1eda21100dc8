import { PageTitle } from 'shared-ui';
import { Overview } from './Overview.js';

export function OverviewPage() {
  return (
    <>
      <PageTitle>Overview</PageTitle>
      <Overview />
      <section id="other-systems" aria-labelledby="other-systems-title" className="mt-4">
        <h2 id="other-systems-title" className="h4">
          Other systems
        </h2>
        <p>
          Employees enroll and manage their benefits through their employer&apos;s benefits portal; brokers
          reach enrollment and billing through their agent portal. This site is for ordering and managing POP
          documents.
        </p>
      </section>
    </>
  );
}

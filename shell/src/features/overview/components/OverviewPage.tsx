import { PageHeader, useAppConfig } from 'shared-ui';
import { Guides } from '../../../components/Guides.js';
import { Overview } from './Overview.js';

export function OverviewPage() {
  // The guides, open to guests as the overview is (the configuration is a public read).
  const { data: config } = useAppConfig();
  return (
    <>
      <PageHeader title="Overview" />
      <Overview />
      {config?.links && <Guides links={config.links} />}
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

import { PageTitle } from '../../../components/PageTitle.js';
import { useAppConfig } from '../api/get-app-config.js';
import { type AppConfig } from 'shared-ui';

/**
 * A video id from the configuration, opened on YouTube in a new tab: the gateway's CSP allows no
 * third-party frames, and a link needs none.
 */
const videoUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** 'keyEmployee' → 'Key employee': a readable title for a configured video. */
function videoTitle(key: string) {
  const words = key
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Definitions({ definitions }: { definitions: AppConfig['definitions'] }) {
  if (!definitions.keyEmployee && !definitions.hce) return null;
  return (
    <section aria-labelledby="ndt-definitions" className="mb-4">
      <h2 id="ndt-definitions" className="h4">
        Definitions
      </h2>
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

function Guides({ links }: { links: AppConfig['links'] }) {
  const guides = [
    { href: links.popImplementationGuide, label: 'POP Implementation Guide' },
    { href: links.employeeQuickReferenceGuide, label: 'Employee Quick Reference Guide' },
  ].filter((guide) => guide.href);
  if (guides.length === 0) return null;
  return (
    <section aria-labelledby="ndt-guides" className="mb-4">
      <h2 id="ndt-guides" className="h4">
        Guides
      </h2>
      <ul>
        {guides.map((guide) => (
          <li key={guide.label}>
            <a href={guide.href} target="_blank" rel="noreferrer">
              {guide.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Videos({ videoIds }: { videoIds: AppConfig['videoIds'] }) {
  const videos = Object.entries(videoIds).filter(([, id]) => typeof id === 'string' && id !== '');
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="ndt-videos" className="mb-4">
      <h2 id="ndt-videos" className="h4">
        Videos
      </h2>
      <ul>
        {videos.map(([key, id]) => (
          <li key={key}>
            <a href={videoUrl(id)} target="_blank" rel="noreferrer">
              {videoTitle(key)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /tutorials/ndt: the steps, and what the app configuration supplies (never hard-coded here). */
export function NdtTutorialPage() {
  const { data: config } = useAppConfig();
  return (
    <>
      <PageTitle lead="How to test a plan for non-discrimination, step by step.">
        Non-Discrimination Testing
      </PageTitle>
      <ol className="mb-4">
        <li>Open the document from My POP Documents and choose Non-discrimination Testing.</li>
        <li>Enter each employee: compensation, ownership, family relationships and benefit elections.</li>
        <li>Run the test; the results show whether the plan favours key or highly compensated employees.</li>
        <li>Download the results and keep them with the plan document.</li>
      </ol>
      {config?.definitions && <Definitions definitions={config.definitions} />}
      {config?.links && <Guides links={config.links} />}
      {config?.videoIds && <Videos videoIds={config.videoIds} />}
    </>
  );
}

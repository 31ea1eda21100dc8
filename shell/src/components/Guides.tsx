import type { AppConfig } from 'shared-ui';

/**
 * The guides the app configuration links (the gateway serves them at /guides/…: a plain link, which
 * downloads the PDF): the tutorials page and the overview list them. A guide without a link is left out.
 */
export function Guides({
  links,
  headingClassName = 'h4',
}: {
  links: AppConfig['links'];
  headingClassName?: string;
}) {
  const guides = [
    { href: links.popImplementationGuide, label: 'POP Implementation Guide' },
    { href: links.employeeQuickReferenceGuide, label: 'Employee Quick Reference Guide' },
  ].filter((guide) => guide.href);
  if (guides.length === 0) return null;
  return (
    <section aria-labelledby="guides-title" className="mb-4">
      <h2 id="guides-title" className={headingClassName}>
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

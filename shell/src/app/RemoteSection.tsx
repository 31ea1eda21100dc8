import { useEffect, useState } from 'react';
import { Spinner } from 'shared-ui/bootstrap';
import { useLocation } from 'shared-ui/router';
import { RemoteBoundary } from '../components/RemoteBoundary.js';
import { RemoteSlot } from '../components/RemoteSlot.js';
import { knownRemoteOfSection, remoteOfSection } from '../lib/federation.js';
import { NotFound } from 'shared-ui';

type Lookup = { section: string; attempt: number } & (
  { status: 'none' } | { status: 'failed'; error: unknown }
);

function Failed({ error }: { error: unknown }): never {
  throw error;
}

/**
 * A path outside the shell's own routes: the remote that owns its first segment renders it, as
 * `/remotes.json` says (each remote declares its sections when it is published), so a new section
 * ships with its remote alone. The remote's App is mounted at the root, so it matches the same full
 * paths inside the shell as on its standalone page. No owner: the kit's not-found page (the address
 * stays, so the person sees what they opened).
 */
export function RemoteSection() {
  const section = useLocation().pathname.split('/')[1] ?? '';
  const [attempt, setAttempt] = useState(0);
  const [lookup, setLookup] = useState<Lookup>();
  const [, setFound] = useState<string>();
  const known = knownRemoteOfSection(section);

  useEffect(() => {
    if (known) return undefined;
    let current = true;
    remoteOfSection(section).then(
      (owner) => {
        if (!current) return;
        if (owner) setFound(owner);
        else setLookup({ section, attempt, status: 'none' });
      },
      (error: unknown) => current && setLookup({ section, attempt, status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [section, attempt, known]);

  // Keyed by the remote: moving between its sections (/basket → /checkout) keeps its App mounted.
  if (known) return <RemoteSlot key={known} id={`${known}/App`} main />;
  if (lookup?.section === section && lookup.attempt === attempt) {
    if (lookup.status === 'none') return <NotFound />;
    return (
      <RemoteBoundary
        key={attempt}
        id={`/remotes.json (${section})`}
        onRetry={() => setAttempt((n) => n + 1)}
      >
        <Failed error={lookup.error} />
      </RemoteBoundary>
    );
  }
  return (
    <div className="d-inline-flex p-2">
      <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
    </div>
  );
}

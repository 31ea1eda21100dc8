/**
 * @jest-environment node
 */
// shared-ui's version moves with its API (README "Versions"): the shell's copy is the one every remote
// runs, and `publish-remote` compares versions, so an API change without a version change would let a
// remote that needs the new API onto a shell that lacks it.
import { describe, expect, it } from '@jest/globals';
import {
  checkProblem,
  currentApi,
  packageVersion,
  type PublicApi,
  readRecord,
  RECORD_COMMAND,
  type RecordedApi,
  recordProblem,
} from '../build/public-api.mjs';

describe("shared-ui's recorded API", () => {
  it('is the current one, at the current version (else bump the version and record it)', () => {
    // The message says what changed and the command that records it.
    expect(checkProblem(readRecord(), currentApi(), packageVersion())).toBeUndefined();
  }, 180_000);
});

describe('the version rule the check enforces', () => {
  const recorded: RecordedApi = {
    version: '1.2.0',
    fingerprint: 'a',
    modules: { 'src/index.d.ts': '1', 'src/format.d.ts': '2' },
    exports: { 'shared-ui': ['formatDate', 'formatMoney'], 'shared-ui/forms': ['TextField'] },
  };
  const changed = (change: Partial<PublicApi>): PublicApi => ({ ...recorded, fingerprint: 'b', ...change });

  it('fails a changed API at the same version, naming the change and the command to record it', () => {
    const signature = changed({ modules: { ...recorded.modules, 'src/format.d.ts': '3' } });
    const problem = checkProblem(recorded, signature, '1.2.0');
    expect(problem).toContain(
      "shared-ui's API changed since it was recorded at 1.2.0, but its version is 1.2.0",
    );
    expect(problem).toContain('declarations changed in src/format.d.ts');
    expect(problem).toContain(RECORD_COMMAND);
    expect(recordProblem(recorded, signature, '1.2.0')).toContain('Not recorded');
    // A bumped version is accepted by `record`, and the check asks for the record until it is made.
    expect(recordProblem(recorded, signature, '1.2.1')).toBeUndefined();
    expect(checkProblem(recorded, signature, '1.2.1')).toContain(RECORD_COMMAND);
  });

  it('passes only the recorded fingerprint at the recorded version', () => {
    expect(checkProblem(recorded, recorded, '1.2.0')).toBeUndefined();
    // A bump for a fix (same API) is recorded too, so the next API change needs its own bump.
    expect(checkProblem(recorded, recorded, '1.2.1')).toContain(RECORD_COMMAND);
    expect(checkProblem(recorded, recorded, '1.1.9')).toContain('below the recorded 1.2.0');
    expect(checkProblem(undefined, recorded, '1.2.0')).toContain(RECORD_COMMAND);
  });

  it('records a new export only with a minor bump and a removed one only with a major bump', () => {
    const added = changed({
      exports: { ...recorded.exports, 'shared-ui': ['formatDate', 'formatDateTime', 'formatMoney'] },
    });
    expect(checkProblem(recorded, added, '1.2.0')).toContain('at least minor');
    expect(checkProblem(recorded, added, '1.2.0')).toContain('shared-ui exports formatDateTime (new)');
    expect(recordProblem(recorded, added, '1.2.1')).toContain('is not a minor bump');
    expect(recordProblem(recorded, added, '1.3.0')).toBeUndefined();

    const removed = changed({ exports: { ...recorded.exports, 'shared-ui/forms': [] } });
    expect(checkProblem(recorded, removed, '1.2.0')).toContain('shared-ui/forms no longer exports TextField');
    expect(recordProblem(recorded, removed, '1.3.0')).toContain('is not a major bump');
    expect(recordProblem(recorded, removed, '2.0.0')).toBeUndefined();
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { createMailer } from './mailer.js';

describe('createMailer without SMTP_URL', () => {
  let dir = '';
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes each message to the outbox as an .eml file and logs where', async () => {
    dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const logged: object[] = [];
    const mailer = createMailer({
      outboxDir: join(dir, 'outbox'),
      from: 'POP <no-reply@example.com>',
      log: { info: (object) => logged.push(object) },
    });
    const sent = await mailer.send({ to: 'ann@example.com', subject: 'Hello', text: 'Passcode: 123456' });
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(sent.file).toBe(join(dir, 'outbox', files[0]!));
    const eml = await readFile(sent.file!, 'utf8');
    expect(eml).toContain('To: ann@example.com');
    expect(eml).toContain('Subject: Hello');
    expect(eml).toContain('Passcode: 123456');
    expect(logged).toEqual([{ to: 'ann@example.com', subject: 'Hello', file: sent.file }]);
  });
});

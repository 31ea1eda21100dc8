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

describe('createMailer with the service metrics', () => {
  it('counts each e-mail sent and each that failed', async () => {
    const { Metrics, metricSample } = await import('./metrics.js');
    const metrics = new Metrics('tiny', false);
    // Nothing listens on port 1: the SMTP connection is refused at once.
    const failing = createMailer({
      smtpUrl: 'smtp://127.0.0.1:1',
      outboxDir: '/nonexistent',
      from: 'POP <no-reply@example.com>',
      log: { info: () => undefined },
      metrics,
    });
    await expect(failing.send({ to: 'ann@example.com', subject: 'Hi', text: 'x' })).rejects.toThrow();
    failing.close();
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({
        outboxDir: dir,
        from: 'POP <no-reply@example.com>',
        log: { info: () => undefined },
        metrics,
      });
      await mailer.send({ to: 'ann@example.com', subject: 'Hi', text: 'x' });
      await mailer.send({ to: 'bob@example.com', subject: 'Hi', text: 'y' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const text = await metrics.text();
    expect(metricSample(text, 'mail_messages_total', { service: 'tiny', outcome: 'sent' })).toBe(2);
    expect(metricSample(text, 'mail_messages_total', { service: 'tiny', outcome: 'failed' })).toBe(1);
  });
});

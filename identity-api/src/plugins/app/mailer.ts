import fp from 'fastify-plugin';
import { createMailer, type Mailer } from 'service-kit/server';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** E-mail over SMTP_URL, or as .eml files in the outbox when it is unset (shared-domain's createMailer). */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer({
      smtpUrl: config.mail.smtpUrl,
      outboxDir: config.mail.outboxDir,
      from: config.mail.from,
      log: app.log,
      metrics: app.metrics,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);

import fp from 'fastify-plugin';
import { createMailer, type Mailer } from 'service-kit/server';
import type { Config } from '../../config.js';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** E-mail over SMTP_URL, or as .eml files in the outbox when it is unset (shared-domain's createMailer). */
export default fp<{ mail: Config['mail'] }>(
  async (app, { mail }) => {
    // Each send counted as sent or failed (`mail_messages_total`, README "Metrics").
    const mailer = createMailer({ ...mail, log: app.log, metrics: app.metrics });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);

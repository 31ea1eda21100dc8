import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The service's clock: the instant "today" is the product's day of (tests set it; shared-domain's time module reads it). */
    now(): Date;
  }
}

/** `app.now`: the one clock of the routes and the jobs, so a test can stand at 23:30 New York time on Dec 31. */
export default fp<{ now?: () => Date }>(
  async (app, { now }) => {
    app.decorate('now', now ?? (() => new Date()));
  },
  { name: 'clock' },
);

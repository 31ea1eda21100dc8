/** The part of a Fastify instance that serve() uses (kept structural: shared-domain does not depend on Fastify). */
export interface Servable {
  listen(options: { port: number; host: string }): Promise<string>;
  close(): PromiseLike<unknown>;
  log: { info(object: object, message: string): void; error(object: object, message: string): void };
}

/**
 * Starts a service: listens, and closes it cleanly (finishing requests, closing the database) on
 * SIGINT or SIGTERM. A service that cannot start is closed and the process exits 1.
 */
export async function serve(
  app: Servable,
  { port, host, name }: { port: number; host: string; name: string },
) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, `${name} shutting down`);
      Promise.resolve(app.close()).then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, `${name} shutdown failed`);
          process.exit(1);
        },
      );
    });
  }
  try {
    const address = await app.listen({ port, host });
    app.log.info({ address }, `${name} ready`);
  } catch (error) {
    app.log.error({ err: error }, `${name} failed to start`);
    await app.close();
    process.exit(1);
  }
}

import fp from 'fastify-plugin';

export interface Background {
  /** Runs `task` after the answer is sent; a failure is logged, never answered. */
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has finished (close, and tests). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

/**
 * Work whose duration or failure must not show in an answer: the password-reset request answers at
 * once and alike for every username, while the passcode is made and e-mailed here. Close waits for it.
 */
export default fp(
  async (app) => {
    const pending = new Set<Promise<unknown>>();
    const background: Background = {
      run(label, task) {
        const running: Promise<unknown> = Promise.resolve()
          .then(task)
          .catch((error: unknown) => app.log.error({ err: error }, `${label} failed`))
          .finally(() => pending.delete(running));
        pending.add(running);
      },
      async settled() {
        while (pending.size > 0) await Promise.allSettled([...pending]);
      },
    };
    app.decorate('background', background);
    app.addHook('onClose', () => background.settled());
  },
  { name: 'background' },
);

import { createDatabase, createMailer } from 'shared-domain/server';
import { jobHandlers } from './jobs/handlers.js';
import { JobRunner } from './jobs/runner.js';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { seedDemo } from './demo/seed.js';

export const USAGE = 'usage: node dist/cli.js <migrate|seed-demo|run-jobs>';
const COMMANDS = ['migrate', 'seed-demo', 'run-jobs'];

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The operator commands of `node dist/cli.js`: `migrate`; `seed-demo` (migrates, then adds the demo
 * data; refuses in production); `run-jobs` (migrates, then runs every job due now, once, and says
 * how many ran). Answers the process exit code.
 */
export async function runCommand(
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  output: CommandOutput = { log: console.log, error: console.error },
): Promise<number> {
  if (!command || !COMMANDS.includes(command)) {
    output.error(USAGE);
    return 1;
  }
  const config = loadConfig(env);
  if (command === 'seed-demo' && config.nodeEnv === 'production') {
    output.error('seed-demo refuses to run with NODE_ENV=production');
    return 1;
  }
  const db = createDatabase<Database>(config.databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    output.log(applied.length ? `migrated: ${applied.join(', ')}` : 'database is up to date');
    if (command === 'seed-demo') {
      await seedDemo(db);
      output.log('demo data seeded');
    }
    if (command === 'run-jobs') {
      const log = {
        info: (object: object, message: string) => output.log(`${message} ${JSON.stringify(object)}`),
        error: (object: object, message: string) => output.error(`${message} ${JSON.stringify(object)}`),
      };
      const mailer = createMailer({ ...config.mail, log });
      try {
        const ran = await new JobRunner({ db, handlers: jobHandlers({ db, mailer }), log }).runDue();
        output.log(`jobs run: ${ran}`);
      } finally {
        mailer.close();
      }
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

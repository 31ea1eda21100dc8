import { createDatabase } from 'shared-domain/server';
import { loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { seedDemo } from './demo/seed.js';

export const USAGE = 'usage: node dist/cli.js <migrate|seed-demo>';

export interface CommandOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The operator commands of `node dist/cli.js`: `migrate`, and `seed-demo` (migrates, then adds the
 * demo data; refuses in production). Answers the process exit code.
 */
export async function runCommand(
  command: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  output: CommandOutput = { log: console.log, error: console.error },
): Promise<number> {
  if (command !== 'migrate' && command !== 'seed-demo') {
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
    return 0;
  } finally {
    await db.destroy();
  }
}

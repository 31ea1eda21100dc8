import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { seedDemo } from './users/seed-demo.js';

const USAGE = 'usage: node dist/cli.js <migrate|seed-demo>';

/** `migrate` brings the schema up to date; `seed-demo` adds the demo accounts (never in production). */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const command = args[0];
  if (command !== 'migrate' && command !== 'seed-demo') {
    console.error(USAGE);
    return 1;
  }
  if (command === 'seed-demo' && env.NODE_ENV === 'production') {
    console.error('seed-demo refused: demo accounts are never created when NODE_ENV=production.');
    return 1;
  }
  const config = loadConfig(env);
  const db = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    if (command === 'migrate') {
      console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
      return 0;
    }
    const { created, existing } = await seedDemo(db);
    console.log(
      `demo accounts created: ${created.join(', ') || 'none'}; already present: ${existing.join(', ') || 'none'}`,
    );
    return 0;
  } finally {
    await db.destroy();
  }
}

// Run only as the entry point, so tests can import runCli.
if (import.meta.url === `file://${process.argv[1]}`) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

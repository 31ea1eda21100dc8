import { createDatabase, createMailer } from 'service-kit/server';
import { jobHandlers } from './jobs/handlers.js';
import type { PaymentGateway } from './payments/gateway.js';
import { paymentGatewayOf } from './payments/adapter.js';
import { identityClient, type IdentityDirectory } from './plugins/app/identity.js';
import { enqueueReminderScan } from './reminders/schedule.js';
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

/** identity-api as the service reaches it; without a secret (production) a call says what is missing. */
function identityOf(config: ReturnType<typeof loadConfig>): IdentityDirectory {
  const secret = config.cartApiClientSecret;
  if (secret) {
    return identityClient({
      issuer: config.identityIssuer,
      identityUrl: config.identityUrl,
      clientId: config.cartApiClientId,
      clientSecret: secret,
    });
  }
  const refuse = () => Promise.reject(new Error('CART_API_CLIENT_SECRET is required to reach identity-api'));
  return {
    lookupUsers: refuse,
    inviteUser: refuse,
    linkedUsers: refuse,
    referralIds: refuse,
    foundBy: refuse,
  };
}

/**
 * The processor the settlement jobs ask (`run-jobs`), as the service chooses it (`paymentGatewayOf`).
 * The sandbox reads a transaction's state from its id, so a separate process answers as the service
 * would. Without one (PAYMENT_GATEWAY unset in production) the settlement jobs are not claimed: they
 * wait for the service, which has one.
 */
function paymentsOf(
  config: ReturnType<typeof loadConfig>,
  output: CommandOutput,
): PaymentGateway | undefined {
  try {
    return paymentGatewayOf(config.payments);
  } catch (error) {
    output.log(`settlement jobs left for the service: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * The operator commands of `node dist/cli.js`: `migrate`; `seed-demo` (migrates, then adds the demo
 * data; refuses in production); `run-jobs` (migrates, queues today's reminder scan unless it ran,
 * then runs every job due now, once, and says how many ran). Answers the process exit code.
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
        const payments = paymentsOf(config, output);
        const deps = {
          db,
          mailer,
          identity: identityOf(config),
          appUrl: config.appUrl,
          ...(payments && { settlement: { payments, checkEveryMs: config.jobs.settlementCheckMs } }),
        };
        await enqueueReminderScan(db, new Date());
        const ran = await new JobRunner({ db, handlers: jobHandlers(deps), log }).runDue();
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

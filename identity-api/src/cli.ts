import { parseArgs } from 'node:util';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Db } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { rotateKeys, rotationPolicy } from './oidc/keys.js';
import { loginLink } from './oidc/login-tokens.js';
import { inviteUser } from './users/invite.js';
import { seedDemo } from './users/seed-demo.js';
import { expirePassword, UsernameTakenError } from './users/users.js';

/** What a command gets: the migrated database, the configuration, its own arguments. */
interface CommandContext {
  db: Db;
  config: Config;
  args: string[];
  /** The migrations runCli has just applied. */
  applied: string[];
}

interface Command {
  usage: string;
  /** Refused with this message when NODE_ENV=production, before the database is opened. */
  refusedInProduction?: string;
  /** Answers the exit code; prints its result with console.log, problems with console.error. */
  run(context: CommandContext): Promise<number>;
}

/** `rotate-keys`' exit code when it rotated nothing (too early, or another instance just did). */
export const NOT_ROTATED = 2;

/** The operator commands of `node dist/cli.js`. Add one here; runCli does the rest. */
const COMMANDS: Record<string, Command> = {
  migrate: {
    usage: 'migrate',
    // runCli migrates before every command; this one only says what it did.
    async run({ applied }) {
      console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database is up to date');
      return 0;
    },
  },
  'seed-demo': {
    usage: 'seed-demo',
    refusedInProduction: 'seed-demo refused: demo accounts are never created when NODE_ENV=production.',
    async run({ db }) {
      const { created, existing } = await seedDemo(db);
      console.log(
        `demo accounts created: ${created.join(', ') || 'none'}; already present: ${existing.join(', ') || 'none'}`,
      );
      return 0;
    },
  },
  'invite-user': {
    usage: 'invite-user --username U --email E --first F --last L --role broker [--company C]',
    async run({ db, config, args }) {
      const { values } = parseArgs({
        args,
        options: Object.fromEntries(
          ['username', 'email', 'first', 'last', 'role', 'company'].map((name) => [name, { type: 'string' }]),
        ) as Record<string, { type: 'string' }>,
      });
      try {
        const invited = await inviteUser(db, config, values);
        if (!invited.ok) {
          invited.errors.forEach((error) => console.error(error));
          return 1;
        }
        // The link alone on stdout, so a script can capture it.
        console.log(invited.url);
        return 0;
      } catch (error) {
        if (!(error instanceof UsernameTakenError)) throw error;
        console.error(`The username ${values.username} is already taken.`);
        return 1;
      }
    },
  },
  'expire-password': {
    usage: 'expire-password <username>',
    async run({ db, args }) {
      const [username] = args;
      if (!username || args.length !== 1) return usageError('expire-password');
      if (!(await expirePassword(db, username))) {
        console.error(`No user ${username}.`);
        return 1;
      }
      console.log(`The password of ${username} has expired; the next sign-in asks for a new one.`);
      return 0;
    },
  },
  'issue-login-token': {
    usage: 'issue-login-token <username>',
    async run({ db, config, args }) {
      const [username] = args;
      if (!username || args.length !== 1) return usageError('issue-login-token');
      const link = await loginLink(db, config, username);
      if (!link) {
        console.error(`No user ${username}.`);
        return 1;
      }
      // The single-use link alone on stdout (`${APP_URL}/auth?token=…`), so a script can capture it.
      console.log(link);
      return 0;
    },
  },
  'rotate-keys': {
    usage: 'rotate-keys',
    async run({ db, config, args }) {
      if (args.length > 0) return usageError('rotate-keys');
      const outcome = await rotateKeys(db, rotationPolicy(config), { now: new Date() });
      if (!outcome.rotated && outcome.reason === 'next-too-young') {
        console.error(
          `Not rotated: the next signing key ${outcome.set.signing.next.kid} is not yet known everywhere ` +
            `(every instance and cart-api may take KEY_RELOAD_MS plus 30 s to see it). ` +
            `Run again from ${outcome.eligibleAt.toISOString()}.`,
        );
        return NOT_ROTATED;
      }
      if (!outcome.rotated) {
        console.error(
          `Not rotated: another instance rotated at the same moment; the current signing key is ${outcome.set.signing.current.kid}.`,
        );
        return NOT_ROTATED;
      }
      const { set, retiring } = outcome;
      const until = (kind: 'signing' | 'cookie') =>
        set[kind].retiring.find((key) => key.kid === retiring[kind].kid)?.retireAfter?.toISOString();
      // The new current kid alone on the first line, so a script can capture it.
      console.log(set.signing.current.kid);
      console.log(`retiring signing key ${retiring.signing.kid}: verifies until ${until('signing')}`);
      console.log(`retiring cookie key ${retiring.cookie.kid}: verifies until ${until('cookie')}`);
      console.log(
        `next signing key ${set.signing.next.kid} published; running instances apply the new keys within ${config.keys.reloadMs} ms.`,
      );
      return 0;
    },
  },
};

export const USAGE = [
  'usage: node dist/cli.js <command>',
  ...Object.values(COMMANDS).map((command) => `  ${command.usage}`),
].join('\n');

function usageError(name: string): number {
  console.error(`usage: node dist/cli.js ${COMMANDS[name]?.usage ?? name}`);
  return 1;
}

/**
 * Runs one command against DATA_DIR / DATABASE_URL, like the server: the schema is brought up to date
 * first. Answers the exit code; an argument error (parseArgs) is a usage error.
 */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [name, ...rest] = args;
  const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(USAGE);
    return 1;
  }
  if (command.refusedInProduction && env.NODE_ENV === 'production') {
    console.error(command.refusedInProduction);
    return 1;
  }
  const config = loadConfig(env);
  const db = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    return await command.run({ db, config, args: rest, applied });
  } catch (error) {
    if (isParseArgsError(error)) {
      console.error(error.message);
      return usageError(name as string);
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

// By its code: Node's own errors may come from another realm (instanceof Error can fail under Jest).
function isParseArgsError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
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

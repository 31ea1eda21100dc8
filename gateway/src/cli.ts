import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, databaseUrlOf, repoDir, shellDirOf } from './config.js';
import { openGatewayDatabase, type GatewayDb } from './db/index.js';
import { listRemotes, publishRemote, RegistryError, rollbackRemote } from './lib/remote-registry.js';

const USAGE = `Usage:
  node dist/cli.js publish-remote <package> [--dist <dir>]   publish <repo>/<package>/dist (or --dist)
  node dist/cli.js rollback-remote <package> <version>        point the registry at a published version
  node dist/cli.js list-remotes                              list published versions
Environment: DATABASE_URL (the gateway's database: postgres://… or a SQLite file, default
  $DATA_DIR/gateway.sqlite, DATA_DIR default ./data), SHELL_DIR (the deployed shell build, default
  <repo>/shell/dist: its pop-shell.json names the shared singleton versions a remote must match)`;

interface PackageJson {
  version?: string;
  pop?: { sections?: string[] };
}

function packageJson(packageName: string): PackageJson {
  const file = join(repoDir, packageName, 'package.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/**
 * Runs one registry command against the database the server reads (DATA_DIR / DATABASE_URL; only
 * those and SHELL_DIR: no session secret is generated for a publish), its schema brought up to date
 * first. Refusals throw ConfigError (usage) or RegistryError; the entry point prints them, exit code 1.
 */
export async function runCli(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { dist: { type: 'string' } },
  });
  const [command, packageName, version] = positionals;
  // A usage error opens (and creates) no database.
  const usable =
    command === 'list-remotes' ||
    (command === 'publish-remote' && packageName) ||
    (command === 'rollback-remote' && packageName && version);
  if (!usable) throw new ConfigError(USAGE);
  const db = await openGatewayDatabase(databaseUrlOf(env));
  try {
    await runCommand(db, { command, packageName, version, dist: values.dist }, env, out);
  } finally {
    await db.destroy();
  }
}

async function runCommand(
  db: GatewayDb,
  {
    command,
    packageName,
    version,
    dist,
  }: Record<'command' | 'packageName' | 'version' | 'dist', string | undefined>,
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
): Promise<void> {
  switch (command) {
    case 'publish-remote': {
      if (!packageName) throw new ConfigError(USAGE);
      const distDir = resolve(dist ?? join(repoDir, packageName, 'dist'));
      const pkg = packageJson(packageName);
      const result = await publishRemote(db, {
        packageName,
        distDir,
        packageVersion: pkg.version || '0.0.0',
        shellDir: shellDirOf(env),
        // Only for a build made before builds emitted pop-remote.json.
        ...(pkg.pop?.sections ? { sections: pkg.pop.sections } : {}),
      });
      const sections = result.sections.join(', ') || 'none';
      out(
        `${packageName} ${result.version} ${result.copied ? 'published' : 'already published'} (sections: ${sections}); registry now points at it`,
      );
      return;
    }
    case 'rollback-remote': {
      if (!packageName || !version) throw new ConfigError(USAGE);
      await rollbackRemote(db, packageName, version, shellDirOf(env));
      out(`${packageName} now points at ${version}`);
      return;
    }
    case 'list-remotes': {
      for (const remote of await listRemotes(db)) {
        out(`${remote.packageName}`);
        for (const published of remote.versions)
          out(`  ${published === remote.current ? '*' : ' '} ${published}`);
      }
      return;
    }
    default:
      throw new ConfigError(USAGE);
  }
}

const invokedDirectly =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].split('/').pop()!);
if (invokedDirectly) {
  try {
    await runCli(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RegistryError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

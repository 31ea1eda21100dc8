import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, repoDir } from './config.js';
import { listRemotes, publishRemote, RegistryError, rollbackRemote } from './lib/remote-registry.js';

const USAGE = `Usage:
  node dist/cli.js publish-remote <package> [--dist <dir>]   publish <repo>/<package>/dist (or --dist)
  node dist/cli.js rollback-remote <package> <version>        point the registry at a published version
  node dist/cli.js list-remotes                              list published versions
Environment: REMOTES_DIR (default $DATA_DIR/remotes, DATA_DIR default ./data),
  SHELL_DIR (the deployed shell build, default <repo>/shell/dist: its pop-shell.json names the
  shared singleton versions a remote must match)`;

/** Only what the registry commands need: no session secret is generated for a publish. */
function remotesDir(env: NodeJS.ProcessEnv): string {
  return resolve(env.REMOTES_DIR || join(resolve(env.DATA_DIR || './data'), 'remotes'));
}

/** The shell the gateway serves (the same default as config.ts): remotes must match its singletons. */
function shellDir(env: NodeJS.ProcessEnv): string {
  return resolve(env.SHELL_DIR || join(repoDir, 'shell', 'dist'));
}

interface PackageJson {
  version?: string;
  pop?: { sections?: string[] };
}

function packageJson(packageName: string): PackageJson {
  const file = join(repoDir, packageName, 'package.json');
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

export function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out = console.log): void {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { dist: { type: 'string' } },
  });
  const [command, packageName, version] = positionals;
  const dir = remotesDir(env);
  switch (command) {
    case 'publish-remote': {
      if (!packageName) throw new ConfigError(USAGE);
      const distDir = resolve(values.dist ?? join(repoDir, packageName, 'dist'));
      const pkg = packageJson(packageName);
      const result = publishRemote({
        remotesDir: dir,
        packageName,
        distDir,
        packageVersion: pkg.version || '0.0.0',
        shellDir: shellDir(env),
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
      rollbackRemote(dir, packageName, version, shellDir(env));
      out(`${packageName} now points at ${version}`);
      return;
    }
    case 'list-remotes': {
      for (const remote of listRemotes(dir)) {
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
    runCli(process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError || error instanceof RegistryError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

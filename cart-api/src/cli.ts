import { runCommand } from './commands.js';

// `node dist/cli.js migrate` | `node dist/cli.js seed-demo`
runCommand(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

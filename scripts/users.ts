import { usersCli } from '../src/server/users-cli.ts';

// npm run users -- add EMAIL --role ROLE[@ENV] ... --password-env VAR | list | disable EMAIL | set-role EMAIL --role ... | unlock EMAIL
// (docs/decisions.md D16; no arguments for the usage).

process.exitCode = await usersCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.info(line),
  err: (line) => console.error(line),
});

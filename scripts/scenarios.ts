import { main } from './scenarios-cli.ts';

// npm run scenarios -- --base-url URL [--token-env VAR] [--only ID,...] [--report DIR] [--interactive]
// (docs/decisions.md D14; `--help` for the options).

process.exitCode = await main(process.argv.slice(2), { env: process.env, stderr: process.stderr, stdin: process.stdin });
// stdin is only read with --interactive; without this a terminal's stdin would keep the process alive.
process.stdin.unref();

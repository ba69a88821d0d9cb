import { main } from './scenarios-cli.ts';

// npm run scenarios -- --base-url URL [--token-env VAR] [--only ID,...] [--report DIR] [--interactive]
// (docs/decisions.md D14; `--help` for the options).

process.exitCode = await main(process.argv.slice(2), { env: process.env, stderr: process.stderr, stdin: process.stdin });
// stdin is only read with --interactive; without this a terminal's or a pipe's stdin would keep the process
// alive. A file or /dev/null (CI, cron, `docker run` without -i) is an fs stream with no unref, and keeps
// nothing alive: calling it there threw after the summary and turned every exit status into 1.
const stdin: { unref?: unknown } = process.stdin;
if (typeof stdin.unref === 'function') process.stdin.unref();

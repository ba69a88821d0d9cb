import { indexCli } from '../src/server/order-index/index-cli.ts';

// npm run index -- import FILE --env ID (docs/order-index.md; no arguments for the usage).

process.exitCode = await indexCli(process.argv.slice(2), {
  env: process.env,
  out: (line) => console.info(line),
  err: (line) => console.error(line),
});

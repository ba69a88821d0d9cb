import { main } from './audit-cli.ts';

// npm run audit -- verify (docs/decisions.md D16; scripts/audit-cli.ts).

process.exitCode = await main(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr });

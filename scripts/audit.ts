import { keepWasmOnBaselineCompiler } from '../src/db/pglite-baseline.ts';
import { main } from './audit-cli.ts';

// npm run audit -- verify (docs/decisions.md D16; scripts/audit-cli.ts).

// One pass over the chain, then exit: the embedded database's code stays on V8's baseline compiler
// (src/db/pglite-baseline.ts; 2.2 s less CPU a run).
keepWasmOnBaselineCompiler();
process.exitCode = await main(process.argv.slice(2), { env: process.env, stdout: process.stdout, stderr: process.stderr });

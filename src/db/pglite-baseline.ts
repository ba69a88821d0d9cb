import { setFlagsFromString } from 'node:v8';

// PGlite is PostgreSQL compiled to WebAssembly. V8 compiles it at once with its baseline compiler
// (Liftoff), then recompiles each function that turns hot with its optimising one (TurboFan), on a
// background thread. Opening a database runs enough of PostgreSQL (recovery, the catalogue, the
// migrations) that seconds of CPU of recompiling follow every process that opens one, whether it
// then runs one query or a million. A server under load earns it back: on the optimised code a create
// costs less CPU (`npm run bench -- sandbox`, server CPU a request). A process that lives for seconds
// (a CLI run, a test's server) does not: on a 2-core machine that is one core busy each time, and the
// process's exit waits for it. So servers keep V8's default and `EMBEDDED_DB_COMPILER=baseline` (the
// unit tests, short-lived commands) keeps the code on the baseline compiler. Same results either way:
// only which compiler turns the same WebAssembly into machine code differs. The end-to-end suite's
// servers serve for minutes and keep the default. The figures: docs/performance.md.

export const COMPILER_ENV = 'EMBEDDED_DB_COMPILER';

let baseline = false;

/** Keeps this process's WebAssembly on V8's baseline compiler; effective for modules compiled after it. */
export function keepWasmOnBaselineCompiler(): void {
  if (baseline) return;
  baseline = true;
  // Read when a module is compiled, so set before PGlite compiles its own (the process runs no other).
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/** Before opening an embedded database: what EMBEDDED_DB_COMPILER asks for (unset: V8's default). */
export function applyEmbeddedDbCompiler(env: NodeJS.ProcessEnv = process.env): void {
  const value = env[COMPILER_ENV] ?? '';
  if (value === '' || value === 'optimizing') return;
  if (value !== 'baseline') throw new Error(`${COMPILER_ENV} must be "baseline" or "optimizing", not ${JSON.stringify(value.slice(0, 40))}`);
  keepWasmOnBaselineCompiler();
}

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { keepWasmOnBaselineCompiler } from '../src/db/pglite-baseline.ts';
import { startServer } from '../src/server/server.ts';
import { main } from './scenarios-cli.ts';

// npm test's last stage: the whole catalogue, from the command line, against a sandbox started here
// (in memory, a free port, a random token). The report stays in test-results/scenarios/ for CI to
// keep; its path is printed. The run fails if the token shows up in any report file.

const REPORT_DIR = process.env['SCENARIOS_REPORT_DIR'] ?? 'test-results/scenarios';
const TOKEN_ENV = 'SCENARIOS_SANDBOX_TOKEN';

const started = performance.now();
// A sandbox for one run of seconds: its database stays on V8's baseline compiler (src/db/pglite-baseline.ts).
keepWasmOnBaselineCompiler();
const token = `scn-${randomBytes(16).toString('hex')}`;
const sandbox = await startServer({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: [token], log: () => undefined });
let code: number;
try {
  code = await main(['--base-url', sandbox.url, '--token-env', TOKEN_ENV, '--report', REPORT_DIR], {
    env: { ...process.env, [TOKEN_ENV]: token },
    stderr: process.stderr,
  });
} finally {
  await sandbox.close();
}
if (code !== 2) {
  for (const file of ['report.html', 'report.json', 'junit.xml']) {
    const text = await readFile(`${REPORT_DIR}/${file}`, 'utf8');
    if (text.includes(token)) {
      console.error(`scenarios: the token appears in ${REPORT_DIR}/${file}`);
      code = 1;
    }
  }
}
console.info(`scenarios: whole catalogue against a fresh sandbox in ${((performance.now() - started) / 1000).toFixed(1)} s (sandbox start included)`);
process.exitCode = code;

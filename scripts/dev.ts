// `npm run dev`: the sandbox in watch mode beside Vite's dev server (HMR), which proxies /psp,
// /sandbox and /openapi.json to it, so the console is same-origin as in `npm start`.
import { spawn } from 'node:child_process';
import { createServer } from 'vite';

const sandboxPort = process.env['SANDBOX_PORT'] ?? '8081';
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;

const sandbox = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  // Its own data directory: two processes must never share one, and `npm start` may be running too.
  env: { SANDBOX_DB: '.data/sandbox-dev', ...process.env, PORT: sandboxPort, HOST: '127.0.0.1' },
});

process.env['SANDBOX_URL'] = sandboxUrl;
const vite = await createServer({ server: { port: Number(process.env['PORT'] ?? 5173), strictPort: false } });
await vite.listen();
vite.printUrls();
console.info(`Sandbox API proxied to ${sandboxUrl} (development token: dev-token)`);

const stop = async () => {
  sandbox.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import type { PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './src/testing/browser.ts';
import { FAULT_TOKENS } from './e2e/support/faults.ts';
import { DEV_TOKEN, E2E_TEAM_SECRET_KEY, E2E_TEAM_TOTP_KEY, resolveTarget, SHORT_APPROVAL_TTL, TEAM_SANDBOX_TOKEN, TEAM_USER } from './e2e/support/target.ts';

// The end-to-end suite: e2e/README.md says how to run it and against what.

const CI = process.env['CI'] !== undefined && process.env['CI'] !== '' && process.env['CI'] !== 'false';

function configure(): PlaywrightTestConfig {
  const target = resolveTarget();
  const launchOptions = chromiumLaunchOptions();

  // npm start's one process (console + sandbox), built once. The second server differs only in the
  // shape of errors inside arrays (DRF 3.18's {"items": {"1": {...}}}); it serves the same build. The
  // third is `ORDER_SERVICE_URL=… npm start`: proxy mode in front of the first, as a real service.
  const server = 'node --import tsx src/server/main.ts';
  const common = { HOST: '127.0.0.1', SANDBOX_DB: ':memory:' };
  const webServer: PlaywrightTestConfig['webServer'] =
    target.local && target.indexShapeBaseURL !== null && target.proxyBaseURL !== null && target.teamBaseURL !== null && target.teamShortTtlBaseURL !== null && target.oidcBaseURL !== null && target.oidcIssuerURL !== null
      ? [
          {
            name: 'console+sandbox',
            command: `npm run build --silent && ${server}`,
            url: `${target.baseURL}/openapi.json`,
            // The fault specs' tokens beside the shared one: an armed fault hits only its own token's calls.
            env: { ...common, PORT: new URL(target.baseURL).port, SANDBOX_ARRAY_ERRORS: 'list', SANDBOX_TOKENS: [DEV_TOKEN, ...FAULT_TOKENS].join(',') },
            reuseExistingServer: !CI,
            timeout: 180_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
          {
            name: 'sandbox-index-errors',
            command: server,
            url: `${target.indexShapeBaseURL}/openapi.json`,
            env: { ...common, PORT: new URL(target.indexShapeBaseURL).port, SANDBOX_ARRAY_ERRORS: 'index' },
            reuseExistingServer: !CI,
            timeout: 120_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
          {
            name: 'proxy-to-sandbox',
            command: server,
            url: `${target.proxyBaseURL}/openapi.json`,
            env: { HOST: '127.0.0.1', PORT: new URL(target.proxyBaseURL).port, ORDER_SERVICE_URL: target.baseURL },
            reuseExistingServer: !CI,
            timeout: 120_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
          {
            // Team mode (issue 25, D16): a fresh console database with an agent, a viewer, two approvers and an
            // admin (the users page), made in the server's process (e2e/support/team-console.ts), the embedded
            // sandbox's token only in this server's environment.
            name: 'team-console',
            command: 'node --import tsx e2e/support/team-console.ts',
            url: `${target.teamBaseURL}/openapi.json`,
            env: {
              ...common,
              PORT: new URL(target.teamBaseURL).port,
              SANDBOX_TOKENS: TEAM_SANDBOX_TOKEN,
              CONSOLE_AUTH: 'local',
              // The sandbox with an approval threshold of 100.00 (D17): e2e/team-approvals.spec.ts refunds over it.
              CONSOLE_ENVIRONMENTS: 'e2e/support/team-environments.json',
              CONSOLE_DB: join(tmpdir(), `order-console-e2e-team-${new URL(target.teamBaseURL).port}`),
              E2E_TEAM_PASSWORD: TEAM_USER.password,
              // Its many specs sign approvers and the admin in: no second factor required here (the short-TTL console requires one).
              CONSOLE_MFA_REQUIRED_FOR: 'none',
              CONSOLE_SECRET_KEY: E2E_TEAM_SECRET_KEY,
            },
            reuseExistingServer: !CI,
            timeout: 180_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
          {
            // Team mode whose refund requests expire after 3 s (D17, CONSOLE_APPROVAL_TTL), the same accounts
            // (e2e/support/team-console.ts), for team-approvals-expiry.spec.ts, and the second-factor
            // policy's hold (team-mfa-policy.spec.ts).
            name: 'team-console-short-ttl',
            command: 'node --import tsx e2e/support/team-console.ts',
            url: `${target.teamShortTtlBaseURL}/openapi.json`,
            env: {
              ...common,
              PORT: new URL(target.teamShortTtlBaseURL).port,
              SANDBOX_TOKENS: TEAM_SANDBOX_TOKEN,
              CONSOLE_AUTH: 'local',
              CONSOLE_ENVIRONMENTS: 'e2e/support/team-environments.json',
              CONSOLE_APPROVAL_TTL: SHORT_APPROVAL_TTL,
              CONSOLE_DB: join(tmpdir(), `order-console-e2e-team-ttl-${new URL(target.teamShortTtlBaseURL).port}`),
              E2E_TEAM_PASSWORD: TEAM_USER.password,
              // The default policy (docs/accounts.md): its approvers have an authenticator app the fixtures know.
              CONSOLE_MFA_REQUIRED_FOR: 'approver,admin',
              CONSOLE_SECRET_KEY: E2E_TEAM_SECRET_KEY,
              E2E_TEAM_TOTP_KEY,
            },
            reuseExistingServer: !CI,
            timeout: 120_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
          {
            // Team mode with CONSOLE_AUTH=oidc (issue 25): a real OpenID provider started in the same
            // process (e2e/support/oidc-console.ts) with an agent and a viewer; roles from its claim.
            name: 'team-console-oidc',
            command: 'node --import tsx e2e/support/oidc-console.ts',
            url: `${target.oidcBaseURL}/openapi.json`,
            env: { ...common, PORT: new URL(target.oidcBaseURL).port, OIDC_PROVIDER_PORT: new URL(target.oidcIssuerURL).port, SANDBOX_TOKENS: TEAM_SANDBOX_TOKEN, CONSOLE_DB: ':memory:' },
            reuseExistingServer: !CI,
            timeout: 120_000,
            stdout: 'ignore',
            gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
          },
        ]
      : undefined;

  return {
    testDir: 'e2e',
    fullyParallel: true,
    forbidOnly: CI,
    retries: CI ? 1 : 0,
    workers: CI ? 2 : undefined,
    timeout: 45_000,
    expect: { timeout: 10_000 },
    reporter: [[CI ? 'line' : 'list'], ['html', { open: 'never' }]],
    use: {
      baseURL: target.baseURL,
      trace: 'on-first-retry',
      screenshot: 'only-on-failure',
      locale: 'en-GB',
      timezoneId: 'Europe/Prague',
      viewport: { width: 1366, height: 900 },
      actionTimeout: 10_000,
      navigationTimeout: 20_000,
    },
    projects: [{ name: 'chromium', use: { browserName: 'chromium', launchOptions } }],
    ...(webServer !== undefined && { webServer }),
  };
}

function failInOneLine(error: unknown): never {
  // A missing browser or a bad variable is a setup problem: one clear line, no stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let config: PlaywrightTestConfig;
try {
  config = configure();
} catch (error) {
  failInOneLine(error);
}

export default defineConfig(config);

import { execFileSync } from 'node:child_process';

// Which environment the suite runs against. Read by playwright.config.ts (in the runner) and by the
// fixtures (in every worker), so both must reach the same answer: a port picked here is written back
// to process.env, and the workers Playwright forks afterwards inherit it.

export const DEV_TOKEN = 'dev-token';

export interface Target {
  /** Where the console and the Order Service API are served (same origin, as `npm start` serves them). */
  baseURL: string;
  token: string;
  /** True when the suite starts the servers itself (Playwright's webServer). */
  local: boolean;
  /** A second local server answering errors inside arrays in DRF 3.18's index shape; null otherwise. */
  indexShapeBaseURL: string | null;
  /** A third local server in proxy mode (ORDER_SERVICE_URL) in front of the first one; null otherwise. */
  proxyBaseURL: string | null;
  /** A fourth local server in team mode (CONSOLE_AUTH=local); null otherwise. */
  teamBaseURL: string | null;
  /** Team mode with a short CONSOLE_APPROVAL_TTL (e2e/support/team-console.ts), for the expiry of requests (D17). */
  teamShortTtlBaseURL: string | null;
  /** Team mode signing in with OpenID Connect at a test provider (e2e/support/oidc-console.ts). */
  oidcBaseURL: string | null;
  /** Its OpenID provider (the issuer). */
  oidcIssuerURL: string | null;
}

/** Team mode's embedded sandbox token: only the console's server may ever hold it (e2e/team-mode.spec.ts). */
export const TEAM_SANDBOX_TOKEN = 'team-e2e-sandbox-token-6c0d41f9b2';
export const TEAM_USER = { email: 'agent@example.com', password: 'team-e2e-password-31415' } as const;
/** A second account of the team console, a viewer everywhere (same password variable). */
export const TEAM_VIEWER = { email: 'viewer@example.com', password: TEAM_USER.password } as const;
/** An admin of the whole console (the users page, the audit log); same password variable. */
export const TEAM_ADMIN = { email: 'admin@example.com', password: TEAM_USER.password } as const;
/** Two approvers (D17): one asks for a refund over the threshold, the other approves it. */
export const TEAM_APPROVERS = [
  { email: 'approver@example.com', password: TEAM_USER.password },
  { email: 'approver2@example.com', password: TEAM_USER.password },
] as const;

/**
 * Accounts of the team consoles that one spec each changes (docs/accounts.md), so no other spec sees
 * them change: a password reset by link, and so on. Agents, same password variable.
 */
export const TEAM_ACCOUNT_SPECS = {
  reset: { email: 'reset-me@example.com', password: TEAM_USER.password, role: 'agent' },
  totp: { email: 'totp-me@example.com', password: TEAM_USER.password, role: 'agent' },
  passkey: { email: 'passkey-me@example.com', password: TEAM_USER.password, role: 'agent' },
  /** An approver with no second factor: held at enrolment where the policy needs one (the short-TTL console). */
  heldApprover: { email: 'held-approver@example.com', password: TEAM_USER.password, role: 'approver' },
} as const;

/**
 * CONSOLE_MFA_REQUIRED_FOR of the team consoles: none on the main one, whose many specs sign approvers and
 * the admin in; the default (approver, admin) on the short-TTL one, whose approvers have an authenticator
 * app with this setup key (e2e/support/team-console.ts), and whose held approver has none.
 */
export const E2E_TEAM_TOTP_KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** CONSOLE_SECRET_KEY of the team consoles: the fixture seals the approvers' TOTP secrets under it. */
export const E2E_TEAM_SECRET_KEY = 'team-e2e-secret-key-of-at-least-32-chars';

/** CONSOLE_APPROVAL_TTL of the team console for expiry (playwright.config.ts): short, so a request expires within a test. */
export const SHORT_APPROVAL_TTL = '3s';

export class TargetError extends Error {
  override name = 'TargetError';
}

/** A port nobody listens on right now, found synchronously (the config cannot await). */
function freePort(avoid: ReadonlySet<number>): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = Number.parseInt(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }), 10);
    if (Number.isInteger(port) && port > 0 && !avoid.has(port)) return port;
  }
  throw new TargetError('e2e: could not find a free port on 127.0.0.1');
}

function portFrom(env: NodeJS.ProcessEnv, name: string, avoid: ReadonlySet<number>): number {
  const text = env[name]?.trim();
  if (text === undefined || text === '') {
    const port = freePort(avoid);
    env[name] = String(port);
    return port;
  }
  const port = /^[0-9]{1,5}$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  if (!(port > 0 && port <= 65_535)) throw new TargetError(`e2e: ${name} must be a port number, got "${text}"`);
  return port;
}

/**
 * E2E_BASE_URL (+ E2E_TOKEN): an environment that is already running (a shared sandbox, staging).
 * Otherwise three local servers on free ports (E2E_PORT / E2E_INDEX_PORT / E2E_PROXY_PORT pin them).
 */
export function resolveTarget(env: NodeJS.ProcessEnv = process.env): Target {
  const external = env['E2E_BASE_URL']?.trim();
  if (external !== undefined && external !== '') {
    if (!/^https?:\/\/[^/]/i.test(external)) throw new TargetError(`e2e: E2E_BASE_URL must be an http(s) URL, got "${external}"`);
    const token = env['E2E_TOKEN']?.trim() ?? '';
    if (token === '') throw new TargetError('e2e: E2E_BASE_URL is set but E2E_TOKEN is not: give the token of that environment');
    return { baseURL: external.replace(/\/+$/, ''), token, local: false, indexShapeBaseURL: null, proxyBaseURL: null, teamBaseURL: null, teamShortTtlBaseURL: null, oidcBaseURL: null, oidcIssuerURL: null };
  }
  const port = portFrom(env, 'E2E_PORT', new Set());
  const indexPort = portFrom(env, 'E2E_INDEX_PORT', new Set([port]));
  const proxyPort = portFrom(env, 'E2E_PROXY_PORT', new Set([port, indexPort]));
  const teamPort = portFrom(env, 'E2E_TEAM_PORT', new Set([port, indexPort, proxyPort]));
  const oidcPort = portFrom(env, 'E2E_OIDC_PORT', new Set([port, indexPort, proxyPort, teamPort]));
  const issuerPort = portFrom(env, 'E2E_OIDC_ISSUER_PORT', new Set([port, indexPort, proxyPort, teamPort, oidcPort]));
  const shortTtlPort = portFrom(env, 'E2E_TEAM_TTL_PORT', new Set([port, indexPort, proxyPort, teamPort, oidcPort, issuerPort]));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    token: DEV_TOKEN,
    local: true,
    indexShapeBaseURL: `http://127.0.0.1:${indexPort}`,
    proxyBaseURL: `http://127.0.0.1:${proxyPort}`,
    teamBaseURL: `http://127.0.0.1:${teamPort}`,
    teamShortTtlBaseURL: `http://127.0.0.1:${shortTtlPort}`,
    oidcBaseURL: `http://127.0.0.1:${oidcPort}`,
    oidcIssuerURL: `http://127.0.0.1:${issuerPort}`,
  };
}

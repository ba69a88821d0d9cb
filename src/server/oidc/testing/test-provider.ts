import type { KeyObject } from 'node:crypto';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import Provider from 'oidc-provider';
import { memoryAdapter } from './memory-adapter.ts';

// A real OpenID provider (oidc-provider) on 127.0.0.1 for tests: Vitest drives it with fetch
// (`authorizeAt`), Playwright with the browser (a one-field login page). Not a mock: discovery, the
// authorization endpoint, PKCE, the token endpoint and signed ID tokens are the library's.

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface TestAccount {
  /** The subject (`sub`) and the name typed on the login page. */
  sub: string;
  /** Released in the ID token (and userinfo) with the `openid` scope, e.g. email, name, roles. */
  claims: Record<string, unknown>;
  /** How the login page says they signed in: the ID token's `amr` (RFC 8176), e.g. ['pwd', 'otp']. */
  amr?: string[];
}

export interface TestProviderOptions {
  /** Default 0: a free port. */
  port?: number;
  clients: TestClient[];
  accounts: TestAccount[];
  /**
   * Default true. False leaves the ID token with `sub` only and every other claim, roles included, in
   * userinfo (the specification's default when an access token is issued too).
   */
  claimsInIdToken?: boolean;
}

/** What a party in the middle makes of an ID token: new claims, signed with the provider's key or another. */
export type IdTokenTamper = (claims: Record<string, unknown>) => { claims: Record<string, unknown>; signedWith: 'provider-key' | 'another-key' };

export interface TestProvider {
  /** `http://127.0.0.1:<port>`, the value for OIDC_ISSUER. */
  issuer: string;
  /** From now on the token endpoint answers ID tokens rewritten by `tamper` (null: as issued). */
  tamperWithIdTokens(tamper: IdTokenTamper | null): void;
  close(): Promise<void>;
}

const KEY_ID = 'test-provider';

/** An RS256 JWS of `claims` under `key`, with the provider's key id whatever the key. */
function signRs256(claims: Record<string, unknown>, key: KeyObject): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const input = `${part({ alg: 'RS256', typ: 'JWT', kid: KEY_ID })}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input, 'ascii'), key).toString('base64url')}`;
}

function payloadOf(jws: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('the ID token has no claims object');
  return Object.fromEntries(Object.entries(parsed));
}

const EMAIL_CLAIMS = ['email', 'email_verified'];
const PROFILE_CLAIMS = ['name', 'given_name', 'family_name', 'preferred_username'];

function claimsConfig(accounts: readonly TestAccount[], claimsInIdToken: boolean): NonNullable<Configuration['claims']> {
  const standard = new Set([...EMAIL_CLAIMS, ...PROFILE_CLAIMS]);
  const custom = new Set<string>();
  for (const account of accounts) {
    for (const name of Object.keys(account.claims)) if (!standard.has(name)) custom.add(name);
  }
  // Custom claims (roles, realm_access, ...) come with `openid` and so in the ID token, as Entra ID's
  // `roles` and a Keycloak mapper's do. Conforming, they come with `profile`: from userinfo only.
  // `amr`, the login's methods when an account has them, comes with `openid` as providers send it.
  if (!claimsInIdToken) return { openid: ['sub', 'amr'], email: EMAIL_CLAIMS, profile: [...PROFILE_CLAIMS, ...custom] };
  return { openid: ['sub', 'amr', ...custom], email: EMAIL_CLAIMS, profile: PROFILE_CLAIMS };
}

function loginPage(uid: string, unknownLogin: string | null): string {
  // A GET form: the answer comes back as ?login=<sub> (or ?deny=1), the same URL fetch-driven tests use.
  const problem = unknownLogin === null ? '' : `<p role="alert">No account "${unknownLogin.replace(/[^\w@.-]/g, '')}" here.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test provider sign-in</title></head>
<body><main><h1>Test provider</h1>${problem}
<form method="get" action="/interaction/${encodeURIComponent(uid)}">
<label for="login">Account</label> <input id="login" name="login" autocomplete="off">
<button type="submit">Continue</button>
<button type="submit" name="deny" value="1">Cancel</button>
</form></main></body></html>`;
}

async function handleInteraction(provider: Provider, req: IncomingMessage, res: ServerResponse, accounts: ReadonlyMap<string, TestAccount>): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
  if (query.get('deny') === '1') {
    await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User cancelled the sign-in' }, { mergeWithLastSubmission: false });
    return;
  }
  const login = query.get('login');
  if (details.prompt.name === 'login' && login !== null && accounts.has(login)) {
    const amr = accounts.get(login)?.amr;
    await provider.interactionFinished(req, res, { login: { accountId: login, ...(amr !== undefined && { amr }) } }, { mergeWithLastSubmission: false });
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(loginPage(details.uid, login !== null && !accounts.has(login) ? login : null));
}

/** Starts the provider on 127.0.0.1 (a free port unless `port` is given). */
export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const accounts = new Map(options.accounts.map((account) => [account.sub, account]));
  // Listening first: the issuer URL holds the port the system picked.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const issuer = `http://127.0.0.1:${port}`;
  // Keys of its own, so the provider does not fall back to (and warn about) its development keys.
  const providerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const signingKey = providerKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: KEY_ID }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: claimsConfig(options.accounts, options.claimsInIdToken ?? true),
    conformIdTokenClaims: !(options.claimsInIdToken ?? true),
    features: { devInteractions: { enabled: false } },
    // Explicit lifetimes (seconds), so the provider does not log a notice for each default it uses.
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    // First-party client: consent is implied, so a sign-in is one login step.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (accountId === undefined || clientId === undefined) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (grantId !== undefined) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing !== undefined) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (account === undefined) return undefined;
      return { accountId: sub, claims: () => ({ ...account.claims, sub }) };
    },
  });
  let tamper: IdTokenTamper | null = null;
  let anotherKey: KeyObject | null = null;
  // After the token endpoint made its answer: what a party between it and the console could change.
  provider.use(async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (tamper === null || ctx.path !== '/token' || typeof body !== 'object' || body === null || !('id_token' in body) || typeof body.id_token !== 'string') return;
    const changed = tamper(payloadOf(body.id_token));
    anotherKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    ctx.body = { ...body, id_token: signRs256(changed.claims, changed.signedWith === 'provider-key' ? providerKey : anotherKey) };
  });
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').startsWith('/interaction/')) {
      handleInteraction(provider, req, res, accounts).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'interaction failed');
      });
      return;
    }
    void handle(req, res);
  });
  let closing: Promise<void> | null = null;
  return {
    issuer,
    tamperWithIdTokens(next) {
      tamper = next;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

export interface AuthorizeOptions {
  /** The account (its `sub`) that signs in on the login page. */
  login?: string;
  /** Press "Cancel" on the login page: the provider answers `error=access_denied`. */
  deny?: boolean;
}

const MAX_REDIRECTS = 10;

/**
 * What a browser does between the console's redirect and the callback, with fetch: follows the
 * provider's redirects with its cookies, answers the login page, and returns the URL the provider
 * sends the browser back to (the redirect URI with `code` and `state`, or `error`).
 */
export async function authorizeAt(authorizationUrl: string, options: AuthorizeOptions): Promise<URL> {
  const providerOrigin = new URL(authorizationUrl).origin;
  const cookies = new Map<string, string>();
  let next = new URL(authorizationUrl);
  let answered = false;
  for (let hop = 0; hop < MAX_REDIRECTS; hop += 1) {
    if (next.origin !== providerOrigin) return next;
    if (next.pathname.startsWith('/interaction/') && !answered) {
      if (options.deny === true) next.searchParams.set('deny', '1');
      else if (options.login !== undefined) next.searchParams.set('login', options.login);
      answered = true;
    }
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(next, { redirect: 'manual', headers: cookie === '' ? {} : { Cookie: cookie } });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';', 1)[0] ?? '';
      const equals = pair.indexOf('=');
      if (equals <= 0) continue;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    const location = response.headers.get('Location');
    await response.body?.cancel();
    if (location === null) throw new Error(`the provider answered ${response.status} without a redirect at ${next.pathname}`);
    next = new URL(location, next);
  }
  throw new Error(`no callback after ${MAX_REDIRECTS} redirects`);
}

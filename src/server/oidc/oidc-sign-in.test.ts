import type { Socket } from 'node:net';
import { createServer } from 'node:net';
import { randomPKCECodeVerifier } from 'openid-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OidcConfig } from './oidc-config.ts';
import { OidcSignInError, OidcUnavailableError } from './oidc-errors.ts';
import type { OidcSignIn, PendingOidc } from './oidc-sign-in.ts';
import { createLazyOidcSignIn, createOidcSignIn, PENDING_MAX_AGE_MS } from './oidc-sign-in.ts';
import type { TestAccount, TestProvider } from './testing/test-provider.ts';
import { authorizeAt, startTestProvider } from './testing/test-provider.ts';

// The sign-in against a real OpenID provider (oidc-provider) over HTTP on 127.0.0.1: discovery,
// PKCE, state, nonce and the ID token's signature (against the provider's keys) are checked by the
// real parties, nothing is mocked; a tampered token is made by rewriting the token endpoint's answer.

const REDIRECT_URI = 'https://console.example.com/auth/oidc/callback';
const CLIENT = { clientId: 'order-console', clientSecret: 'test-secret-that-is-long-enough-0123456789', redirectUris: [REDIRECT_URI] };
const ACCOUNTS: TestAccount[] = [
  { sub: 'alice', claims: { email: 'alice@example.com', email_verified: true, name: 'Alice Agent', roles: ['agent@sandbox', 'viewer', 'superuser'] } },
  { sub: 'bob', claims: { email: 'bob@example.com', email_verified: false, name: 'Bob' } },
  { sub: 'carol', claims: { email: 'carol@example.com', realm_access: { roles: ['approver@sandbox', 'offline_access'] } } },
  { sub: 'dave', claims: { roles: 'viewer, agent@production' } },
];

function configFor(provider: TestProvider, rolesClaim = 'roles'): OidcConfig {
  return { issuer: provider.issuer, clientId: CLIENT.clientId, clientSecret: CLIENT.clientSecret, rolesClaim, scopes: ['openid', 'email', 'profile'] };
}

async function signInAt(signIn: OidcSignIn, login: string, returnTo = '/orders'): Promise<{ callback: URL; pending: PendingOidc; redirectUrl: string }> {
  const { redirectUrl, pending } = await signIn.start(returnTo);
  return { callback: await authorizeAt(redirectUrl, { login }), pending, redirectUrl };
}

async function signInError(promise: Promise<unknown>): Promise<OidcSignInError> {
  const error: unknown = await promise.then(
    () => null,
    (rejected: unknown) => rejected,
  );
  if (!(error instanceof OidcSignInError)) throw new Error(`expected an OidcSignInError, got ${String(error)}`);
  return error;
}

let provider: TestProvider;
let signIn: OidcSignIn;

beforeAll(async () => {
  provider = await startTestProvider({ clients: [CLIENT], accounts: ACCOUNTS });
  signIn = await createOidcSignIn(configFor(provider), { redirectUri: REDIRECT_URI });
});

afterAll(async () => {
  await provider.close();
});

describe('sign-in with the provider', () => {
  it('signs alice in with her identity and the roles the console knows; the rest is reported', async () => {
    const { callback, pending, redirectUrl } = await signInAt(signIn, 'alice', '/orders?status=paid');
    const request = new URL(redirectUrl);
    expect(request.searchParams.get('code_challenge_method')).toBe('S256');
    expect(request.searchParams.get('code_challenge')).not.toBe(pending.codeVerifier);
    expect(redirectUrl).not.toContain(pending.codeVerifier);
    expect(JSON.parse(JSON.stringify(pending))).toEqual(pending);
    expect(pending.returnTo).toBe('/orders?status=paid');
    expect(callback.origin + callback.pathname).toBe(REDIRECT_URI);

    const identity = await signIn.finish(callback, pending);
    expect(identity).toEqual({
      subject: 'alice',
      email: 'alice@example.com',
      emailVerified: true,
      name: 'Alice Agent',
      roles: ['agent@sandbox', 'viewer'],
      unknownRoles: ['superuser'],
      rolesClaimPresent: true,
      amr: [],
    });
  });

  it('reads the callback by its query, whatever host a proxy shows the server', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const behindProxy = new URL(`http://127.0.0.1:8080/auth/oidc/callback${callback.search}`);
    await expect(signIn.finish(behindProxy, pending)).resolves.toMatchObject({ subject: 'alice' });
  });

  it('gives no roles when the account has no roles claim, and signs nobody in by itself', async () => {
    const { callback, pending } = await signInAt(signIn, 'bob');
    await expect(signIn.finish(callback, pending)).resolves.toEqual({ subject: 'bob', email: 'bob@example.com', emailVerified: false, name: 'Bob', roles: [], unknownRoles: [], rolesClaimPresent: false, amr: [] });
  });

  it('reads a comma separated roles string', async () => {
    const { callback, pending } = await signInAt(signIn, 'dave');
    await expect(signIn.finish(callback, pending)).resolves.toMatchObject({ roles: ['viewer', 'agent@production'], email: null, name: null });
  });

  it("reads Keycloak's nested realm_access.roles", async () => {
    const keycloakLike = await createOidcSignIn(configFor(provider, 'realm_access.roles'), { redirectUri: REDIRECT_URI });
    const { callback, pending } = await signInAt(keycloakLike, 'carol');
    await expect(keycloakLike.finish(callback, pending)).resolves.toMatchObject({ subject: 'carol', roles: ['approver@sandbox'], unknownRoles: ['offline_access'] });
  });

  it('drops grants for environments the console does not have when it says which it has', async () => {
    const known = await createOidcSignIn(configFor(provider), { redirectUri: REDIRECT_URI, isKnownRole: (name) => name === 'viewer' || name.endsWith('@sandbox') });
    const { callback, pending } = await signInAt(known, 'dave');
    await expect(known.finish(callback, pending)).resolves.toMatchObject({ roles: ['viewer'], unknownRoles: ['agent@production'] });
  });
});

describe('an answer that is not this browser’s sign-in', () => {
  it('refuses a callback with another state, and the code still works for the real attempt', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const error = await signInError(signIn.finish(callback, { ...pending, state: 'someone-elses-state' }));
    expect(error.code).toBe('state_mismatch');
    expect(error.message).toMatch(/does not belong to the sign-in this browser started/);
    // Refused before the code was spent: nothing was half done at the provider.
    await expect(signIn.finish(callback, pending)).resolves.toMatchObject({ subject: 'alice' });
  });

  it('refuses a callback without a state', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    callback.searchParams.delete('state');
    expect((await signInError(signIn.finish(callback, pending))).code).toBe('state_mismatch');
  });

  it('refuses a code redeemed with another PKCE verifier (the provider says no)', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const error = await signInError(signIn.finish(callback, { ...pending, codeVerifier: randomPKCECodeVerifier() }));
    expect(error.code).toBe('rejected');
    expect(error.providerError).toBe('invalid_grant');
    expect(error.message).toMatch(/Start the sign-in again/);
  });

  it('says the client secret is wrong when the provider refuses the client', async () => {
    const misconfigured = await createOidcSignIn({ ...configFor(provider), clientSecret: 'not-the-secret-registered-at-the-provider' }, { redirectUri: REDIRECT_URI });
    const { callback, pending } = await signInAt(misconfigured, 'alice');
    const error = await signInError(misconfigured.finish(callback, pending));
    expect(error.code).toBe('rejected');
    expect(error.providerError).toBe('invalid_client');
    expect(error.message).toMatch(/client id or secret/);
    expect(error.message).not.toContain('not-the-secret');
  });

  it('refuses a pending attempt whose return path was changed to another site', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    expect((await signInError(signIn.finish(callback, { ...pending, returnTo: '//evil.example/' }))).code).toBe('invalid_pending');
  });

  it('refuses an ID token with another nonce', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const error = await signInError(signIn.finish(callback, { ...pending, nonce: 'not-the-nonce-sent' }));
    expect(error.code).toBe('invalid_response');
  });

  it('refuses the same callback twice', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    await signIn.finish(callback, pending);
    expect((await signInError(signIn.finish(callback, pending))).code).toBe('rejected');
  });

  it('refuses an attempt older than 10 minutes, and takes one just younger', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const at = (offset: number) => createOidcSignIn(configFor(provider), { redirectUri: REDIRECT_URI, now: () => pending.createdAt + offset });
    const error = await signInError((await at(PENDING_MAX_AGE_MS + 1)).finish(callback, pending));
    expect(error.code).toBe('expired');
    expect(error.message).toMatch(/longer than 10 minutes/);
    await expect((await at(PENDING_MAX_AGE_MS - 1000)).finish(callback, pending)).resolves.toMatchObject({ subject: 'alice' });
  });

  it('refuses a pending attempt that is not one it made', async () => {
    const { callback, pending } = await signInAt(signIn, 'alice');
    const error = await signInError(signIn.finish(callback, { ...pending, codeVerifier: 'short' }));
    expect(error.code).toBe('invalid_pending');
  });
});

describe('the provider says no, or is not there', () => {
  it('turns access_denied into a message a person understands', async () => {
    const { redirectUrl, pending } = await signIn.start('/');
    const callback = await authorizeAt(redirectUrl, { deny: true });
    expect(callback.searchParams.get('error')).toBe('access_denied');
    const error = await signInError(signIn.finish(callback, pending));
    expect(error.code).toBe('provider_error');
    expect(error.providerError).toBe('access_denied');
    expect(error.message).toBe('The sign-in was cancelled or refused at the sign-in provider. Nobody is signed in.');
    expect(error.message).not.toContain('End-User');
  });

  it('answers OidcUnavailableError when nothing listens at the issuer', async () => {
    const gone = await startTestProvider({ clients: [CLIENT], accounts: ACCOUNTS });
    await gone.close();
    const error: unknown = await createOidcSignIn(configFor(gone), { redirectUri: REDIRECT_URI }).catch((rejected: unknown) => rejected);
    expect(error).toBeInstanceOf(OidcUnavailableError);
    expect(error instanceof Error ? error.message : '').toBe(`The sign-in provider (${gone.issuer}) cannot be reached right now. Try again in a minute; if it lasts, tell your console administrator.`);
  });

  it('gives up on a provider that accepts the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const started = Date.now();
      const attempt = createOidcSignIn({ ...configFor(provider), issuer: `http://127.0.0.1:${port}` }, { redirectUri: REDIRECT_URI, timeoutMs: 500 });
      await expect(attempt).rejects.toBeInstanceOf(OidcUnavailableError);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('answers OidcUnavailableError when the provider goes down between redirect and callback', async () => {
    const flaky = await startTestProvider({ clients: [CLIENT], accounts: ACCOUNTS });
    const flakySignIn = await createOidcSignIn(configFor(flaky), { redirectUri: REDIRECT_URI });
    const { callback, pending } = await signInAt(flakySignIn, 'alice');
    await flaky.close();
    await expect(flakySignIn.finish(callback, pending)).rejects.toBeInstanceOf(OidcUnavailableError);
  });
});

describe('a provider that is down when the console starts', () => {
  it('refuses sign-ins while it is down and signs people in once it is back, without a restart', async () => {
    const first = await startTestProvider({ clients: [CLIENT], accounts: ACCOUNTS });
    const port = Number(new URL(first.issuer).port);
    await first.close();
    const lazy = createLazyOidcSignIn(configFor(first), { redirectUri: REDIRECT_URI });
    await expect(lazy.start('/orders')).rejects.toBeInstanceOf(OidcUnavailableError);

    const back = await startTestProvider({ port, clients: [CLIENT], accounts: ACCOUNTS });
    try {
      const { callback, pending } = await signInAt(lazy, 'alice');
      await expect(lazy.finish(callback, pending)).resolves.toMatchObject({ subject: 'alice', roles: ['agent@sandbox', 'viewer'] });
    } finally {
      await back.close();
    }
  });
});

describe('a provider that keeps claims out of the ID token', () => {
  it('reads the roles from userinfo instead', async () => {
    const conforming = await startTestProvider({ clients: [CLIENT], accounts: ACCOUNTS, claimsInIdToken: false });
    try {
      const conformingSignIn = await createOidcSignIn(configFor(conforming), { redirectUri: REDIRECT_URI });
      const { callback, pending } = await signInAt(conformingSignIn, 'alice');
      await expect(conformingSignIn.finish(callback, pending)).resolves.toEqual({
        subject: 'alice',
        email: 'alice@example.com',
        // From userinfo too: the provider checked it.
        emailVerified: true,
        name: 'Alice Agent',
        roles: ['agent@sandbox', 'viewer'],
        unknownRoles: ['superuser'],
        rolesClaimPresent: true,
        amr: [],
      });
    } finally {
      await conforming.close();
    }
  });
});

describe('an ID token changed on its way from the token endpoint', () => {
  const nowS = () => Math.floor(Date.now() / 1000);
  afterEach(() => provider.tamperWithIdTokens(null));

  it('is refused when signed with another key, even under the provider’s key id (a forged identity)', async () => {
    provider.tamperWithIdTokens((claims) => ({ claims: { ...claims, sub: 'carol', email: 'carol@example.com', email_verified: true }, signedWith: 'another-key' }));
    const { callback, pending } = await signInAt(signIn, 'bob');
    const error = await signInError(signIn.finish(callback, pending));
    expect(error.code).toBe('invalid_response');
    expect(error.detail).toMatch(/signature/i);
  });

  it('passes re-signed with the provider’s own key, unchanged (the check is the signature, not the rewrite)', async () => {
    provider.tamperWithIdTokens((claims) => ({ claims, signedWith: 'provider-key' }));
    const { callback, pending } = await signInAt(signIn, 'alice');
    await expect(signIn.finish(callback, pending)).resolves.toMatchObject({ subject: 'alice', emailVerified: true });
  });

  it.each([
    ['issued an hour ahead', 3600],
    ['issued an hour ago', -3600],
  ])('is refused when %s, even signed by the provider', async (_, shift) => {
    provider.tamperWithIdTokens((claims) => ({ claims: { ...claims, iat: nowS() + shift, exp: nowS() + shift + 7200 }, signedWith: 'provider-key' }));
    const { callback, pending } = await signInAt(signIn, 'alice');
    const error = await signInError(signIn.finish(callback, pending));
    expect(error.code).toBe('invalid_response');
    expect(error.detail).toContain('ID token issued at');
  });
});

describe('where the browser returns to', () => {
  it.each(['https://evil.example/', '//evil.example/orders', '/\\evil.example', 'orders', '/orders\nLocation: x', 'javascript:alert(1)', '/\t/evil.example/x', '/.//evil.example'])(
    'refuses %j: the attempt returns to /',
    async (returnTo) => {
      expect((await signIn.start(returnTo)).pending.returnTo).toBe('/');
    },
  );
});

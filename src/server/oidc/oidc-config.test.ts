import { describe, expect, it } from 'vitest';
import { loadOidcConfig, OidcConfigError } from './oidc-config.ts';

const VALID = {
  OIDC_ISSUER: 'https://login.example.com/realms/support',
  OIDC_CLIENT_ID: 'order-console',
  OIDC_CLIENT_SECRET: 'a-secret-from-the-provider',
  OIDC_ROLES_CLAIM: 'realm_access.roles',
};

function configError(env: Record<string, string | undefined>): string {
  try {
    loadOidcConfig(env);
  } catch (error) {
    if (error instanceof OidcConfigError) return error.message;
    throw error;
  }
  throw new Error('expected an OidcConfigError');
}

describe('loadOidcConfig', () => {
  it('reads the four variables with the default scopes', () => {
    expect(loadOidcConfig(VALID)).toEqual({
      issuer: 'https://login.example.com/realms/support',
      clientId: 'order-console',
      clientSecret: 'a-secret-from-the-provider',
      rolesClaim: 'realm_access.roles',
      scopes: ['openid', 'email', 'profile'],
      requireMfa: false,
    });
  });

  it.each(['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_ROLES_CLAIM'])('names %s when it is missing or blank, in one line', (name) => {
    for (const value of [undefined, '', '   ']) {
      const message = configError({ ...VALID, [name]: value });
      expect(message).toBe(`${name} is not set (CONSOLE_AUTH=oidc needs it)`);
    }
  });

  it.each([
    ['http://login.example.com', /https:\/\/ URL \(http:\/\/ only for localhost\)/],
    ['ftp://127.0.0.1', /https:\/\/ URL/],
    ['login.example.com', /absolute URL/],
    ['https://user:pw@login.example.com', /credentials, a query or a fragment/],
    ['https://login.example.com/?tenant=x', /credentials, a query or a fragment/],
  ])('refuses the issuer %s', (issuer, message) => {
    const text = configError({ ...VALID, OIDC_ISSUER: issuer });
    expect(text).toMatch(/^OIDC_ISSUER /);
    expect(text).toMatch(message);
  });

  it.each(['http://127.0.0.1:8080/realms/dev', 'http://localhost:8080', 'http://[::1]:9000', 'https://login.microsoftonline.com/tenant-id/v2.0'])('accepts the issuer %s as written', (issuer) => {
    expect(loadOidcConfig({ ...VALID, OIDC_ISSUER: issuer }).issuer).toBe(issuer);
  });

  it('never repeats the client secret in an error', () => {
    expect(configError({ ...VALID, OIDC_ISSUER: 'http://evil.example' })).not.toContain(VALID.OIDC_CLIENT_SECRET);
  });

  it.each(['realm access', '.roles', 'roles.', 'a..b'])('refuses the roles claim %j', (claim) => {
    expect(configError({ ...VALID, OIDC_ROLES_CLAIM: claim })).toMatch(/^OIDC_ROLES_CLAIM must be a claim name or a dotted path/);
  });

  it('takes OIDC_SCOPES separated by spaces or commas, always with openid', () => {
    expect(loadOidcConfig({ ...VALID, OIDC_SCOPES: 'email, roles' }).scopes).toEqual(['openid', 'email', 'roles']);
    expect(loadOidcConfig({ ...VALID, OIDC_SCOPES: 'openid profile' }).scopes).toEqual(['openid', 'profile']);
    expect(loadOidcConfig({ ...VALID, OIDC_SCOPES: ' ' }).scopes).toEqual(['openid', 'email', 'profile']);
  });

  it('takes OIDC_PROVIDER_NAME for the button, trimmed; none by default; a long or control-character name is refused', () => {
    expect(loadOidcConfig({ ...VALID, OIDC_PROVIDER_NAME: ' Okta ' }).providerName).toBe('Okta');
    expect(loadOidcConfig(VALID).providerName).toBeUndefined();
    expect(configError({ ...VALID, OIDC_PROVIDER_NAME: 'x'.repeat(61) })).toMatch(/^OIDC_PROVIDER_NAME must be a name of at most 60 characters/);
    expect(configError({ ...VALID, OIDC_PROVIDER_NAME: 'Okta\nSign in with evil' })).toMatch(/^OIDC_PROVIDER_NAME must be/);
  });
});

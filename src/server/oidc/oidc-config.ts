// docs/decisions.md D16: CONSOLE_AUTH=oidc reads its provider from these variables. Every problem is one
// line naming the variable, so a console that cannot sign anybody in refuses to start instead.

export interface OidcConfig {
  /** The issuer identifier, exactly as the provider's discovery document states it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** A claim name, or a dotted path into the ID token (`realm_access.roles` for Keycloak). */
  rolesClaim: string;
  /** Always holds `openid`. */
  scopes: string[];
  /** OIDC_PROVIDER_NAME: the button's "Sign in with …" (default: the issuer's host). */
  providerName?: string;
  /** OIDC_REQUIRE_MFA=true: a sign-in whose `amr` claim shows no second factor is refused (oidc-amr.ts). */
  requireMfa?: boolean;
}

export class OidcConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OidcConfigError';
  }
}

export const DEFAULT_OIDC_SCOPES = ['openid', 'email', 'profile'];

const LOOPBACK_HOST = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/i;

/** True for a URL whose host is this machine: only there may an issuer speak plain http. */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOST.test(url.hostname);
}

function required(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = env[name]?.trim() ?? '';
  if (value === '') throw new OidcConfigError(`${name} is not set (CONSOLE_AUTH=oidc needs it)`);
  return value;
}

function readIssuer(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OidcConfigError(`OIDC_ISSUER must be an absolute URL, got "${text}"`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
    throw new OidcConfigError(`OIDC_ISSUER must be an https:// URL (http:// only for localhost), got "${text}"`);
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new OidcConfigError('OIDC_ISSUER must not carry credentials, a query or a fragment');
  }
  // The issuer is compared with the discovery document's `issuer` character for character: keep
  // what was written (a trailing slash matters to some providers), not URL's normalised form.
  return text;
}

function readRolesClaim(text: string): string {
  if (/\s/.test(text) || text.startsWith('.') || text.endsWith('.') || text.includes('..')) {
    throw new OidcConfigError(`OIDC_ROLES_CLAIM must be a claim name or a dotted path like realm_access.roles, got "${text}"`);
  }
  return text;
}

function readScopes(text: string | undefined): string[] {
  const scopes = (text ?? '').split(/[\s,]+/).filter((scope) => scope !== '');
  if (scopes.length === 0) return [...DEFAULT_OIDC_SCOPES];
  // Without `openid` the provider would answer plain OAuth: no ID token, nobody signed in.
  return scopes.includes('openid') ? scopes : ['openid', ...scopes];
}

/** A name people know the provider by ("Okta", "Contoso sign-in"), for the sign-in button. */
function readProviderName(text: string | undefined): string | undefined {
  const name = text?.trim() ?? '';
  if (name === '') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (name.length > 60 || /[\u0000-\u001f\u007f]/.test(name)) throw new OidcConfigError(`OIDC_PROVIDER_NAME must be a name of at most 60 characters without control characters, got "${name.slice(0, 80)}"`);
  return name;
}

export function loadOidcConfig(env: Readonly<Record<string, string | undefined>>): OidcConfig {
  const issuer = readIssuer(required(env, 'OIDC_ISSUER'));
  const clientId = required(env, 'OIDC_CLIENT_ID');
  const clientSecret = required(env, 'OIDC_CLIENT_SECRET');
  const rolesClaim = readRolesClaim(required(env, 'OIDC_ROLES_CLAIM'));
  const providerName = readProviderName(env['OIDC_PROVIDER_NAME']);
  const requireMfa = (env['OIDC_REQUIRE_MFA']?.trim() || 'false').toLowerCase();
  if (requireMfa !== 'true' && requireMfa !== 'false') throw new OidcConfigError(`OIDC_REQUIRE_MFA must be true or false, got "${requireMfa}"`);
  return { issuer, clientId, clientSecret, rolesClaim, scopes: readScopes(env['OIDC_SCOPES']), ...(providerName !== undefined && { providerName }), requireMfa: requireMfa === 'true' };
}

import * as client from 'openid-client';
import { z } from 'zod';
import type { OidcConfig } from './oidc-config.ts';
import { isLoopbackUrl, OidcConfigError } from './oidc-config.ts';
import { OidcSignInError, OidcUnavailableError, providerErrorMessage } from './oidc-errors.ts';
import { amrOf } from './oidc-amr.ts';
import { isRoleGrant, readClaim, roleNames, sortRoles } from './oidc-roles.ts';
import { safeReturnTo } from '../safe-return-to.ts';

// docs/decisions.md D16: sign-in with OpenID Connect, authorization code flow with PKCE, roles from a claim.
// The console's server owns the session; this module owns the protocol. It keeps no state of its own:
// what a sign-in needs between redirect and callback is the PendingOidc the caller stores.

/** An attempt older than this is refused: the provider's login page should not stay open for an hour. */
export const PENDING_MAX_AGE_MS = 10 * 60 * 1000;
const CLOCK_SKEW_MS = 60 * 1000;
/** An ID token just issued by the token endpoint: `iat` within this of now (and at most CLOCK_SKEW_MS ahead). */
const ID_TOKEN_MAX_AGE_S = 5 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/** Parse what comes back from the cookie or the database with this before calling `finish`. */
export const pendingOidcSchema = z.object({
  state: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
  /** Checked again here: a pending attempt kept in a cookie must not become an open redirect. */
  returnTo: z.string().refine((value) => safeReturnTo(value) === value, 'not a path of this console'),
  /** Milliseconds since the epoch. */
  createdAt: z.number().int().nonnegative(),
});
export type PendingOidc = z.infer<typeof pendingOidcSchema>;

export interface OidcIdentity {
  /** The provider's `sub`: the stable key of this person (an email can change hands). */
  subject: string;
  email: string | null;
  /** `email_verified: true`: the provider checked the address belongs to this person; only then is it a name here. */
  emailVerified: boolean;
  name: string | null;
  /** Role grants of this console from the roles claim (`agent@sandbox`, `viewer`, ...). */
  roles: string[];
  /** Names in the roles claim that are not roles here: dropped, for the audit row or the log. */
  unknownRoles: string[];
  /** False when neither the ID token nor userinfo held the roles claim at all (a mapper or scope missing at the provider). */
  rolesClaimPresent: boolean;
  /** How the provider says the person signed in (`amr`, RFC 8176): OIDC_REQUIRE_MFA reads it. */
  amr: string[];
}

export interface OidcSignIn {
  /** Where to send the browser (302), and what to keep until the callback. */
  start(returnTo: string): Promise<{ redirectUrl: string; pending: PendingOidc }>;
  /** The callback URL as the browser requested it (only its query is read) and the kept attempt. */
  finish(callbackUrl: URL, pending: PendingOidc): Promise<OidcIdentity>;
}

export interface OidcSignInOptions {
  /** The console's callback as registered at the provider, e.g. https://console.example.com/auth/oidc/callback. */
  redirectUri: string;
  /** Per request to the provider (discovery, token, userinfo). Default 10 s. */
  timeoutMs?: number;
  /** Which names of the roles claim are grants here. Default: D16's grammar (`role` or `role@env`). */
  isKnownRole?: (name: string) => boolean;
  /** The clock, for PendingOidc's age. */
  now?: () => number;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

const UNAVAILABLE_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT', 'OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** fetch's TypeError (refused, reset, DNS) or a timeout or a non-OAuth answer (a proxy's 502 page). */
function isUnavailable(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof client.ClientError && error.code !== undefined && UNAVAILABLE_CODES.has(error.code));
}

function finishError(error: unknown, issuer: string): Error {
  if (isUnavailable(error)) return new OidcUnavailableError(issuer, describe(error));
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcSignInError('provider_error', providerErrorMessage(error.error), { providerError: error.error });
  }
  // A wrong secret: a 400 invalid_client body, or (client_secret_basic) a 401 with a challenge.
  const challenge = error instanceof client.WWWAuthenticateChallengeError ? error.cause.find((item) => item.parameters.error !== undefined) : undefined;
  if ((error instanceof client.ResponseBodyError && error.error === 'invalid_client') || challenge?.parameters.error === 'invalid_client') {
    return new OidcSignInError('rejected', 'The sign-in provider does not accept the console\'s client id or secret (OIDC_CLIENT_ID, OIDC_CLIENT_SECRET). Tell your console administrator.', {
      providerError: 'invalid_client',
      detail: describe(error),
    });
  }
  if (error instanceof client.ResponseBodyError) {
    return new OidcSignInError('rejected', 'The sign-in provider refused to complete this sign-in (a sign-in link works once, in the browser that started it). Start the sign-in again.', {
      providerError: error.error,
      detail: `${error.status} ${error.error}`,
    });
  }
  return new OidcSignInError('invalid_response', 'The answer from the sign-in provider did not pass the console\'s checks, so nobody is signed in. Start the sign-in again.', {
    detail: describe(error),
  });
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

async function discover(config: OidcConfig, timeoutMs: number): Promise<client.Configuration> {
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === 'http:';
  // loadOidcConfig allows http only on loopback; a config built by hand is held to the same rule.
  if (insecure && !isLoopbackUrl(issuer)) throw new OidcConfigError(`OIDC_ISSUER must be an https:// URL (http:// only for localhost), got "${config.issuer}"`);
  try {
    const configuration = await client.discovery(issuer, config.clientId, config.clientSecret, undefined, {
      timeout: timeoutMs / 1000,
      execute: insecure ? [client.allowInsecureRequests] : [],
    });
    // client_secret_basic is the specification's default and what every provider takes; post only
    // for a provider that says it takes nothing else.
    const methods = configuration.serverMetadata().token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const basic = methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
    return new client.Configuration(configuration.serverMetadata(), config.clientId, config.clientSecret, basic ? client.ClientSecretBasic(config.clientSecret) : client.ClientSecretPost(config.clientSecret));
  } catch (error) {
    throw new OidcUnavailableError(config.issuer, describe(error));
  }
}

export async function createOidcSignIn(config: OidcConfig, options: OidcSignInOptions): Promise<OidcSignIn> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const isKnownRole = options.isKnownRole ?? isRoleGrant;
  const redirectUri = new URL(options.redirectUri).href;
  const configuration = await discover(config, timeoutMs);
  configuration.timeout = timeoutMs / 1000;
  if (new URL(config.issuer).protocol === 'http:') client.allowInsecureRequests(configuration);
  // openid-client checks an ID token's claims but, for one from the token endpoint, not its signature
  // (TLS stands in for it, OpenID Connect Core 3.1.3.7): here it is checked against the provider's
  // keys (jwks_uri) as well, so a token altered on the way, or by a party in the middle, is refused.
  client.enableNonRepudiationChecks(configuration);

  async function start(returnTo: string): Promise<{ redirectUrl: string; pending: PendingOidc }> {
    const path = safeReturnTo(returnTo);
    const codeVerifier = client.randomPKCECodeVerifier();
    const pending: PendingOidc = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier, returnTo: path, createdAt: now() };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: config.scopes.join(' '),
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
    return { redirectUrl: url.href, pending };
  }

  async function claimsWithRoles(tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<Record<string, unknown>> {
    const claims = tokens.claims();
    if (claims === undefined) throw new OidcSignInError('invalid_response', 'The sign-in provider sent no ID token, so nobody is signed in.');
    // openid-client checks that `iat` is a number; a token issued far from now is not this sign-in's.
    // The system clock, as openid-client's own `exp` check uses (`now` is the attempt's clock).
    const nowS = Date.now() / 1000;
    if (claims.iat > nowS + CLOCK_SKEW_MS / 1000 || claims.iat < nowS - ID_TOKEN_MAX_AGE_S) {
      throw new OidcSignInError('invalid_response', 'The answer from the sign-in provider did not pass the console\'s checks, so nobody is signed in. Start the sign-in again.', {
        detail: `ID token issued at ${new Date(claims.iat * 1000).toISOString()}, not within ${ID_TOKEN_MAX_AGE_S} s before now (${new Date(nowS * 1000).toISOString()})`,
      });
    }
    const fromIdToken: Record<string, unknown> = { ...claims };
    if (readClaim(fromIdToken, config.rolesClaim) !== undefined || configuration.serverMetadata().userinfo_endpoint === undefined) return fromIdToken;
    // Some providers keep everything but `sub` out of the ID token (the specification's default when
    // an access token is issued too): ask userinfo, which checks the subject is the same person.
    const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
    return { ...userinfo, ...fromIdToken };
  }

  async function finish(callbackUrl: URL, pendingInput: PendingOidc): Promise<OidcIdentity> {
    const parsed = pendingOidcSchema.safeParse(pendingInput);
    if (!parsed.success) throw new OidcSignInError('invalid_pending', 'This sign-in was not started here or was damaged on the way. Start the sign-in again.');
    const pending = parsed.data;
    const age = now() - pending.createdAt;
    if (age > PENDING_MAX_AGE_MS || age < -CLOCK_SKEW_MS) {
      throw new OidcSignInError('expired', 'This sign-in took longer than 10 minutes and has expired. Start the sign-in again.');
    }
    // The state is checked before anything else, an error answer included: a callback that is not
    // this browser's attempt must not even show the provider's error.
    if (callbackUrl.searchParams.get('state') !== pending.state) {
      throw new OidcSignInError('state_mismatch', 'This sign-in answer does not belong to the sign-in this browser started. Start the sign-in again.');
    }
    const providerError = callbackUrl.searchParams.get('error');
    if (providerError !== null) throw new OidcSignInError('provider_error', providerErrorMessage(providerError), { providerError });
    // Only the query counts: behind a proxy the URL the server sees may differ from the registered
    // redirect URI, which the token request has to repeat exactly.
    const current = new URL(redirectUri);
    current.search = callbackUrl.search;
    let claims: Record<string, unknown>;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = await claimsWithRoles(tokens);
    } catch (error) {
      if (error instanceof OidcSignInError) throw error;
      throw finishError(error, config.issuer);
    }
    const subject = stringClaim(claims, 'sub');
    if (subject === null) throw new OidcSignInError('invalid_response', 'The sign-in provider did not say who signed in, so nobody is signed in.');
    const rolesClaim = readClaim(claims, config.rolesClaim);
    const { roles, unknownRoles } = sortRoles(roleNames(rolesClaim), isKnownRole);
    // Only a verified address names the person: anyone can type an address at some providers.
    const emailVerified = claims['email_verified'] === true;
    return { subject, email: stringClaim(claims, 'email'), emailVerified, name: stringClaim(claims, 'name'), roles, unknownRoles, rolesClaimPresent: rolesClaim !== undefined, amr: amrOf(claims) };
  }

  return { start, finish };
}

/**
 * The same sign-in with discovery at first use, and again after a failure: a console whose provider
 * is down when it boots still starts, its sign-in answers OidcUnavailableError until the provider is
 * back, and then works without a restart.
 */
export function createLazyOidcSignIn(config: OidcConfig, options: OidcSignInOptions): OidcSignIn {
  let ready: Promise<OidcSignIn> | null = null;
  const signIn = (): Promise<OidcSignIn> => {
    ready ??= createOidcSignIn(config, options).catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  return {
    start: async (returnTo) => (await signIn()).start(returnTo),
    finish: async (callbackUrl, pending) => (await signIn()).finish(callbackUrl, pending),
  };
}

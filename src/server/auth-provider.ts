// decisions.md D16: CONSOLE_AUTH=oidc signs people in at an OpenID provider (authorization code with
// PKCE, roles from OIDC_ROLES_CLAIM). This is the seam the OIDC sign-in (src/server/oidc/) plugs
// into: `start` gives the provider's URL to send the browser to and what to keep until it comes
// back (state, nonce, PKCE verifier; kept server-side, never in the URL); `finish` checks the
// callback and names the person. The console's server then makes the session as for a local account.

export interface PendingSignIn {
  /** Opaque to the console's server; stored with the sign-in attempt, handed back to finish. */
  readonly data: string;
}

export interface SignedInIdentity {
  subject: string;
  email: string;
  /** Grants as texts (`agent`, `viewer@production`), parsed with the contract's grantSchema. */
  roles: string[];
}

export interface AuthProvider {
  start(returnTo: string): Promise<{ redirectUrl: string; pending: PendingSignIn }>;
  finish(callbackUrl: URL, pending: PendingSignIn): Promise<SignedInIdentity>;
}

export class AuthNotConfiguredError extends Error {
  constructor() {
    super('CONSOLE_AUTH=oidc: OpenID Connect sign-in is not part of this build yet; use CONSOLE_AUTH=local');
    this.name = 'AuthNotConfiguredError';
  }
}

/** Until the OIDC sign-in is merged, CONSOLE_AUTH=oidc stops the start with this one line. */
export function oidcProvider(): AuthProvider {
  throw new AuthNotConfiguredError();
}

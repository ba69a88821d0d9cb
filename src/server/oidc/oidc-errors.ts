// What can go wrong in an OpenID Connect sign-in, as types the console's server turns into a page.
// Messages are written for the person at the browser; `detail` is for the log and never holds a
// code, a token or the client secret.

/** The provider cannot be reached, answers garbage, or took too long: nobody is signed in. */
export class OidcUnavailableError extends Error {
  readonly detail: string;
  constructor(issuer: string, detail: string) {
    super(`The sign-in provider (${issuer}) cannot be reached right now. Try again in a minute; if it lasts, tell your console administrator.`);
    this.name = 'OidcUnavailableError';
    this.detail = detail;
  }
}

export type OidcSignInErrorCode =
  /** The stored sign-in attempt is not one this module made. */
  | 'invalid_pending'
  /** The attempt is older than the allowed 10 minutes. */
  | 'expired'
  /** The callback's `state` is not this browser's attempt (a forged or crossed callback). */
  | 'state_mismatch'
  /** The provider answered with an error (`access_denied`, `login_required`, ...). */
  | 'provider_error'
  /** The provider's token endpoint refused the code (reused code, PKCE verifier mismatch). */
  | 'rejected'
  /** The answer failed validation (ID token signature, nonce, audience, missing code). */
  | 'invalid_response';

export class OidcSignInError extends Error {
  readonly code: OidcSignInErrorCode;
  /** The provider's `error` value for `provider_error` and `rejected`. */
  readonly providerError: string | null;
  readonly detail: string;
  constructor(code: OidcSignInErrorCode, message: string, options: { providerError?: string | null; detail?: string } = {}) {
    super(message);
    this.name = 'OidcSignInError';
    this.code = code;
    this.providerError = options.providerError ?? null;
    this.detail = options.detail ?? '';
  }
}

const PROVIDER_ERROR_MESSAGES: Record<string, string> = {
  access_denied: 'The sign-in was cancelled or refused at the sign-in provider. Nobody is signed in.',
  login_required: 'The sign-in provider needs you to sign in there first. Start the sign-in again.',
  interaction_required: 'The sign-in provider needs you to confirm something there. Start the sign-in again.',
  consent_required: 'The sign-in provider needs your consent for the console. Start the sign-in again and accept.',
  account_selection_required: 'The sign-in provider needs you to choose an account. Start the sign-in again.',
  temporarily_unavailable: 'The sign-in provider is busy or down for maintenance. Try again in a few minutes.',
  server_error: 'The sign-in provider had an internal error. Try again in a few minutes.',
};

/**
 * A message for an `error` the provider sent back. The provider's `error_description` is not shown:
 * anybody can craft a callback URL with any description, so a page showing it could tell a user
 * whatever the crafter likes.
 */
export function providerErrorMessage(error: string): string {
  return (
    PROVIDER_ERROR_MESSAGES[error] ??
    `The sign-in provider refused the sign-in (${error.replace(/[^a-z_]/gi, '').slice(0, 40)}). This is usually a setting of the console's registration there: tell your console administrator.`
  );
}

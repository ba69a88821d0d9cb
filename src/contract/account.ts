import { z } from 'zod';

// docs/accounts.md (D18): a person's own account in team mode with local sign-in: `/account` (change
// the password, a second factor) and the reset link an admin hands out. One schema for the console and
// the server. Passwords travel only in the request that sets or checks them and are never answered back.

export const ACCOUNT_API_PATH = '/api/account';
/** The page a reset link opens; the token is in the link's fragment, which no request carries. */
export const RESET_PASSWORD_PAGE = '/reset-password';
/** What the reset page posts (JSON): the token in the body, never in a URL. */
export const PASSWORD_RESET_CHECK_PATH = '/auth/password-reset/check';
export const PASSWORD_RESET_PATH = '/auth/password-reset';

export const accountPaths = {
  account: () => ACCOUNT_API_PATH,
  password: () => `${ACCOUNT_API_PATH}/password`,
  totp: () => `${ACCOUNT_API_PATH}/totp`,
  totpSetup: () => `${ACCOUNT_API_PATH}/totp/setup`,
  totpConfirm: () => `${ACCOUNT_API_PATH}/totp/confirm`,
  passkeys: () => `${ACCOUNT_API_PATH}/passkeys`,
  passkeyOptions: () => `${ACCOUNT_API_PATH}/passkeys/options`,
  passkey: (id: string) => `${ACCOUNT_API_PATH}/passkeys/${encodeURIComponent(id)}`,
} as const;

/** "Sign in with a passkey" (no session yet): the challenge, then the browser's answer, both JSON. */
export const PASSKEY_SIGN_IN_OPTIONS_PATH = '/auth/passkey/options';
export const PASSKEY_SIGN_IN_PATH = '/auth/passkey';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** A password typed to be checked (current, sign-in): never longer than one that can be set, with room for what older rules let in. */
export const MAX_TYPED_PASSWORD = 1024;

/**
 * A new password (NIST SP 800-63B, PCI DSS v4.0 8.3.6): 12 to 256 characters, no composition rules.
 * The server also refuses one that is easy to guess (its strength check), with the reason.
 */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `At least ${MIN_PASSWORD_LENGTH} characters` })
  .max(MAX_PASSWORD_LENGTH, { error: `At most ${MAX_PASSWORD_LENGTH} characters` });

/** What is still to do before the person may use the console: the server refuses everything else until then. */
export const ACCOUNT_SETUPS = ['change_password', 'enrol_second_factor'] as const;
export const accountSetupSchema = z.enum(ACCOUNT_SETUPS);
export type AccountSetup = z.infer<typeof accountSetupSchema>;

/** GET /api/account: the person's own account as /account shows it. */
export const accountSchema = z.object({
  email: z.string(),
  setup: accountSetupSchema.nullable(),
  /** Their role needs a second factor (CONSOLE_MFA_REQUIRED_FOR): turning off the last one sends them back to set one up. */
  second_factor_required: z.boolean(),
  /** An authenticator app (TOTP), and how many of its recovery codes are left unused. */
  totp: z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int().nonnegative() }),
  /** Passkeys (WebAuthn), each a second factor and a sign-in of its own. */
  passkeys: z.array(z.object({ id: z.string(), name: z.string(), created_at: z.iso.datetime(), last_used_at: z.iso.datetime().nullable() })),
});
export type Account = z.infer<typeof accountSchema>;

/** POST /api/account/password. */
export const changePasswordBodySchema = z.strictObject({
  current_password: z.string().min(1, { error: 'Type your current password' }).max(MAX_TYPED_PASSWORD),
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** A reset link's token: 32 random bytes, base64url. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This is not a reset link of this console' });

/** The reset page's first question: whose link this is (it is unused and not expired). */
export const passwordResetCheckSchema = z.object({ email: z.string() });
export const passwordResetBodySchema = z.strictObject({ token: resetTokenSchema, password: newPasswordSchema });

/** POST /api/users/{email}/password-reset (admins): the link, shown once; the console keeps only its hash. */
export const resetLinkSchema = z.object({ link: z.string(), expires_at: z.iso.datetime() });
export type ResetLink = z.infer<typeof resetLinkSchema>;

/** A password typed again before a second factor is added (confirm-password.ts on the server). */
export const confirmPasswordBodySchema = z.strictObject({
  current_password: z.string().min(1, { error: 'Type your current password' }).max(MAX_TYPED_PASSWORD),
});
export type ConfirmPasswordBody = z.input<typeof confirmPasswordBodySchema>;

/** POST /api/account/totp/setup: what an authenticator app needs. The secret as text is the "Setup key". */
export const totpSetupSchema = z.object({
  setup_key: z.string().regex(/^[A-Z2-7]+$/),
  uri: z.string().startsWith('otpauth://totp/'),
  /** The URI as a QR code, an SVG image as a data: URL. */
  qr_code: z.string().startsWith('data:image/svg+xml;base64,'),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** A code typed from an authenticator app (six digits) or, at sign-in, a recovery code. */
export const codeBodySchema = z.strictObject({ code: z.string().trim().min(1, { error: 'Type the code' }).max(40) });
export type CodeBody = z.input<typeof codeBodySchema>;

/** POST /api/account/totp/confirm: TOTP is on; these codes are shown once and never again. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

/** A passkey's name, so a person can tell theirs apart ("Work laptop", "YubiKey"). */
export const passkeyNameSchema = z.string().trim().min(1, { error: 'Name the passkey' }).max(60, { error: 'At most 60 characters' });

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/).max(16 * 1024);
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(10);

const credentialDescriptor = z.object({ id: base64url, type: z.literal('public-key'), transports: transports.optional() });
const userVerification = z.enum(['discouraged', 'preferred', 'required']);

/** POST /api/account/passkeys/options: what the browser needs to make a passkey (WebAuthn's creation options, as JSON). */
export const registrationOptionsSchema = z.object({
  challenge: base64url,
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: base64url, name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({ authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(), requireResidentKey: z.boolean().optional(), residentKey: userVerification.optional(), userVerification: userVerification.optional() })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});

/** What the browser's navigator.credentials.create() answered, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: transports.optional(),
  }),
  clientExtensionResults: z.object({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What the browser's navigator.credentials.get() answered. */
export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.object({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** POST /api/account/passkeys: the name and the authenticator's answer to the challenge just given. */
export const addPasskeyBodySchema = z.strictObject({ name: passkeyNameSchema, response: registrationResponseSchema });
export type AddPasskeyBody = z.input<typeof addPasskeyBodySchema>;

/** POST /auth/passkey: the authenticator's answer to this browser's challenge. */
export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });

import type { Hono } from 'hono';
import { accountPaths, codeBodySchema, confirmPasswordBodySchema } from '../../contract/account.ts';
import { detailError, validationError } from '../../http/errors.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { recordAccountEvent } from './account-audit.ts';
import { describeAccount } from './account-view.ts';
import { accountBody } from './account-body.ts';
import { confirmPassword } from './confirm-password.ts';
import { qrCodeDataUrl } from './qr-code.ts';
import type { SecretKey } from './secret-key.ts';
import { confirmTotpEnrolment, removeTotp, startTotpEnrolment, TotpError } from './totp.ts';

// docs/accounts.md: an authenticator app on /account. Setting one up needs the password again (a session
// left open must not add a factor someone else holds); it is on once a first code from it is right, and
// then the recovery codes are answered, once.

const NO_STORE = { 'Cache-Control': 'no-store' };

/** The key second factors are sealed under: main and startServer always set it with local sign-in. */
export function secretKeyOf(ctx: TeamContext): SecretKey {
  const key = ctx.config.secretKey;
  if (key === undefined) throw detailError(409, 'not_configured', 'This console has no key for second factors (CONSOLE_SECRET_KEY): ask its administrator.');
  return key;
}

export function mountTotpRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  app.post(accountPaths.totpSetup(), async (c) => {
    const user = c.get('user');
    const body = await accountBody(c, confirmPasswordBodySchema);
    await confirmPassword(ctx, c, user, body.current_password, 'current_password', 'mfa_enrol');
    try {
      const { setupKey, uri } = await startTotpEnrolment(ctx.db, secretKeyOf(ctx), user.email);
      return c.json({ setup_key: setupKey, uri, qr_code: qrCodeDataUrl(uri) }, 200, NO_STORE);
    } catch (error) {
      if (error instanceof TotpError) throw detailError(409, 'totp_enabled', error.message);
      throw error;
    }
  });

  app.post(accountPaths.totpConfirm(), async (c) => {
    const user = c.get('user');
    const body = await accountBody(c, codeBodySchema);
    const codes = await confirmTotpEnrolment(ctx.db, secretKeyOf(ctx), user.email, body.code, ctx.log);
    if (codes === null) {
      await recordAccountEvent(ctx, c, { actor: user, action: 'mfa_enrol', email: user.email, outcome: 'wrong_code', body: { method: 'totp' } });
      throw validationError({ code: ['That is not the code the app shows now. Type the six digits it shows, before they change.'] });
    }
    await recordAccountEvent(ctx, c, { actor: user, action: 'mfa_enrol', email: user.email, body: { method: 'totp' } });
    return c.json({ recovery_codes: codes }, 200, NO_STORE);
  });

  app.delete(accountPaths.totp(), async (c) => {
    const user = c.get('user');
    const wasOn = await removeTotp(ctx.db, user.email);
    if (wasOn) await recordAccountEvent(ctx, c, { actor: user, action: 'mfa_remove', email: user.email, body: { method: 'totp' } });
    return c.json(await describeAccount(ctx, user), 200, NO_STORE);
  });
}

import type { Context, Hono } from 'hono';
import { PASSWORD_RESET_CHECK_PATH, PASSWORD_RESET_PATH, passwordResetBodySchema, RESET_PASSWORD_PAGE, resetTokenSchema } from '../../contract/account.ts';
import type { JsonObject } from '../../http/body.ts';
import { parseJsonObject, readBodyBytes } from '../../http/body.ts';
import { detailError, validationError } from '../../http/errors.ts';
import { byMethod } from '../../http/routing.ts';
import { hashPassword } from '../passwords.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { recordAccountEvent } from './account-audit.ts';
import { passwordProblem } from './password-policy.ts';
import { resetLinkOwner, usePasswordReset } from './password-resets.ts';
import { LINK_GONE, RESET_SCRIPT, RESET_SCRIPT_PATH, resetPasswordPage } from './reset-page.ts';

// docs/accounts.md: following an admin's reset link (no session needed). The link is checked before the
// password is judged, and used only when the password is set: a refused password leaves it usable.

const linkGone = () => detailError(410, 'link_gone', LINK_GONE);
const MAX_RESET_BODY = 8 * 1024;

/** The posted JSON object, its token checked for shape (a token of another shape is no link of ours). */
async function readResetBody(c: Context): Promise<{ value: JsonObject; token: string }> {
  const value = parseJsonObject(await readBodyBytes(c.req.raw, MAX_RESET_BODY), c.req.header('content-type'), 'list');
  const token = resetTokenSchema.safeParse(value['token']);
  if (!token.success) throw linkGone();
  return { value, token: token.data };
}

export function mountResetRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  if (ctx.config.auth !== 'local') return;
  const noStore = { 'Cache-Control': 'no-store' };

  app.all(RESET_PASSWORD_PAGE, byMethod({ GET: (c) => c.html(resetPasswordPage(), 200, noStore) }));
  app.all(RESET_SCRIPT_PATH, byMethod({ GET: (c) => c.body(RESET_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }) }));

  app.all(
    PASSWORD_RESET_CHECK_PATH,
    byMethod({
      POST: async (c) => {
        const { token } = await readResetBody(c);
        const email = await resetLinkOwner(ctx.db, token);
        if (email === null) throw linkGone();
        return c.json({ email }, 200, noStore);
      },
    }),
  );

  app.all(
    PASSWORD_RESET_PATH,
    byMethod({
      POST: async (c) => {
        const { value, token } = await readResetBody(c);
        const email = await resetLinkOwner(ctx.db, token);
        if (email === null) {
          await recordAccountEvent(ctx, c, { actor: null, action: 'password_reset_used', email: null, outcome: 'link_gone' });
          throw linkGone();
        }
        const body = passwordResetBodySchema.safeParse(value);
        if (!body.success) throw validationError({ password: [body.error.issues[0]?.message ?? 'Type a new password'] });
        const problem = await passwordProblem(body.data.password, email);
        if (problem !== null) {
          await recordAccountEvent(ctx, c, { actor: email, action: 'password_reset_used', email, outcome: 'weak_password' });
          throw validationError({ password: [problem] });
        }
        const used = await usePasswordReset(ctx.db, token, await hashPassword(body.data.password));
        if (used === null) throw linkGone();
        await recordAccountEvent(ctx, c, { actor: email, action: 'password_reset_used', email });
        return c.json({ email }, 200, noStore);
      },
    }),
  );
}

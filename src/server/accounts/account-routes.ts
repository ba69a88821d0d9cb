import type { Hono } from 'hono';
import { accountPaths, changePasswordBodySchema } from '../../contract/account.ts';
import { validationError } from '../../http/errors.ts';
import { hashPassword } from '../passwords.ts';
import { endSessionsOf } from '../sessions.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { recordAccountEvent } from './account-audit.ts';
import { accountBody } from './account-body.ts';
import { setOwnPassword } from './account-state.ts';
import { describeAccount } from './account-view.ts';
import { confirmPassword } from './confirm-password.ts';
import { passwordProblem } from './password-policy.ts';
import { mountTotpRoutes } from './totp-routes.ts';
import { mountPasskeyRoutes } from './passkey-routes.ts';

// docs/accounts.md: /api/account, the signed-in person's own account (local sign-in). Open while the
// account's setup is due (account-gate.ts): it is where that setup happens.

const NO_STORE = { 'Cache-Control': 'no-store' };

export function mountAccountRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  if (ctx.config.auth !== 'local') return;

  app.get(accountPaths.account(), async (c) => c.json(await describeAccount(ctx, c.get('user')), 200, NO_STORE));

  // The new password is judged before the current one is checked: a weak one costs no attempt.
  app.post(accountPaths.password(), async (c) => {
    const user = c.get('user');
    const body = await accountBody(c, changePasswordBodySchema);
    const problem = await passwordProblem(body.new_password, user.email);
    if (problem !== null) {
      await recordAccountEvent(ctx, c, { actor: user, action: 'password_change', email: user.email, outcome: 'weak_password' });
      throw validationError({ new_password: [problem] });
    }
    await confirmPassword(ctx, c, user, body.current_password, 'current_password', 'password_change');
    await setOwnPassword(ctx.db, user.email, await hashPassword(body.new_password));
    // Whoever had the old password and signed in elsewhere is signed out; this browser stays.
    await endSessionsOf(ctx.db, user.email, c.get('sessionId'));
    await recordAccountEvent(ctx, c, { actor: user, action: 'password_change', email: user.email });
    return c.json(await describeAccount(ctx, user), 200, NO_STORE);
  });

  mountTotpRoutes(app, ctx);
  mountPasskeyRoutes(app, ctx);
}

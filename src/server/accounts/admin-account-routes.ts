import type { Hono } from 'hono';
import type { ResetLink } from '../../contract/account.ts';
import type { UserSummary } from '../../contract/users.ts';
import { emailSchema, USERS_API_PATH } from '../../contract/users.ts';
import { detailError } from '../../http/errors.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { expectedOrigin } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { findUser } from '../users.ts';
import { removeSecondFactors } from './account-state.ts';
import { recordAccountEvent } from './account-audit.ts';
import { issuePasswordReset, resetLink } from './password-resets.ts';

// docs/accounts.md: what an admin does to someone else's account from the Users page (behind
// users-routes.ts' manage:users check). A reset link is answered once and kept only as a hash; the
// audit row says it was issued, never what it was.

export function mountAdminAccountRoutes(app: Hono<TeamEnv>, ctx: TeamContext, summaryOf: (user: ConsoleUser) => Promise<UserSummary>): void {
  const targetOf = async (text: string) => {
    const email = emailSchema.safeParse(text);
    const target = email.success ? await findUser(ctx.db, email.data) : null;
    if (target === null) throw detailError(404, 'not_found', 'No such user.');
    return target;
  };

  app.post(`${USERS_API_PATH}/:email/password-reset`, async (c) => {
    const target = await targetOf(c.req.param('email'));
    if (ctx.config.auth !== 'local') throw detailError(409, 'managed_by_provider', 'This console signs in with OpenID Connect: passwords are reset at your identity provider.');
    if (target.status !== 'active') throw detailError(409, 'disabled', `${target.email} is disabled: enable the account first, then make the link.`);
    const { token, expiresAt } = await issuePasswordReset(ctx.db, target.email);
    await recordAccountEvent(ctx, c, { actor: c.get('user'), action: 'password_reset_issued', email: target.email, body: { expires_at: expiresAt.toISOString() } });
    const answer: ResetLink = { link: resetLink(expectedOrigin(c, ctx.config), token), expires_at: expiresAt.toISOString() };
    return c.json(answer, 201, { 'Cache-Control': 'no-store' });
  });

  // A person who lost their authenticator: they set a second factor up again at their next sign-in.
  app.delete(`${USERS_API_PATH}/:email/second-factor`, async (c) => {
    const target = await targetOf(c.req.param('email'));
    if (ctx.config.auth !== 'local') throw detailError(409, 'managed_by_provider', 'This console signs in with OpenID Connect: second factors are managed at your identity provider.');
    const removed = await removeSecondFactors(ctx.db, target.email);
    if (removed.length > 0) await recordAccountEvent(ctx, c, { actor: c.get('user'), action: 'mfa_remove', email: target.email, body: { removed } });
    return c.json(await summaryOf(target), 200, { 'Cache-Control': 'no-store' });
  });
}

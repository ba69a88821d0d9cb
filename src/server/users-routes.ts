import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import { unknownEnvironmentMessage } from '../contract/grants.ts';
import type { Grant } from '../contract/permissions.ts';
import { formatGrant } from '../contract/permissions.ts';
import type { UserSummary } from '../contract/users.ts';
import { addUserBodySchema, emailSchema, patchUserBodySchema, USERS_API_PATH } from '../contract/users.ts';
import { detailError, validationError } from '../http/errors.ts';
import { readBodyBytes } from '../http/body.ts';
import { parseJson } from '../contract/json-text.ts';
import { hashPassword } from './passwords.ts';
import { lockedAccounts, unlockAccount } from './sign-in-throttle.ts';
import { requireConsolePermission } from './require-console-permission.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, setSessionCookie, userAgent } from './team-session.ts';
import { createSession, findSession } from './sessions.ts';
import type { ConsoleUser } from './users.ts';
import { addUser, disableUser, enableUser, findUser, listUsers, removeUser, setGrants, UserError } from './users.ts';
import { mountAdminAccountRoutes } from './accounts/admin-account-routes.ts';
import { accountsWithSecondFactor } from './accounts/account-state.ts';
import { passwordProblem } from './accounts/password-policy.ts';

// docs/decisions.md D16: the users page's API for admins of the whole console. Every change (an unlock
// too) is an audit row with the admin's name; a password is read once, hashed, and appears in no answer and no row.
// With OIDC the provider owns who exists and their roles: only disable and enable are offered.
// An admin cannot lock themselves out (disable their account, drop their last console-wide admin
// grant): someone must always be left who can undo a mistake here.

/** A users request is a few hundred bytes; anything near this is not one. */
const MAX_BODY_BYTES = 16 * 1024;

const summary = (user: ConsoleUser, locks: ReadonlyMap<string, Date>, secondFactors: ReadonlySet<string>): UserSummary => ({
  email: user.email,
  status: user.status,
  grants: user.grants.map(formatGrant),
  locked_until: locks.get(user.email)?.toISOString() ?? null,
  second_factor: secondFactors.has(user.email),
});

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  if (issue === undefined) return 'Invalid request.';
  const path = issue.path.join('.');
  return path === '' ? issue.message : `${path}: ${issue.message}`;
};

async function readBody<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  if (!(c.req.header('content-type') ?? '').startsWith('application/json')) throw detailError(415, 'unsupported_media_type', 'Send JSON.');
  const value = parseJson(new TextDecoder().decode(await readBodyBytes(c.req.raw, MAX_BODY_BYTES)));
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw detailError(400, 'invalid', firstIssue(parsed.error));
  return parsed.data;
}

const holdsConsoleAdmin = (user: ConsoleUser) => user.grants.some((g) => g.role === 'admin' && g.environment === null);

export function mountUsersRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  const record = (c: Context<TeamEnv>, action: string, email: string, body: Record<string, unknown>, outcome = 'ok') => {
    const admin = c.get('user');
    return ctx.audit.record({
      user: admin.email,
      role: admin.grants.map(formatGrant).join(' ') || null,
      environment: null,
      action,
      order_id: null,
      body: { email, ...body },
      outcome,
      address: clientAddress(c),
      user_agent: userAgent(c),
    });
  };

  // With OIDC, roles come from the provider's claim at every sign-in (oidc-users.ts) and an account
  // is made at the first one, keyed by subject: a row added or re-roled here would be overwritten
  // or would take the e-mail the person's own account needs. Disable and enable still hold.
  const refuseWithOidc = () => {
    if (ctx.config.auth === 'oidc') throw detailError(409, 'managed_by_provider', 'This console signs in with OpenID Connect: add people and change their roles at your identity provider. Here you can disable or enable them.');
  };

  app.use(USERS_API_PATH, requireConsolePermission(ctx, 'manage:users'));
  app.use(`${USERS_API_PATH}/*`, requireConsolePermission(ctx, 'manage:users'));

  const environmentIds = ctx.config.environments.map((environment) => environment.id);
  const refuseUnknownEnvironment = (grants: readonly Grant[]) => {
    const message = unknownEnvironmentMessage(grants, environmentIds);
    if (message !== null) throw detailError(400, 'invalid', `grants: ${message[0]?.toUpperCase() ?? ''}${message.slice(1)}.`);
  };
  const summaryOf = async (user: ConsoleUser) => summary(user, await lockedAccounts(ctx.db), await accountsWithSecondFactor(ctx.db));

  app.get(USERS_API_PATH, async (c) => {
    const [users, locks, secondFactors] = await Promise.all([listUsers(ctx.db), lockedAccounts(ctx.db), accountsWithSecondFactor(ctx.db)]);
    return c.json({ users: users.map((user) => summary(user, locks, secondFactors)) }, 200, { 'Cache-Control': 'no-store' });
  });
  app.post(USERS_API_PATH, async (c) => {
        const body = await readBody(c, addUserBodySchema);
        refuseWithOidc();
        if (body.password === undefined) throw detailError(400, 'invalid', 'password: Give an initial password (local sign-in).');
        refuseUnknownEnvironment(body.grants);
        if ((await findUser(ctx.db, body.email)) !== null) throw detailError(409, 'user_exists', `${body.email} already has an account: change its roles instead.`);
        const problem = await passwordProblem(body.password, body.email);
        if (problem !== null) throw validationError({ password: [problem] });
        const passwordHash = await hashPassword(body.password);
        // Two admins adding one e-mail at once: the second insert finds the row and addUser refuses.
        // The admin chose this password: the person changes it at first sign-in (docs/accounts.md).
        const user = await addUser(ctx.db, { email: body.email, grants: body.grants, passwordHash, mustChangePassword: true }).catch((error: unknown) => {
          if (!(error instanceof UserError)) throw error;
          throw detailError(409, 'user_exists', `${body.email} already has an account: change its roles instead.`);
        });
        await record(c, 'user_add', user.email, { grants: user.grants.map(formatGrant) });
        return c.json(await summaryOf(user), 201, { 'Cache-Control': 'no-store' });
  });
  app.all(USERS_API_PATH, () => {
    throw detailError(405, 'method_not_allowed', 'Method not allowed.', { Allow: 'GET, HEAD, POST' });
  });

  app.patch(`${USERS_API_PATH}/:email`, async (c) => {
        const email = emailSchema.safeParse(c.req.param('email'));
        if (!email.success) throw detailError(404, 'not_found', 'No such user.');
        const body = await readBody(c, patchUserBodySchema);
        const target = await findUser(ctx.db, email.data);
        if (target === null) throw detailError(404, 'not_found', `No account for ${email.data}.`);
        const self = c.get('user').email === target.email;
        if (self && body.status === 'disabled') {
          await record(c, 'user_disable', target.email, {}, 'refused');
          throw detailError(409, 'self_lockout', 'You cannot disable your own account: ask another admin.');
        }
        if (self && body.grants !== undefined && holdsConsoleAdmin(target) && !body.grants.some((g) => g.role === 'admin' && g.environment === null)) {
          await record(c, 'user_set_role', target.email, { grants: body.grants.map(formatGrant) }, 'refused');
          throw detailError(409, 'self_lockout', 'You cannot remove your own admin grant for the whole console: ask another admin.');
        }
        if (body.grants !== undefined) refuseWithOidc();
        if (body.grants !== undefined) refuseUnknownEnvironment(body.grants);
        let user = target;
        if (body.grants !== undefined) {
          user = await setGrants(ctx.db, target.email, body.grants);
          await record(c, 'user_set_role', user.email, { from: target.grants.map(formatGrant), grants: user.grants.map(formatGrant) });
          // setGrants ended the account's sessions when the grants changed: an admin who changed their
          // own goes on under a new session id (ASVS 5.0: a new session on a change of privilege).
          if (self && !(await findSession(ctx.db, c.get('sessionId')))) {
            setSessionCookie(c, ctx.config, await createSession(ctx.db, user.email, { idleMs: ctx.config.idleMs, maxMs: ctx.config.maxMs }));
          }
        }
        if (body.status !== undefined && body.status !== target.status) {
          user = body.status === 'disabled' ? await disableUser(ctx.db, target.email) : await enableUser(ctx.db, target.email);
          await record(c, body.status === 'disabled' ? 'user_disable' : 'user_enable', user.email, {});
        }
        return c.json(await summaryOf(user), 200, { 'Cache-Control': 'no-store' });
  });
  // PCI DSS v4.0 8.3.4: an account locked by failed sign-ins opens again at once when an admin says so.
  app.post(`${USERS_API_PATH}/:email/unlock`, async (c) => {
    const email = emailSchema.safeParse(c.req.param('email'));
    const target = email.success ? await findUser(ctx.db, email.data) : null;
    if (target === null) throw detailError(404, 'not_found', 'No such user.');
    const wasLocked = await unlockAccount(ctx.db, target.email);
    await record(c, 'account_unlock', target.email, { was_locked: wasLocked });
    return c.json(await summaryOf(target), 200, { 'Cache-Control': 'no-store' });
  });
  app.all(`${USERS_API_PATH}/:email/unlock`, () => {
    throw detailError(405, 'method_not_allowed', 'Method not allowed.', { Allow: 'POST' });
  });
  // Removal: the sessions end with the row; the name stays in the audit and on past approvals.
  app.delete(`${USERS_API_PATH}/:email`, async (c) => {
    const email = emailSchema.safeParse(c.req.param('email'));
    const target = email.success ? await findUser(ctx.db, email.data) : null;
    if (target === null) throw detailError(404, 'not_found', 'No such user.');
    if (ctx.config.auth === 'oidc') throw detailError(409, 'managed_by_provider', 'This console signs in with OpenID Connect: remove the person at your identity provider, and disable them here.');
    if (c.get('user').email === target.email) {
      await record(c, 'user_remove', target.email, {}, 'refused');
      throw detailError(409, 'self_lockout', 'You cannot remove your own account: ask another admin.');
    }
    await removeUser(ctx.db, target.email);
    await record(c, 'user_remove', target.email, { grants: target.grants.map(formatGrant) });
    return c.body(null, 204);
  });
  mountAdminAccountRoutes(app, ctx, summaryOf);
  app.all(`${USERS_API_PATH}/:email`, () => {
    throw detailError(405, 'method_not_allowed', 'Method not allowed.', { Allow: 'PATCH, DELETE' });
  });
}

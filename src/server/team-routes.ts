import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { ME_PATH } from '../contract/console-api.ts';
import { describeMe } from './me-answer.ts';
import type { FetchApp } from '../http/listen.ts';
import { byMethod } from '../http/routing.ts';
import { detailError } from '../http/errors.ts';
import { readBodyBytes } from '../http/body.ts';
import { accountGate, requestSetup } from './accounts/account-gate.ts';
import { finishSignIn, recordSignIn } from './accounts/sign-in-finish.ts';
import { mountSecondStepRoutes, startSecondStep } from './accounts/sign-in-steps.ts';
import { mountPasskeySignIn } from './accounts/passkey-sign-in.ts';
import { mountAccountRoutes } from './accounts/account-routes.ts';
import { PASSWORD_RESET_DONE } from './accounts/reset-page.ts';
import { mountResetRoutes } from './accounts/reset-routes.ts';
import { registerApprovals } from './approvals/approval-mount.ts';
import { registerBulkRuns } from './bulk-runs/bulk-run-mount.ts';
import { registerScenarioRuns } from './scenario-runs/scenario-run-routes.ts';
import { registerForwarding } from './forward.ts';
import { registerGateway } from './gateway/gateway.ts';
import { mountServiceAccountRoutes } from './gateway/service-account-routes.ts';
import { mountAuditRoutes } from './team-audit-routes.ts';
import { mountUsersRoutes } from './users-routes.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import { providerLabel, registerOidcRoutes } from './team-oidc-routes.ts';
import { parseJson } from '../contract/json-text.ts';
import { registerOrderIndex } from './order-index/order-index-mount.ts';
import type { StoreWatch } from '../sandbox/entry.ts';
import { decoyHash, verifyPassword } from './passwords.ts';
import { endSession } from './sessions.ts';
import { reserveSignInAttempt, settleFailed, throttledMessage } from './sign-in-throttle.ts';
import { safeReturnTo } from './safe-return-to.ts';
import { assertStorable, storableQuery } from './storable-text.ts';
import { SIGN_IN_PATH, SIGN_IN_SCRIPT, SIGN_IN_SCRIPT_PATH, signInPage } from './sign-in-page.ts';
import { SIGN_IN_STYLE, SIGN_IN_STYLE_PATH } from './sign-in-style.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clearSessionCookie, clientAddress, currentUser, requireSession, resolveClient, sameOriginWrites, sessionIdOf, userAgent } from './team-session.ts';
import type { SessionClock } from '../contract/console-api.ts';
import { SESSION_API_PATH } from '../contract/session.ts';
import type { ConsoleUser } from './users.ts';
import { findUser } from './users.ts';

// docs/decisions.md D16: team mode's own routes: /sign-in, /auth/sign-in, /auth/sign-out, /api/me and the
// forwarding under /env/. Wrong password, unknown e-mail and disabled account get one and the same
// answer, after the same work (a decoy hash for an unknown e-mail), so it says nothing about which.

const SIGN_IN_FAILED = 'Wrong email or password, or the account is disabled.';
const MAX_FIELD = 1024;

const credentialsSchema = z.object({
  email: z.string().max(MAX_FIELD),
  password: z.string().max(MAX_FIELD),
  return_to: z.string().max(2000).optional(),
});

type Credentials = z.infer<typeof credentialsSchema>;

/** The sign-in form's fields or a JSON body, at most 1 MiB read (readBodyBytes answers 413 beyond). */
async function readCredentials(c: Context): Promise<{ form: boolean; credentials: Credentials | null }> {
  const type = c.req.header('content-type') ?? '';
  const form = type.startsWith('application/x-www-form-urlencoded');
  const text = new TextDecoder().decode(await readBodyBytes(c.req.raw));
  const parsed = credentialsSchema.safeParse(form ? Object.fromEntries(new URLSearchParams(text)) : parseJson(text));
  // An e-mail or return_to the database cannot keep (it names the throttle's counters and the audit's rows): 400 first.
  if (parsed.success) assertStorable({ email: parsed.data.email, return_to: parsed.data.return_to });
  return { form, credentials: parsed.success ? parsed.data : null };
}

/** A page load of the console without a session goes to /sign-in first (assets and files need none). */
export function wantsPage(c: Context): boolean {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return false;
  const path = c.req.path;
  if (path.startsWith('/assets/') || /\/[^/]*\.[A-Za-z0-9]{1,8}$/.test(path)) return false;
  return (c.req.header('accept') ?? '').includes('text/html');
}

export function createTeamApp(ctx: TeamContext, sandbox: { app: FetchApp; token: string; store?: StoreWatch } | undefined, oidc?: OidcConfig): Hono<TeamEnv> {
  const app = new Hono<TeamEnv>();
  app.use(resolveClient(ctx));
  // Before the same-origin check and the session: a machine's call with a service account's key (gateway.ts).
  registerGateway(app, ctx, sandbox);
  app.use(sameOriginWrites(ctx));
  // Query strings the console's database may be asked to keep (filters, return_to): refused first when it cannot.
  for (const path of ['/api/*', '/env/*', '/auth/*', SIGN_IN_PATH]) app.use(path, storableQuery);
  const oidcProvider = oidc === undefined ? undefined : providerLabel(oidc);
  if (oidc !== undefined) registerOidcRoutes(app, ctx, oidc);

  app.all(
    SIGN_IN_PATH,
    byMethod({
      GET: async (c) => {
        const returnTo = safeReturnTo(c.req.query('return_to'));
        if ((await currentUser(c, ctx)) !== null) return c.redirect(returnTo, 303);
        const notice = c.req.query('signed_out') === '1' ? 'You are signed out.' : c.req.query(PASSWORD_RESET_DONE) === '1' ? 'Your new password is set. Sign in with it.' : undefined;
        return c.html(signInPage({ returnTo, ...(notice !== undefined && { notice }), ...(oidcProvider !== undefined && { oidcProvider }) }), 200, { 'Cache-Control': 'no-store' });
      },
    }),
  );

  mountResetRoutes(app, ctx);
  mountSecondStepRoutes(app, ctx);
  mountPasskeySignIn(app, ctx);
  app.all(SIGN_IN_SCRIPT_PATH, byMethod({ GET: (c) => c.body(SIGN_IN_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }) }));
  app.all(SIGN_IN_STYLE_PATH, byMethod({ GET: (c) => c.body(SIGN_IN_STYLE, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }) }));

  app.all(
    '/auth/sign-in',
    byMethod({
      POST: async (c) => {
        if (ctx.config.auth !== 'local') throw detailError(404, 'not_found', 'Sign-in with a password is off: this console signs in with OpenID Connect.');
        const { form, credentials } = await readCredentials(c);
        const returnTo = safeReturnTo(credentials?.return_to);
        const email = (credentials?.email ?? '').trim().toLowerCase();
        const address = clientAddress(c);
        const audit = (action: string, outcome: string, user: ConsoleUser | null) => recordSignIn(ctx, c, email === '' ? null : email, action, outcome, user);
        const fail = (status: 401 | 429, message: string, headers: Record<string, string> = {}) =>
          form
            ? c.html(signInPage({ returnTo, email, message }), status, { 'Cache-Control': 'no-store', ...headers })
            : c.json({ detail: message, code: status === 429 ? 'throttled' : 'sign_in_failed' }, status, headers);

        if (credentials === null || email === '') return fail(401, SIGN_IN_FAILED);
        // Counted before the password is checked (sign-in-throttle.ts): a burst is evaluated up to the limit.
        const reservation = await reserveSignInAttempt(ctx.db, { email, address });
        if (!reservation.ok) {
          await audit('sign_in_failed', reservation.accountLocked ? 'locked' : 'throttled', null);
          return fail(429, throttledMessage(reservation.retryAfterSeconds, reservation.accountLocked), { 'Retry-After': String(reservation.retryAfterSeconds) });
        }
        const { attempt } = reservation;
        const user = await findUser(ctx.db, email);
        const matches = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyHash()));
        if (user === null || user.status !== 'active' || user.passwordHash === null || !matches) {
          const { accountLocked } = await settleFailed(ctx.db, attempt);
          await audit('sign_in_failed', user === null ? 'unknown_user' : user.status !== 'active' ? 'disabled' : 'wrong_password', null);
          if (accountLocked) await audit('account_locked', 'locked', null);
          return fail(401, SIGN_IN_FAILED);
        }
        // An account with a second factor signs in only with it too (docs/accounts.md): its page comes next.
        const secondStep = await startSecondStep(c, ctx, { user, attempt, returnTo, form });
        return secondStep ?? finishSignIn(c, ctx, { user, attempt, returnTo, form });
      },
    }),
  );

  app.all(
    '/auth/sign-out',
    byMethod({
      POST: async (c) => {
        const found = await currentUser(c, ctx);
        const id = sessionIdOf(c, ctx.config);
        if (id !== undefined && id !== '') await endSession(ctx.db, id);
        if (found !== null) {
          await ctx.audit.record({ user: found.user.email, role: null, environment: null, action: 'sign_out', order_id: null, body: null, outcome: 'ok', address: clientAddress(c), user_agent: userAgent(c) });
        }
        clearSessionCookie(c, ctx.config);
        // ASVS 14.3.1: what the console kept in this browser (the journal, drafts) goes with the session.
        c.header('Clear-Site-Data', '"cache", "cookies", "storage"');
        c.header('Cache-Control', 'no-store');
        const json = (c.req.header('accept') ?? '').includes('application/json');
        return json ? c.body(null, 204) : c.redirect(`${SIGN_IN_PATH}?signed_out=1`, 303);
      },
    }),
  );

  app.use('/api/*', requireSession(ctx));
  app.use('/env/*', requireSession(ctx));
  // An account with its setup due (an admin-set password, a second factor its role needs) may use /account only.
  app.use('/api/*', accountGate(ctx));
  app.use('/env/*', accountGate(ctx));
  app.get(ME_PATH, async (c) => c.json(describeMe(c.get('user'), ctx, await requestSetup(c, ctx)), 200, { 'Cache-Control': 'no-store' }));
  // The idle clock for the page's warning (contract/session.ts); asked without the background header
  // ("Stay signed in", a person's gesture) it is activity like any other request. DELETE: the page saw
  // the idle end come (it counts only what a person does, as this server does) and ends the session.
  app.get(SESSION_API_PATH, (c) => c.json({ idle_ms: ctx.config.idleMs, idle_ends_in_ms: c.get('idleLeftMs') } satisfies SessionClock, 200, { 'Cache-Control': 'no-store' }));
  app.delete(SESSION_API_PATH, async (c) => {
    await endSession(ctx.db, c.get('sessionId'));
    await ctx.audit.record({ user: c.get('user').email, role: null, environment: null, action: 'sign_out', order_id: null, body: null, outcome: 'idle', address: clientAddress(c), user_agent: userAgent(c) });
    clearSessionCookie(c, ctx.config);
    return c.body(null, 204, { 'Cache-Control': 'no-store' });
  });
  app.all(SESSION_API_PATH, () => {
    throw detailError(405, 'method_not_allowed', 'Method not allowed.', { Allow: 'GET, HEAD, DELETE' });
  });
  mountAccountRoutes(app, ctx);
  registerApprovals(app, ctx, sandbox);
  registerBulkRuns(app, ctx, sandbox);
  registerScenarioRuns(app, ctx, sandbox);
  registerOrderIndex(app, ctx, sandbox);
  mountAuditRoutes(app, ctx);
  mountUsersRoutes(app, ctx);
  mountServiceAccountRoutes(app, ctx);
  registerForwarding(app, ctx, sandbox);
  return app;
}

import type { Context } from 'hono';
import type { Hono } from 'hono';
import { grantSchema } from '../contract/grants.ts';
import type { Grant } from '../contract/permissions.ts';
import { formatGrant } from '../contract/permissions.ts';
import { byMethod } from '../http/routing.ts';
import type { OidcConfig } from './oidc/oidc-config.ts';
import { OidcSignInError, OidcUnavailableError } from './oidc/oidc-errors.ts';
import { amrShowsSecondFactor } from './oidc/oidc-amr.ts';
import { oidcLandingPage } from './oidc/oidc-landing.ts';
import type { OidcSignIn } from './oidc/oidc-sign-in.ts';
import { createLazyOidcSignIn, pendingOidcSchema } from './oidc/oidc-sign-in.ts';
import { saveAttempt, setAttemptCookie, takeAttempt } from './oidc-attempts.ts';
import { upsertOidcUser } from './oidc-users.ts';
import { createSession } from './sessions.ts';
import { safeReturnTo } from './safe-return-to.ts';
import { signInPage } from './sign-in-page.ts';
import type { TeamContext, TeamEnv } from './team-session.ts';
import { clientAddress, expectedOrigin, secureCookies, setSessionCookie, userAgent } from './team-session.ts';

// docs/decisions.md D16 and docs/oidc.md: CONSOLE_AUTH=oidc. /auth/oidc/start sends the browser to the
// provider; /auth/oidc/callback takes the attempt back (once), checks it with the provider, and
// makes the session with the roles of the claim. Whatever fails (provider down, cancelled, no role)
// ends on the sign-in page saying why, with no session: never a 5xx, nobody half signed in.

export const OIDC_START_PATH = '/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/auth/oidc/callback';

/** What the sign-in page's button names: the provider's host. */
export const providerLabel = (config: OidcConfig) => config.providerName ?? new URL(config.issuer).host;

export function registerOidcRoutes(app: Hono<TeamEnv>, ctx: TeamContext, config: OidcConfig): void {
  const isKnownRole = (name: string) => {
    const grant = grantSchema.safeParse(name);
    return grant.success && (grant.data.environment === null || ctx.config.environments.some((e) => e.id === grant.data.environment));
  };
  // The redirect URI is this console's address (CONSOLE_ORIGIN, else the one it was reached at);
  // one sign-in per address, so discovery happens once.
  let current: { origin: string; signIn: OidcSignIn } | null = null;
  const signInFor = (c: Context): OidcSignIn => {
    const origin = expectedOrigin(c, ctx.config);
    if (current?.origin !== origin) current = { origin, signIn: createLazyOidcSignIn(config, { redirectUri: `${origin}${OIDC_CALLBACK_PATH}`, isKnownRole }) };
    return current.signIn;
  };
  const label = providerLabel(config);
  const page = (c: Context, message: string, status: 200 | 400 | 403 = 400) =>
    c.html(signInPage({ returnTo: '/', message, oidcProvider: label }), status, { 'Cache-Control': 'no-store' });
  const audit = (c: Context, user: string | null, role: string | null, action: string, outcome: string, body: unknown = null) =>
    ctx.audit.record({ user, role, environment: null, action, order_id: null, body, outcome, address: clientAddress(c), user_agent: userAgent(c) });

  app.all(
    OIDC_START_PATH,
    byMethod({
      GET: async (c) => {
        try {
          const { redirectUrl, pending } = await signInFor(c).start(safeReturnTo(c.req.query('return_to')));
          const id = await saveAttempt(ctx.db, pending);
          setAttemptCookie(c, id, secureCookies(c, ctx.config));
          c.header('Cache-Control', 'no-store');
          return c.redirect(redirectUrl, 302);
        } catch (error) {
          if (error instanceof OidcUnavailableError) return page(c, error.message, 200);
          throw error;
        }
      },
    }),
  );

  app.all(
    OIDC_CALLBACK_PATH,
    byMethod({
      GET: async (c) => {
        const secure = secureCookies(c, ctx.config);
        const pending = pendingOidcSchema.safeParse(await takeAttempt(c, ctx.db, secure));
        setAttemptCookie(c, '', secure);
        if (!pending.success) return page(c, 'This sign-in is not known here (it was used already, or took too long). Start it again.');
        try {
          const who = await signInFor(c).finish(new URL(c.req.url), pending.data);
          const grants: Grant[] = who.roles.flatMap((role) => {
            const grant = grantSchema.safeParse(role);
            return grant.success ? [grant.data] : [];
          });
          const claimed = { subject: who.subject, email: who.email, email_verified: who.emailVerified, unknown_roles: who.unknownRoles };
          // OIDC_REQUIRE_MFA (docs/accounts.md): the provider must say it asked for a second factor.
          if (config.requireMfa === true && !amrShowsSecondFactor(who.amr)) {
            await audit(c, who.email ?? who.subject, null, 'sign_in_failed', 'no_second_factor', { ...claimed, amr: who.amr });
            return page(c, 'This console needs a second factor, and your sign-in provider did not report one for this sign-in. Set one up at your provider (or use it when it asks), then sign in again.', 403);
          }
          if (grants.length === 0) {
            // Told apart in the log and the audit: a claim that never arrives is the provider's setup
            // (a mapper, a scope: docs/oidc.md), names that are no role here are the person's roles.
            const reason = who.rolesClaimPresent
              ? `the roles claim \`${config.rolesClaim}\` held no role of this console (${who.unknownRoles.length === 0 ? 'it was empty' : `only ${who.unknownRoles.join(', ')}`})`
              : `the roles claim \`${config.rolesClaim}\` was not in the ID token or userinfo`;
            ctx.log(`oidc: ${who.email ?? who.subject} not signed in: ${reason}`);
            await audit(c, who.email ?? who.subject, null, 'sign_in_failed', who.rolesClaimPresent ? 'no_role' : 'no_roles_claim', { ...claimed, reason });
            return page(
              c,
              who.rolesClaimPresent
                ? 'Your account has no role in this console. Ask an admin to give you one at the sign-in provider.'
                : `The sign-in provider did not send your roles (the claim ${config.rolesClaim}), so you are not signed in. Ask an admin to check the console's settings at the provider.`,
              403,
            );
          }
          const user = await upsertOidcUser(ctx.db, who, grants);
          if (user.status !== 'active') {
            await audit(c, user.email, null, 'sign_in_failed', 'disabled', claimed);
            return page(c, 'This account is disabled in this console.', 403);
          }
          const id = await createSession(ctx.db, user.email, { idleMs: ctx.config.idleMs, maxMs: ctx.config.maxMs });
          await audit(c, user.email, grants.map(formatGrant).join(' '), 'sign_in', 'ok', claimed);
          const landing = oidcLandingPage(pending.data.returnTo);
          setSessionCookie(c, ctx.config, id);
          return c.body(landing.body, landing.status, landing.headers);
        } catch (error) {
          if (error instanceof OidcUnavailableError || error instanceof OidcSignInError) {
            ctx.log(`oidc: ${error.message}${error instanceof OidcSignInError && error.detail !== '' ? ` (${error.detail})` : ''}`);
            await audit(c, null, null, 'sign_in_failed', error instanceof OidcUnavailableError ? 'provider_unreachable' : error.code);
            return page(c, error.message);
          }
          throw error;
        }
      },
    }),
  );
}

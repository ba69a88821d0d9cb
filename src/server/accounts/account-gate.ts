import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AccountSetup } from '../../contract/account.ts';
import { ACCOUNT_API_PATH } from '../../contract/account.ts';
import { ME_PATH } from '../../contract/console-api.ts';
import { SESSION_API_PATH } from '../../contract/session.ts';
import { detailError } from '../../http/errors.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { currentUser } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { accountState, setupOf } from './account-state.ts';
import { mfaRequired } from './mfa-policy.ts';

// docs/accounts.md: a session whose account still has something to do (change an admin-set password,
// enrol a second factor its role needs) may use /account and nothing else: the server refuses every
// other /api and /env call, and a page load goes to /account. With OpenID Connect the provider owns
// passwords and factors, so nothing is held here.

export const ACCOUNT_PAGE = '/account';

const SETUP_MESSAGES: Readonly<Record<AccountSetup, string>> = {
  change_password: 'Choose a new password on your account page (/account) first: the one you have was set by an admin.',
  enrol_second_factor: 'Set up a second factor on your account page (/account) first: your role needs one.',
};

/** Whether `user`'s roles need a second factor here (CONSOLE_MFA_REQUIRED_FOR; never with OpenID Connect). */
export const secondFactorRequired = (ctx: TeamContext, user: ConsoleUser) => ctx.config.auth === 'local' && mfaRequired(user.grants, ctx.config.mfaRequiredFor ?? []);

/** What `user`'s account must still do (null: nothing); always null with OpenID Connect. */
export async function setupFor(ctx: TeamContext, user: ConsoleUser): Promise<AccountSetup | null> {
  if (ctx.config.auth !== 'local') return null;
  const state = await accountState(ctx.db, user.email);
  return state === null ? null : setupOf(state, secondFactorRequired(ctx, user));
}

const setupOfRequest = new WeakMap<Request, Promise<AccountSetup | null>>();

/** What the signed-in person of this request must still do (null: nothing, or nobody signed in), looked up once a request. */
export function requestSetup(c: Context, ctx: TeamContext): Promise<AccountSetup | null> {
  const known = setupOfRequest.get(c.req.raw);
  if (known !== undefined) return known;
  const found = currentUser(c, ctx).then((signedIn) => (signedIn === null ? null : setupFor(ctx, signedIn.user)));
  setupOfRequest.set(c.req.raw, found);
  return found;
}

// /api/session too: the idle clock, and the page ending its own session.
const isOpen = (path: string) => path === ME_PATH || path === SESSION_API_PATH || path === ACCOUNT_API_PATH || path.startsWith(`${ACCOUNT_API_PATH}/`);

/** Behind requireSession on /api/* and /env/*: 403 `account_setup_required` for all but /api/me, /api/session and /api/account while setup is due. */
export function accountGate(ctx: TeamContext) {
  return createMiddleware<TeamEnv>(async (c, next) => {
    if (isOpen(c.req.path)) return next();
    const setup = await requestSetup(c, ctx);
    if (setup !== null) throw detailError(403, 'account_setup_required', SETUP_MESSAGES[setup]);
    return next();
  });
}

/** A page load of a session with setup due goes to /account (null: let it through). */
export async function setupRedirect(c: Context, ctx: TeamContext): Promise<string | null> {
  if (c.req.path === ACCOUNT_PAGE) return null;
  return (await requestSetup(c, ctx)) === null ? null : ACCOUNT_PAGE;
}

import type { Context } from 'hono';
import { formatGrant } from '../../contract/permissions.ts';
import { describeMe } from '../me-answer.ts';
import { createSession } from '../sessions.ts';
import type { SignInAttempt } from '../sign-in-throttle.ts';
import { settleSignedIn } from '../sign-in-throttle.ts';
import type { TeamContext } from '../team-session.ts';
import { clientAddress, setSessionCookie, userAgent } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { setupFor } from './account-gate.ts';

// docs/decisions.md D16, docs/accounts.md: the end of every local sign-in, however the person proved who
// they are (a password alone, a password and a code, a passkey): the attempt settled, a session, the
// audit row, and the answer the form or the console's client expects.

/** A sign-in's audit row: the e-mail typed (null when none), and the account's grants once known. */
export function recordSignIn(ctx: TeamContext, c: Context, email: string | null, action: string, outcome: string, user: ConsoleUser | null, body: Record<string, unknown> | null = null): Promise<void> {
  return ctx.audit.record({
    user: email,
    role: user === null ? null : user.grants.map(formatGrant).join(' ') || null,
    environment: null,
    action,
    order_id: null,
    body,
    outcome,
    address: clientAddress(c),
    user_agent: userAgent(c),
  });
}

export interface Finish {
  user: ConsoleUser;
  attempt: SignInAttempt;
  returnTo: string;
  /** The sign-in page's form (a redirect), or the console's client (JSON: who this is now). */
  form: boolean;
  /** How the second factor was given, for the audit row; none for a password alone. */
  secondFactor?: Record<string, unknown>;
}

export async function finishSignIn(c: Context, ctx: TeamContext, finish: Finish): Promise<Response> {
  const { user } = finish;
  await settleSignedIn(ctx.db, finish.attempt);
  const id = await createSession(ctx.db, user.email, { idleMs: ctx.config.idleMs, maxMs: ctx.config.maxMs });
  await recordSignIn(ctx, c, user.email, 'sign_in', 'ok', user, finish.secondFactor ?? null);
  setSessionCookie(c, ctx.config, id);
  c.header('Cache-Control', 'no-store');
  return finish.form ? c.redirect(finish.returnTo, 303) : c.json(describeMe(user, ctx, await setupFor(ctx, user)), 200);
}

import type { Context } from 'hono';
import { detailError, validationError } from '../../http/errors.ts';
import { verifyPassword } from '../passwords.ts';
import { reserveSignInAttempt, settleFailed, settleSignedIn, throttledMessage } from '../sign-in-throttle.ts';
import type { TeamContext } from '../team-session.ts';
import { clientAddress } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { recordAccountEvent } from './account-audit.ts';

// docs/accounts.md: a signed-in person confirms their password before it changes or a factor is added, so
// a session left open (or taken) cannot make itself permanent. Each check is a sign-in attempt
// (sign-in-throttle.ts): counted before the password work, wrong ones against the same limit, a locked
// account refused even with the right password.

/** Passes when `password` is `user`'s; else a 400 on `field` (or 429 while locked), audited under `action`. */
export async function confirmPassword(ctx: TeamContext, c: Context, user: ConsoleUser, password: string, field: string, action: string): Promise<void> {
  const reservation = await reserveSignInAttempt(ctx.db, { email: user.email, address: clientAddress(c) });
  if (!reservation.ok) {
    await recordAccountEvent(ctx, c, { actor: user, action, email: user.email, outcome: reservation.accountLocked ? 'locked' : 'throttled' });
    throw detailError(429, 'throttled', throttledMessage(reservation.retryAfterSeconds, reservation.accountLocked), { 'Retry-After': String(reservation.retryAfterSeconds) });
  }
  const right = user.passwordHash !== null && (await verifyPassword(password, user.passwordHash));
  if (right) {
    await settleSignedIn(ctx.db, reservation.attempt);
    return;
  }
  const { accountLocked } = await settleFailed(ctx.db, reservation.attempt);
  await recordAccountEvent(ctx, c, { actor: user, action, email: user.email, outcome: 'wrong_password' });
  if (accountLocked) await recordAccountEvent(ctx, c, { actor: user, action: 'account_locked', email: user.email, outcome: 'locked' });
  throw validationError({ [field]: ['This is not your current password.'] });
}

import type { Context } from 'hono';
import { formatGrant } from '../../contract/permissions.ts';
import type { TeamContext } from '../team-session.ts';
import { clientAddress, userAgent } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';

// docs/accounts.md: every change to an account is an audit row: who did it (the person themselves or an
// admin), whose account (`body.email`), and never a password, code, secret or reset token.

export interface AccountEvent {
  /** Who acted: their e-mail, or null when nobody was signed in (a reset link, a sign-in step). */
  actor: ConsoleUser | string | null;
  action: string;
  /** Whose account it is (null: a link or credential that names nobody). */
  email: string | null;
  outcome?: string;
  body?: Record<string, unknown>;
}

export function recordAccountEvent(ctx: TeamContext, c: Context, event: AccountEvent): Promise<void> {
  const actor = event.actor;
  return ctx.audit.record({
    user: typeof actor === 'string' || actor === null ? actor : actor.email,
    role: typeof actor === 'string' || actor === null ? null : actor.grants.map(formatGrant).join(' ') || null,
    environment: null,
    action: event.action,
    order_id: null,
    body: { email: event.email, ...event.body },
    outcome: event.outcome ?? 'ok',
    address: clientAddress(c),
    user_agent: userAgent(c),
  });
}

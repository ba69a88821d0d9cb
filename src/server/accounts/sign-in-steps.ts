import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { SIGN_IN_CODE_API_PATH } from '../../contract/console-api.ts';
import { parseJson } from '../../contract/json-text.ts';
import { readBodyBytes } from '../../http/body.ts';
import { byMethod } from '../../http/routing.ts';
import type { Queryable } from '../../db/store-db.ts';
import type { SignInAttempt } from '../sign-in-throttle.ts';
import { ACCOUNT_LOCK_MS, reserveSignInAttempt, settleFailed, settleStepPassed, throttledMessage } from '../sign-in-throttle.ts';
import { SIGN_IN_PATH, signInPage } from '../sign-in-page.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, secureCookies } from '../team-session.ts';
import type { ConsoleUser } from '../users.ts';
import { findUser } from '../users.ts';
import { accountState, hasSecondFactor } from './account-state.ts';
import { finishSignIn, recordSignIn } from './sign-in-finish.ts';
import { SIGN_IN_CODE_PAGE, signInCodePage } from './sign-in-code-page.ts';
import { secretKeyOf } from './totp-routes.ts';
import { recoveryCodesLeft, useSecondFactorCode } from './totp.ts';

// docs/accounts.md: a person with a second factor signs in in two steps. The right password does not
// make a session: it makes a step, kept in the database (only its id's hash) for STEP_MS under an
// HttpOnly cookie, and the code page follows. Each code is an attempt of the sign-in throttle, counted
// before it is checked: wrong codes count against the same limit as wrong passwords, and a locked
// account is refused even the right code.

const STEP_COOKIE = 'console_sign_in_step';
const STEP_MS = 5 * 60_000;
const WRONG_CODE = 'That code is not right. Type the code your authenticator app shows now, or one of your recovery codes.';
const STEP_GONE = 'That sign-in took too long or was finished already. Sign in again.';

const hashOf = (id: string) => createHash('sha256').update(id, 'utf8').digest('hex');
const stepRow = z.object({ email: z.string(), return_to: z.string() });

function setStepCookie(c: Context, ctx: TeamContext, value: string, maxAge: number): void {
  setCookie(c, STEP_COOKIE, value, { path: '/', httpOnly: true, sameSite: 'Strict', maxAge, ...(secureCookies(c, ctx.config) && { secure: true, prefix: 'host' }) });
}

async function openStep(db: Queryable, email: string, returnTo: string): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.query('DELETE FROM console_sign_in_steps WHERE expires_at < now()');
  await db.query(`INSERT INTO console_sign_in_steps (id_hash, email, return_to, expires_at) VALUES ($1, $2, $3, now() + $4::int * interval '1 millisecond')`, [hashOf(id), email, returnTo, STEP_MS]);
  return id;
}

/** This browser's open step: whose sign-in it is and where it goes; null when there is none (or it ran out). */
async function currentStep(c: Context, ctx: TeamContext): Promise<{ id: string; email: string; returnTo: string } | null> {
  const id = getCookie(c, STEP_COOKIE, secureCookies(c, ctx.config) ? 'host' : undefined);
  if (id === undefined || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
  const { rows } = await ctx.db.query('SELECT email, return_to FROM console_sign_in_steps WHERE id_hash = $1 AND expires_at > now()', [hashOf(id)]);
  if (rows[0] === undefined) return null;
  const row = stepRow.parse(rows[0]);
  return { id, email: row.email, returnTo: row.return_to };
}

async function closeStep(c: Context, ctx: TeamContext, id: string): Promise<void> {
  await ctx.db.query('DELETE FROM console_sign_in_steps WHERE id_hash = $1', [hashOf(id)]);
  setStepCookie(c, ctx, '', 0);
}

/** After the right password: null when the account has no second factor, else the answer that asks for it. */
export async function startSecondStep(c: Context, ctx: TeamContext, signIn: { user: ConsoleUser; attempt: SignInAttempt; returnTo: string; form: boolean }): Promise<Response | null> {
  const state = await accountState(ctx.db, signIn.user.email);
  if (state === null || !hasSecondFactor(state)) return null;
  // The password was right: its attempt is given back, and the code is counted on its own.
  await settleStepPassed(ctx.db, signIn.attempt);
  setStepCookie(c, ctx, await openStep(ctx.db, signIn.user.email, signIn.returnTo), STEP_MS / 1000);
  c.header('Cache-Control', 'no-store');
  return signIn.form ? c.redirect(SIGN_IN_CODE_PAGE, 303) : c.json({ second_factor: { methods: [...(state.totp ? ['totp'] : []), ...(state.passkey ? ['passkey'] : [])] } }, 200);
}

const codeSchema = z.object({ code: z.string().max(100) });

/** The code posted by the form (urlencoded) or the console's client (JSON). */
async function readCode(c: Context): Promise<{ form: boolean; code: string }> {
  const form = (c.req.header('content-type') ?? '').startsWith('application/x-www-form-urlencoded');
  const text = new TextDecoder().decode(await readBodyBytes(c.req.raw, 16 * 1024));
  const parsed = codeSchema.safeParse(form ? Object.fromEntries(new URLSearchParams(text)) : parseJson(text));
  return { form, code: parsed.success ? parsed.data.code : '' };
}

export function mountSecondStepRoutes(app: Hono<TeamEnv>, ctx: TeamContext): void {
  if (ctx.config.auth !== 'local') return;
  const noStore = { 'Cache-Control': 'no-store' };

  app.all(
    SIGN_IN_CODE_PAGE,
    byMethod({
      GET: async (c) => {
        const step = await currentStep(c, ctx);
        return step === null ? c.redirect(SIGN_IN_PATH, 303) : c.html(signInCodePage({ email: step.email }), 200, noStore);
      },
    }),
  );

  app.all(
    SIGN_IN_CODE_API_PATH,
    byMethod({
      POST: async (c) => {
        const { form, code } = await readCode(c);
        const step = await currentStep(c, ctx);
        const fail = (status: 401 | 429, message: string, email: string | null, headers: Record<string, string> = {}) =>
          form
            ? c.html(email === null ? signInPage({ returnTo: '/', message }) : signInCodePage({ email, message }), status, { ...noStore, ...headers })
            : c.json({ detail: message, code: status === 429 ? 'throttled' : 'sign_in_failed' }, status, headers);
        if (step === null) return fail(401, STEP_GONE, null);

        const reservation = await reserveSignInAttempt(ctx.db, { email: step.email, address: clientAddress(c) });
        if (!reservation.ok) {
          await recordSignIn(ctx, c, step.email, 'sign_in_failed', reservation.accountLocked ? 'locked' : 'throttled', null);
          if (reservation.accountLocked) await closeStep(c, ctx, step.id);
          return fail(429, throttledMessage(reservation.retryAfterSeconds, reservation.accountLocked), reservation.accountLocked ? null : step.email, { 'Retry-After': String(reservation.retryAfterSeconds) });
        }
        const user = await findUser(ctx.db, step.email);
        const kind = user === null || user.status !== 'active' ? null : await useSecondFactorCode(ctx.db, secretKeyOf(ctx), user.email, code, ctx.log);
        if (user === null || kind === null) {
          const { accountLocked } = await settleFailed(ctx.db, reservation.attempt);
          await recordSignIn(ctx, c, step.email, 'sign_in_failed', user === null || user.status !== 'active' ? 'disabled' : 'wrong_code', null);
          if (!accountLocked) return fail(401, WRONG_CODE, step.email);
          await recordSignIn(ctx, c, step.email, 'account_locked', 'locked', null);
          await closeStep(c, ctx, step.id);
          return fail(429, throttledMessage(ACCOUNT_LOCK_MS / 1000, true), null);
        }
        await closeStep(c, ctx, step.id);
        const secondFactor = kind === 'totp' ? { second_factor: 'totp' } : { second_factor: 'recovery_code', recovery_codes_left: await recoveryCodesLeft(ctx.db, user.email) };
        return finishSignIn(c, ctx, { user, attempt: reservation.attempt, returnTo: step.returnTo, form, secondFactor });
      },
    }),
  );
}

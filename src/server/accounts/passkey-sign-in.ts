import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { PASSKEY_SIGN_IN_OPTIONS_PATH, PASSKEY_SIGN_IN_PATH, passkeySignInBodySchema } from '../../contract/account.ts';
import { byMethod } from '../../http/routing.ts';
import { PASSKEY_SCRIPT_PATH, WEBAUTHN_BROWSER_PATH } from '../sign-in-page.ts';
import { ACCOUNT_LOCK_MS, reserveSignInAttempt, settleFailed, throttledMessage } from '../sign-in-throttle.ts';
import type { TeamContext, TeamEnv } from '../team-session.ts';
import { clientAddress, secureCookies } from '../team-session.ts';
import { findUser } from '../users.ts';
import { accountBody } from './account-body.ts';
import { relyingParty } from './passkey-routes.ts';
import { CHALLENGE_MS, findPasskey, keepChallenge, newBrowserId, notePasskeyUse, takeChallenge } from './passkeys.ts';
import { finishSignIn, recordSignIn } from './sign-in-finish.ts';

// docs/accounts.md: "Sign in with a passkey", no password. The challenge is kept under an HttpOnly cookie
// of this browser and answers once. The passkey names its account; the attempt is then counted on the
// sign-in throttle before its signature is checked, like a password, so a locked account stays locked.

const BROWSER_COOKIE = 'console_passkey';
const NOT_THIS = 'That passkey did not sign you in. Use a passkey added to your account on this console, or your password.';

/** @simplewebauthn/browser's own browser build (the global SimpleWebAuthnBrowser), served as it is. */
let browserBundle: string | undefined;
function webauthnBrowserBundle(): string {
  const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
  browserBundle ??= readFileSync(new URL('../dist/bundle/index.umd.min.js', `file://${entry}`), 'utf8');
  return browserBundle;
}

/** The sign-in page's button: the challenge, the browser's passkey prompt, the answer; then where the page was going. */
export const PASSKEY_SCRIPT = `(function () {
  var button = document.getElementById('passkey-sign-in');
  var problem = document.getElementById('passkey-problem');
  if (!button || !window.SimpleWebAuthnBrowser || !window.SimpleWebAuthnBrowser.browserSupportsWebAuthn()) return;
  document.getElementById('passkey').hidden = false;
  function post(path, body) {
    return fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json().catch(function () { return {}; }).then(function (data) { return { status: response.status, data: data || {} }; }); });
  }
  function fail(text) { problem.textContent = text; problem.hidden = false; button.disabled = false; }
  button.addEventListener('click', function () {
    problem.hidden = true;
    button.disabled = true;
    post(${JSON.stringify(PASSKEY_SIGN_IN_OPTIONS_PATH)}, {}).then(function (options) {
      if (options.status !== 200) return fail(options.data.detail || 'The console could not start a passkey sign-in. Try again.');
      return window.SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options.data }).then(function (response) {
        return post(${JSON.stringify(PASSKEY_SIGN_IN_PATH)}, { response: response }).then(function (answer) {
          if (answer.status === 200) return location.assign(button.getAttribute('data-return-to') || '/');
          fail(answer.data.detail || ${JSON.stringify(NOT_THIS)});
        });
      }, function () { fail('No passkey was used. Try again, or sign in with your password.'); });
    }, function () { fail('The console could not be reached. Try again.'); });
  });
})();
`;

export function mountPasskeySignIn(app: Hono<TeamEnv>, ctx: TeamContext): void {
  if (ctx.config.auth !== 'local') return;
  const script = { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' };
  app.all(WEBAUTHN_BROWSER_PATH, byMethod({ GET: (c) => c.body(webauthnBrowserBundle(), 200, script) }));
  app.all(PASSKEY_SCRIPT_PATH, byMethod({ GET: (c) => c.body(PASSKEY_SCRIPT, 200, script) }));

  const cookieOptions = (c: Context) => ({ path: '/', httpOnly: true, sameSite: 'Strict' as const, ...(secureCookies(c, ctx.config) && { secure: true, prefix: 'host' as const }) });

  app.all(
    PASSKEY_SIGN_IN_OPTIONS_PATH,
    byMethod({
      POST: async (c) => {
        const options = await generateAuthenticationOptions({ rpID: relyingParty(c, ctx).rpID, userVerification: 'required' });
        const browser = newBrowserId();
        await keepChallenge(ctx.db, { purpose: 'sign_in', browser }, options.challenge);
        setCookie(c, BROWSER_COOKIE, browser, { ...cookieOptions(c), maxAge: CHALLENGE_MS / 1000 });
        return c.json(options, 200, { 'Cache-Control': 'no-store' });
      },
    }),
  );

  app.all(
    PASSKEY_SIGN_IN_PATH,
    byMethod({
      POST: async (c) => {
        const body = await accountBody(c, passkeySignInBodySchema);
        const browser = getCookie(c, BROWSER_COOKIE, secureCookies(c, ctx.config) ? 'host' : undefined);
        setCookie(c, BROWSER_COOKIE, '', { ...cookieOptions(c), maxAge: 0 });
        const challenge = browser === undefined ? null : await takeChallenge(ctx.db, { purpose: 'sign_in', browser });
        const passkey = await findPasskey(ctx.db, body.response.id);
        const refuse = async (status: 401 | 429, outcome: string, detail: string, headers: Record<string, string> = {}) => {
          await recordSignIn(ctx, c, passkey?.email ?? null, 'sign_in_failed', outcome, null, { method: 'passkey' });
          return c.json({ detail, code: status === 429 ? 'throttled' : 'sign_in_failed' }, status, { 'Cache-Control': 'no-store', ...headers });
        };
        // Neither costs a signature check: a challenge this browser was not given, a passkey nobody here has.
        if (challenge === null) return refuse(401, 'no_challenge', 'That passkey sign-in took too long or was finished already. Try again.');
        if (passkey === null) return refuse(401, 'unknown_passkey', NOT_THIS);

        const reservation = await reserveSignInAttempt(ctx.db, { email: passkey.email, address: clientAddress(c) });
        if (!reservation.ok) {
          return refuse(429, reservation.accountLocked ? 'locked' : 'throttled', throttledMessage(reservation.retryAfterSeconds, reservation.accountLocked), { 'Retry-After': String(reservation.retryAfterSeconds) });
        }
        const { origin, rpID } = relyingParty(c, ctx);
        const verified = await verifyAuthenticationResponse({
          response: body.response,
          expectedChallenge: challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports },
          requireUserVerification: true,
        }).catch(() => null);
        const user = await findUser(ctx.db, passkey.email);
        if (verified === null || !verified.verified || user === null || user.status !== 'active') {
          const { accountLocked } = await settleFailed(ctx.db, reservation.attempt);
          const outcome = user === null || user.status !== 'active' ? 'disabled' : 'wrong_passkey';
          if (!accountLocked) return refuse(401, outcome, NOT_THIS);
          const answer = await refuse(429, outcome, throttledMessage(ACCOUNT_LOCK_MS / 1000, true));
          await recordSignIn(ctx, c, passkey.email, 'account_locked', 'locked', null);
          return answer;
        }
        await notePasskeyUse(ctx.db, passkey.id, verified.authenticationInfo.newCounter);
        return finishSignIn(c, ctx, { user, attempt: reservation.attempt, returnTo: '/', form: false, secondFactor: { second_factor: 'passkey', passkey: passkey.name } });
      },
    }),
  );
}

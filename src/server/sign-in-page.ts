import { INTL_COOKIE } from '../contract/paths.ts';
import { escapeHtml } from '../http/html.ts';
import { SIGN_IN_STYLE_PATH } from './sign-in-style.ts';

// docs/decisions.md D16: the page `/sign-in`, inputs labelled "Email" and "Password", a button "Sign in".
// A plain form that posts to /auth/sign-in: it works before the console's code has loaded, and a
// failed attempt comes back as this page with the message and the e-mail kept.

export const SIGN_IN_PATH = '/sign-in';
export const SIGN_IN_SCRIPT_PATH = '/sign-in.js';
/** @simplewebauthn/browser's browser build, and the script of "Sign in with a passkey" (accounts/passkey-sign-in.ts). */
export const WEBAUTHN_BROWSER_PATH = '/webauthn-browser.js';
export const PASSKEY_SCRIPT_PATH = '/passkey-sign-in.js';

/** "Sign in with a passkey": shown by its script once the browser is known to do WebAuthn. */
export function passkeyButton(returnTo: string, label = 'Sign in with a passkey'): string {
  return `<div id="passkey" hidden>
<p class="or">or</p>
<button type="button" id="passkey-sign-in" class="secondary" data-return-to="${escapeHtml(returnTo)}">${escapeHtml(label)}</button>
<p id="passkey-problem" class="error" role="alert" hidden></p>
</div>`;
}
export const PASSKEY_SCRIPTS = [WEBAUTHN_BROWSER_PATH, PASSKEY_SCRIPT_PATH] as const;

/**
 * The sign-in page tells the server this browser's locale and time zone, as the app does
 * (src/console/lib/render-settings.ts), so the first page after signing in comes server-rendered too.
 * A file of its own: the Content-Security-Policy allows no inline script. Without it (no script, no
 * cookies) that page comes as the build made it. It also takes the colour scheme the console's toggle
 * chose (the key Mantine keeps it under, as public/boot.js reads it), for sign-in-style.ts.
 */
export const SIGN_IN_SCRIPT = `try {
  var o = new Intl.DateTimeFormat().resolvedOptions();
  document.cookie = ${JSON.stringify(`${INTL_COOKIE}=`)} + encodeURIComponent(o.locale + '|' + o.timeZone) + '; Path=/; SameSite=Strict';
} catch (e) {}
try {
  var scheme = window.localStorage.getItem('mantine-color-scheme-value');
  if (scheme === 'light' || scheme === 'dark') document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch (e) {}
`;

/** `oidcProvider`: CONSOLE_AUTH=oidc, a link "Sign in with <provider>" instead of the password form. */
export function signInPage(options: { returnTo: string; email?: string; message?: string; notice?: string; oidcProvider?: string }): string {
  return authPage({
    title: 'Sign in',
    heading: 'Sign in to Order Console',
    body: `${noticeAndMessage(options)}
${options.oidcProvider === undefined ? `${passwordForm(options)}\n${passkeyButton(options.returnTo)}` : oidcLink(options.oidcProvider, options.returnTo)}`,
    ...(options.oidcProvider === undefined && { scripts: PASSKEY_SCRIPTS }),
  });
}

/** A notice (role status) and an error message (role alert), each when there is one. */
export function noticeAndMessage(options: { message?: string | undefined; notice?: string | undefined }): string {
  const message = options.message === undefined ? '' : `<p class="error" role="alert">${escapeHtml(options.message)}</p>`;
  const notice = options.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(options.notice)}</p>`;
  return `${notice}${message}`;
}

/**
 * The frame of the pages a person sees before they are signed in (sign-in and its steps, the reset
 * link's page): the console's bar and one card (sign-in-style.ts). `body` is HTML the caller escaped; `scripts` are
 * this server's own paths (the Content-Security-Policy allows no inline script).
 */
export function authPage(options: { title: string; heading: string; body: string; scripts?: readonly string[] }): string {
  const scripts = [SIGN_IN_SCRIPT_PATH, ...(options.scripts ?? [])].map((src, i) => `<script src="${escapeHtml(src)}"${i === 0 ? '' : ' defer'}></script>`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Order Console</title>
${scripts}
<link rel="stylesheet" href="${SIGN_IN_STYLE_PATH}">
</head>
<body>
<header class="bar"><span class="brand">Order Console</span></header>
<main>
<h1>${escapeHtml(options.heading)}</h1>
${options.body}
</main>
</body>
</html>
`;
}

/** Focus starts in Email, or in Password when a failed attempt came back with the e-mail kept. */
function passwordForm(options: { returnTo: string; email?: string }): string {
  const email = options.email ?? '';
  return `<form method="post" action="/auth/sign-in">
<input type="hidden" name="return_to" value="${escapeHtml(options.returnTo)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email === '' ? ' autofocus' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${email === '' ? '' : ' autofocus'}>
<button type="submit">Sign in</button>
</form>`;
}

function oidcLink(provider: string, returnTo: string): string {
  return `<p><a class="button" href="/auth/oidc/start?return_to=${escapeHtml(encodeURIComponent(returnTo))}">Sign in with ${escapeHtml(provider)}</a></p>`;
}

import { INTL_COOKIE } from '../contract/paths.ts';
import { escapeHtml } from '../http/html.ts';

// docs/decisions.md D16: the page `/sign-in`, inputs labelled "Email" and "Password", a button "Sign in".
// A plain form that posts to /auth/sign-in: it works before the console's code has loaded, and a
// failed attempt comes back as this page with the message and the e-mail kept.

export const SIGN_IN_PATH = '/sign-in';
export const SIGN_IN_SCRIPT_PATH = '/sign-in.js';

/**
 * The sign-in page tells the server this browser's locale and time zone, as the app does
 * (src/console/lib/render-settings.ts), so the first page after signing in comes server-rendered too.
 * A file of its own: the Content-Security-Policy allows no inline script. Without it (no script, no
 * cookies) that page comes as the build made it.
 */
export const SIGN_IN_SCRIPT = `try {
  var o = new Intl.DateTimeFormat().resolvedOptions();
  document.cookie = ${JSON.stringify(`${INTL_COOKIE}=`)} + encodeURIComponent(o.locale + '|' + o.timeZone) + '; Path=/; SameSite=Strict';
} catch (e) {}
`;

/** `oidcProvider`: CONSOLE_AUTH=oidc, a link "Sign in with <provider>" instead of the password form. */
export function signInPage(options: { returnTo: string; email?: string; message?: string; notice?: string; oidcProvider?: string }): string {
  const message = options.message === undefined ? '' : `<p class="error" role="alert">${escapeHtml(options.message)}</p>`;
  const notice = options.notice === undefined ? '' : `<p class="notice" role="status">${escapeHtml(options.notice)}</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Order Console</title>
<script src="${SIGN_IN_SCRIPT_PATH}"></script>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { width: min(24rem, 90vw); padding: 2rem; border: 1px solid GrayText; border-radius: 8px; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  label { display: block; margin: 1rem 0 0.25rem; font-weight: 600; }
  input { width: 100%; box-sizing: border-box; padding: 0.5rem; font-size: 1rem; }
  a.button { display: block; text-align: center; padding: 0.6rem; border: 1px solid GrayText; border-radius: 4px; font-weight: 600; }
  button { margin-top: 1.5rem; width: 100%; padding: 0.6rem; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .error { color: #c92a2a; border-left: 4px solid #c92a2a; padding-left: 0.5rem; }
  @media (prefers-color-scheme: dark) { .error { color: #ff8787; border-color: #ff8787; } }
</style>
</head>
<body>
<main>
<h1>Sign in to Order Console</h1>
${notice}${message}
${options.oidcProvider === undefined ? passwordForm(options) : oidcLink(options.oidcProvider, options.returnTo)}
</main>
</body>
</html>
`;
}

function passwordForm(options: { returnTo: string; email?: string }): string {
  return `<form method="post" action="/auth/sign-in">
<input type="hidden" name="return_to" value="${escapeHtml(options.returnTo)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`;
}

function oidcLink(provider: string, returnTo: string): string {
  return `<p><a class="button" href="/auth/oidc/start?return_to=${escapeHtml(encodeURIComponent(returnTo))}">Sign in with ${escapeHtml(provider)}</a></p>`;
}

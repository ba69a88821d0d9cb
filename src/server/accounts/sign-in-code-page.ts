import { SIGN_IN_CODE_API_PATH } from '../../contract/console-api.ts';
import { escapeHtml } from '../../http/html.ts';
import { authPage, noticeAndMessage, PASSKEY_SCRIPTS, passkeyButton, SIGN_IN_PATH } from '../sign-in-page.ts';

// docs/accounts.md: the sign-in's second step, in the sign-in page's own frame and style: "Authentication
// code" for the code of an authenticator app or a recovery code. A plain form, like the first step; a
// passkey signs in by itself, so one may be used here instead.

export const SIGN_IN_CODE_PAGE = '/sign-in/code';

export interface CodePage {
  email: string;
  message?: string | undefined;
}

export function signInCodePage(page: CodePage): string {
  return authPage({
    title: 'Sign in',
    heading: 'Sign in to Order Console',
    scripts: PASSKEY_SCRIPTS,
    body: `<p>Signing in as <strong>${escapeHtml(page.email)}</strong>.</p>
${noticeAndMessage({ message: page.message })}
<form method="post" action="${SIGN_IN_CODE_API_PATH}">
<label for="code">Authentication code</label>
<input id="code" name="code" type="text" inputmode="text" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" maxlength="40" required autofocus aria-describedby="code-hint">
<p id="code-hint" class="hint">The 6-digit code your authenticator app shows now, or one of your recovery codes.</p>
<button type="submit">Verify</button>
</form>
${passkeyButton('/', 'Use a passkey instead')}
<p class="hint"><a href="${SIGN_IN_PATH}">Sign in as someone else</a></p>`,
  });
}

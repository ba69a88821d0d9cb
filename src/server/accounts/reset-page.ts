import { PASSWORD_RESET_CHECK_PATH, PASSWORD_RESET_PATH } from '../../contract/account.ts';
import { authPage } from '../sign-in-page.ts';

// docs/accounts.md: the page a reset link opens, `/reset-password#<token>`. The token is in the fragment,
// which the browser sends to no server (no request line, no log, no Referer holds it); this page's
// script takes it out of the address bar at once and posts it in a JSON body, first to learn whose link
// it is, then with the new password. A refused password is shown under the field and the field keeps it.

export const RESET_SCRIPT_PATH = '/reset-password.js';
export const PASSWORD_RESET_DONE = 'password_reset';

export const LINK_GONE = 'This reset link has been used already or has expired. Ask an admin for a new one.';

export function resetPasswordPage(): string {
  return authPage({
    title: 'Choose a new password',
    heading: 'Choose a new password',
    scripts: [RESET_SCRIPT_PATH],
    body: `<noscript><p class="error">This page needs JavaScript to read its link.</p></noscript>
<p id="reset-status" role="status">Checking the link…</p>
<p id="reset-problem" class="error" role="alert" hidden></p>
<form id="reset-form" hidden>
<label for="email">Email</label>
<input id="email" type="email" autocomplete="username" readonly>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" maxlength="256" aria-describedby="password-hint password-error">
<p id="password-hint" class="hint">At least 12 characters. A few unrelated words are easy to remember and hard to guess.</p>
<p id="password-error" class="error field-error" role="alert" hidden></p>
<button type="submit">Set password</button>
</form>`,
  });
}

export const RESET_SCRIPT = `(function () {
  var token = location.hash.replace(/^#/, '');
  if (location.hash !== '') history.replaceState(null, '', location.pathname);
  var status = document.getElementById('reset-status');
  var problem = document.getElementById('reset-problem');
  var form = document.getElementById('reset-form');
  var email = document.getElementById('email');
  var password = document.getElementById('password');
  var fieldError = document.getElementById('password-error');
  var button = form.querySelector('button');
  var unreachable = 'The console could not be reached. Try again.';
  function post(path, body) {
    return fetch(path, { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (data) { return { status: response.status, data: data || {} }; });
      });
  }
  function fail(text) {
    status.hidden = true;
    form.hidden = true;
    problem.textContent = text;
    problem.hidden = false;
  }
  function fieldProblem(text) {
    fieldError.textContent = text;
    fieldError.hidden = false;
    password.setAttribute('aria-invalid', 'true');
    password.focus();
  }
  post(${JSON.stringify(PASSWORD_RESET_CHECK_PATH)}, { token: token }).then(function (answer) {
    if (answer.status !== 200 || typeof answer.data.email !== 'string') return fail(answer.data.detail || ${JSON.stringify(LINK_GONE)});
    email.value = answer.data.email;
    status.hidden = true;
    form.hidden = false;
    password.focus();
  }, function () { fail(unreachable); });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    fieldError.hidden = true;
    password.removeAttribute('aria-invalid');
    button.disabled = true;
    post(${JSON.stringify(PASSWORD_RESET_PATH)}, { token: token, password: password.value }).then(function (answer) {
      button.disabled = false;
      if (answer.status === 200) return location.assign('/sign-in?${PASSWORD_RESET_DONE}=1');
      var reasons = answer.data.password;
      if (answer.status === 400 && Array.isArray(reasons) && reasons.length > 0) return fieldProblem(reasons.join(' '));
      fail(answer.data.detail || ${JSON.stringify(LINK_GONE)});
    }, function () {
      button.disabled = false;
      fieldProblem(unreachable);
    });
  });
})();
`;

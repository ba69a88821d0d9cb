// The pages a person sees before signing in (sign-in, its further steps) look like the console: its
// font, its indigo, its card and input shapes and its two colour schemes, with the colours of the
// console's theme (src/console/app/theme.ts, theme-variables.css). A stylesheet of its own, served as a
// file: these pages load none of the app's code, and the Content-Security-Policy allows no inline script.

export const SIGN_IN_STYLE_PATH = '/sign-in.css';

/** One scheme's colours, named after the console's CSS variables they copy. */
interface Scheme {
  text: string;
  page: string;
  card: string;
  border: string;
  inputBorder: string;
  dimmed: string;
  primary: string;
  primaryHover: string;
  focus: string;
  anchor: string;
  errorText: string;
  errorBg: string;
  fieldError: string;
  noticeText: string;
  noticeBg: string;
}

// Contrast (WCAG): light text #000 on white 21:1, dimmed #5c636a on white 6.1:1, white on indigo 8
// 5.7:1, error #bf2828 on red 1 4.9:1, a field's error #c92a2a 5.5:1, notice #364fc7 on indigo 0 6.1:1;
// dark text #c9c9c9 on #242424 9.4:1, dimmed #a6a7ab 6.5:1, anchor and focus ring #748ffc 5.2:1,
// error #fff5f5 on #651515 11.8:1, a field's #ff8787 6.7:1, notice #edf2ff on #1b2864 12.2:1.
const LIGHT: Scheme = {
  text: '#000',
  page: '#f8f9fa',
  card: '#fff',
  border: '#dee2e6',
  inputBorder: '#ced4da',
  dimmed: '#5c636a',
  primary: '#3b5bdb',
  primaryHover: '#364fc7',
  focus: '#3b5bdb',
  anchor: '#3b5bdb',
  errorText: '#bf2828',
  errorBg: '#ffe3e3',
  fieldError: '#c92a2a',
  noticeText: '#364fc7',
  noticeBg: '#edf2ff',
};

const DARK: Scheme = {
  text: '#c9c9c9',
  page: '#1f1f1f',
  card: '#242424',
  border: '#424242',
  inputBorder: '#424242',
  dimmed: '#a6a7ab',
  primary: '#3b5bdb',
  primaryHover: '#364fc7',
  focus: '#748ffc',
  anchor: '#748ffc',
  errorText: '#fff5f5',
  errorBg: '#651515',
  fieldError: '#ff8787',
  noticeText: '#edf2ff',
  noticeBg: '#1b2864',
};

const variables = (scheme: Scheme, name: 'light' | 'dark') =>
  `color-scheme: ${name}; ${Object.entries(scheme)
    .map(([key, value]) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${value};`)
    .join(' ')}`;

/**
 * The scheme the console's toggle chose (sign-in-page.ts's script sets data-mantine-color-scheme from the
 * same storage, as boot.js does), else the system's.
 */
export const SIGN_IN_STYLE = `:root { ${variables(LIGHT, 'light')} }
:root[data-mantine-color-scheme="dark"] { ${variables(DARK, 'dark')} }
@media (prefers-color-scheme: dark) { :root:not([data-mantine-color-scheme]) { ${variables(DARK, 'dark')} } }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--page); color: var(--text); line-height: 1.55;
  font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; -webkit-font-smoothing: antialiased; }
.bar { height: 56px; display: flex; align-items: center; padding: 0 1rem; background: var(--card); border-bottom: 1px solid var(--border); }
.brand { font-size: 1.125rem; font-weight: 700; line-height: 1.45; }
main { width: min(26rem, 100% - 2rem); margin: 12vh auto 2rem; padding: 2rem; background: var(--card); border: 1px solid var(--border); border-radius: 0.5rem;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.05), rgba(0, 0, 0, 0.05) 0 10px 15px -5px; }
@media (max-width: 36em) { main { margin-top: 1.5rem; padding: 1.25rem; } }
h1 { font-size: 1.375rem; line-height: 1.4; margin: 0 0 1.25rem; }
p { margin: 0 0 1rem; }
label { display: block; margin: 1rem 0 0.25rem; font-size: 0.875rem; font-weight: 600; }
input { display: block; width: 100%; height: 2.25rem; padding: 0 0.75rem; font: inherit; font-size: 0.875rem; color: inherit;
  background: var(--card); border: 1px solid var(--input-border); border-radius: 0.5rem; }
input:focus { border-color: var(--focus); }
:focus-visible, input:focus { outline: 2px solid var(--focus); outline-offset: 2px; }
button, a.button { display: block; width: 100%; height: 2.25rem; margin-top: 1.5rem; padding: 0 1.125rem; font: inherit; font-size: 0.875rem; font-weight: 600;
  line-height: 2.25rem; text-align: center; text-decoration: none; color: #fff; background: var(--primary); border: 1px solid transparent; border-radius: 0.5rem; cursor: pointer; }
button:hover, a.button:hover { background: var(--primary-hover); }
button.secondary { margin-top: 0.75rem; color: var(--text); background: var(--card); border-color: var(--input-border); }
button.secondary:hover { background: var(--page); }
a { color: var(--anchor); text-decoration: underline; }
.hint { margin: 0.25rem 0 0; font-size: 0.875rem; color: var(--dimmed); }
.or { display: flex; align-items: center; gap: 0.75rem; margin: 1.25rem 0 0; color: var(--dimmed); font-size: 0.875rem; }
.or::before, .or::after { content: ""; flex: 1; border-top: 1px solid var(--border); }
.or + button { margin-top: 1.25rem; }
.error, .notice { padding: 0.75rem 1rem; border-radius: 0.5rem; font-size: 0.875rem; }
.error { color: var(--error-text); background: var(--error-bg); }
.notice { color: var(--notice-text); background: var(--notice-bg); }
p.field-error { margin: 0.35rem 0 0; padding: 0; background: none; color: var(--field-error); }
[hidden] { display: none !important; }
`;

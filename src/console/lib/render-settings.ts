import { INTL_COOKIE } from '../../contract/paths.ts';

// A page the console server renders must come out as the browser will render it
// when it hydrates: dates in the browser's locale and time zone, "… ago" counted from the same instant.
// The browser tells the server its locale and time zone in a cookie (no secret: what
// Intl.DateTimeFormat resolves to); the server renders with them and with the render's time, the
// browser hydrates with its own locale and zone and with that same time, then lets the clock run.
// "… ago" is English whatever the locale, like the sentences it ends (order-detail/order-format.ts).


interface RenderSettings {
  locale?: string;
  timeZone?: string;
  /** The instant the page was rendered at (ms), while it is being rendered or hydrated. */
  renderedAt?: number;
}

let settings: RenderSettings = {};

/** The server's render sets them (and clears them with {}); the browser sets renderedAt while it hydrates. */
export function setRenderSettings(next: RenderSettings): void {
  settings = next;
}

/** Date.now(), or the rendered page's time while it is rendered or hydrated. */
export function renderNow(): number {
  return settings.renderedAt ?? Date.now();
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date-time format in the user's locale and time zone (the browser's own, or the one it told the server). */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([settings.locale, settings.timeZone, options]);
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(settings.locale, { ...options, ...(settings.timeZone !== undefined && { timeZone: settings.timeZone }) });
    formats.set(key, format);
  }
  return format;
}

/** The browser's side: its locale and time zone for the server's next render (a session cookie, this origin only). */
export function rememberIntlForServer(): void {
  try {
    const { locale, timeZone } = new Intl.DateTimeFormat().resolvedOptions();
    document.cookie = `${INTL_COOKIE}=${encodeURIComponent(`${locale}|${timeZone}`)}; Path=/; SameSite=Strict`;
  } catch {
    // No cookies: team pages then come without their data, as before.
  }
}

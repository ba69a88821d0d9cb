// docs/decisions.md D16, tightened: the idle clock (CONSOLE_SESSION_IDLE, PCI DSS v4.0 8.2.8) runs on what
// a person does. A request the page makes by itself (a poll, a refetch) carries BACKGROUND_HEADER: the
// server answers it while the session lives but does not count it as activity, and refuses it after
// the idle end like any other. Everything else extends the clock. (No zod here: the console's API
// client, on the first screen's path, reads these.)

export const BACKGROUND_HEADER = 'X-Console-Background';
export const BACKGROUND_HEADERS: Readonly<Record<string, string>> = { [BACKGROUND_HEADER]: '1' };

/** GET: the session's idle clock (contract/console-api.ts, sessionClockSchema); DELETE: ends the session. */
export const SESSION_API_PATH = '/api/session';

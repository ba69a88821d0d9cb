// Where the console and the Order Service are, and the token: the same variables as the console's own
// e2e suite (E2E_BASE_URL, E2E_TOKEN), else the Playwright config's `use.baseURL` and the sandbox's
// documented development token.

export const DEV_TOKEN = 'dev-token';

export interface ConsoleEnvironment {
  /** Where the console and the Order Service API are served (one origin, as `npm start` serves them). */
  baseURL: string;
  token: string;
}

export class EnvironmentError extends Error {
  override name = 'EnvironmentError';
}

export function environmentFromEnv(env: NodeJS.ProcessEnv, configBaseURL: string | undefined): ConsoleEnvironment {
  const fromEnv = env['E2E_BASE_URL']?.trim();
  const baseURL = fromEnv !== undefined && fromEnv !== '' ? fromEnv : configBaseURL;
  if (baseURL === undefined || baseURL === '') {
    throw new EnvironmentError('order-console/testing: set E2E_BASE_URL (and E2E_TOKEN), or use.baseURL in playwright.config');
  }
  if (!/^https?:\/\/[^/]/i.test(baseURL)) throw new EnvironmentError(`order-console/testing: the base URL must be http(s), got "${baseURL}"`);
  const token = env['E2E_TOKEN']?.trim() ?? '';
  if (fromEnv !== undefined && fromEnv !== '' && token === '') {
    throw new EnvironmentError('order-console/testing: E2E_BASE_URL is set but E2E_TOKEN is not: give the token of that environment');
  }
  return { baseURL: baseURL.replace(/\/+$/, ''), token: token === '' ? DEV_TOKEN : token };
}

import { screen, waitFor, within } from '@testing-library/react';
import bootScript from '../../../public/boot.js?raw';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CONSOLE_CONFIG_PATH } from '../../contract/paths.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, getActiveEnvironment, getToken, setToken } from '../lib/environments.ts';
import { journal } from '../lib/journal.ts';
import { loadServerConfig, parseServerConfig, setServerConfigForTests } from '../lib/server-config.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { renderApp } from '../test/render.tsx';

// `ORDER_SERVICE_URL=… npm start` used to greet a new user with "LOCAL SANDBOX" and a red
// "Could not load the sandbox orders · HTTP 404". The server now says what it is; the console follows.

const PROXY = { mode: 'proxy', service_origin: 'https://orders.example.com', service_host: 'orders.example.com' } as const;

// These ask the server themselves: nothing answered before them.
beforeEach(() => setServerConfigForTests(null));
afterEach(() => setServerConfigForTests(null));

const sandboxListCalls = () => journal.getSnapshot().filter((entry) => entry.path.startsWith('/sandbox/'));

describe('proxy mode', { timeout: 30_000 }, () => {
  test('the first page names the proxied service, asks for its token, and calls nothing that would fail', async () => {
    // The answer comes late, after the page has started its list: the list must wait for it, not
    // fail on a 404.
    let answer = () => undefined as void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, async () => {
        await held;
        return HttpResponse.json(PROXY);
      }),
    );
    const answered = loadServerConfig();
    renderApp('/orders');
    // Until the server answers the console takes it for a sandbox, as before: its list has started.
    expect(await screen.findByRole('tab', { name: 'All sandbox orders' }, { timeout: 10_000 })).toBeInTheDocument();
    answer();
    await answered;

    const notice = await screen.findByRole('alert', { name: /Connected to orders\.example\.com through this server/ });
    expect(within(notice).getByRole('link', { name: 'Set the token in Settings' })).toHaveAttribute('href', `/settings?edit=${DEFAULT_ENVIRONMENT_ID}`);
    // No way into the sandbox's fault injection where there is no sandbox, as for Overview.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Faults' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Active environment: orders\.example\.com \(proxy\)/ })).toBeInTheDocument();
    expect(screen.queryByText(/Local sandbox/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'All sandbox orders' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Opened in this browser/, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load/)).not.toBeInTheDocument();
    expect(sandboxListCalls()).toEqual([]);
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');
  });

  test('"Set the token in Settings" opens the token editor of the proxied service', async () => {
    setServerConfigForTests(parseServerConfig(PROXY));
    const { user } = renderApp('/orders');
    const notice = await screen.findByRole('alert', { name: /Connected to orders\.example\.com/ });
    await user.click(within(notice).getByRole('link', { name: 'Set the token in Settings' }));
    const editor = await screen.findByRole('dialog', { name: /^Edit / });
    await waitFor(() => expect(within(editor).getByLabelText(/^Token/)).toHaveFocus());
  });

  test('once a token is set the notice goes; the chip keeps naming the service', async () => {
    setServerConfigForTests(parseServerConfig(PROXY));
    renderApp('/orders');
    expect(await screen.findByRole('alert', { name: /Connected to orders\.example\.com/ })).toBeInTheDocument();
    setToken(DEFAULT_ENVIRONMENT_ID, 'real-token');
    await waitFor(() => expect(screen.queryByRole('alert', { name: /Connected to orders\.example\.com/ })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Active environment: orders\.example\.com \(proxy\)/ })).toBeInTheDocument();
  });

  test('what proxy mode shows is never stored: the same browser meets a sandbox again as before', () => {
    setServerConfigForTests(parseServerConfig(PROXY));
    const shown = getActiveEnvironment();
    expect(shown).toMatchObject({ name: 'orders.example.com (proxy)', sandbox: false });
    // Settings saves what it shows (here with a token: the usual first step behind a proxy).
    environmentStore.save(shown);
    setToken(shown.id, 'real-token');

    setServerConfigForTests(parseServerConfig({ mode: 'sandbox', development_token: 'dev-token' }));
    expect(getActiveEnvironment()).toMatchObject({ name: 'Local sandbox', sandbox: true });
    // The token was entered for the proxied service: the sandbox gets its own.
    expect(getToken(shown.id)).toBe('dev-token');
    setServerConfigForTests(parseServerConfig(PROXY));
    expect(getToken(shown.id)).toBe('real-token');
  });

  test('a sandbox, an unknown answer or a server without the document all mean "sandbox"', () => {
    for (const answer of [{ mode: 'sandbox' }, null, 'x', { mode: 'proxy' }, { mode: 'proxy', service_origin: 'javascript:alert(1)', service_host: 'x' }]) {
      expect(parseServerConfig(answer)).toEqual({ mode: 'sandbox' });
    }
  });
});

test('without proxy mode nothing changes: the built-in environment is the sandbox with the development token its server names', async () => {
  server.use(http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, () => HttpResponse.json({ mode: 'sandbox', development_token: 'dev-token' })));
  await loadServerConfig();
  expect(getActiveEnvironment()).toMatchObject({ name: 'Local sandbox', sandbox: true });
  expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('dev-token');
});

test('a sandbox that names no development token (tokens of its own), and team mode: the console has none to offer', async () => {
  server.use(http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, () => HttpResponse.json({ mode: 'sandbox' })));
  await loadServerConfig();
  expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');
  setServerConfigForTests(parseServerConfig({ mode: 'team', auth: 'local', development_token: 'dev-token' }));
  expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');
});

describe('the config public/boot.js reads from the page before the app loads (issues 17, 27; lib/boot-script.test.ts)', () => {
  test('the app takes boot.js’s answer instead of asking again', async () => {
    expect(bootScript).toContain('window.__orderConsoleConfig = ');

    let asked = 0;
    server.use(
      http.get(`${CONSOLE_ORIGIN}${CONSOLE_CONFIG_PATH}`, () => {
        asked += 1;
        return HttpResponse.json({ mode: 'sandbox' });
      }),
    );
    window.__orderConsoleConfig = Promise.resolve(Response.json(PROXY));
    await loadServerConfig();
    expect(getActiveEnvironment()).toMatchObject({ name: 'orders.example.com (proxy)', sandbox: false });
    expect(asked).toBe(0);
    expect(window.__orderConsoleConfig).toBeUndefined();
  });

  test('when boot.js could not ask (null), the console takes the server for a sandbox, as when the server does not answer', async () => {
    window.__orderConsoleConfig = Promise.resolve(null);
    await loadServerConfig();
    expect(getActiveEnvironment()).toMatchObject({ name: 'Local sandbox', sandbox: true });
  });
});

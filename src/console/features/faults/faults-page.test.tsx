import { screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { FaultRule } from '../../../contract/faults.ts';
import { faultListResponseSchema } from '../../../contract/faults.ts';
import { sandboxPaths } from '../../../contract/paths.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, setToken } from '../../lib/environments.ts';
import { journal } from '../../lib/journal.ts';
import { setServerConfigForTests } from '../../lib/server-config.ts';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

// The Faults page against the real sandbox (through MSW), with a token of its own: a rule
// armed here must not fail another test file's calls.

const TOKEN = 'faults-panel-token';
// The machine may be busy: a request through MSW to the sandbox can take seconds.
const WAIT = { timeout: 10_000 };
const auth = { Authorization: `Token ${TOKEN}` };

async function disarmAll() {
  await fetch(bypass(new Request(`${SANDBOX_URL}${sandboxPaths.faults()}`, { method: 'DELETE', headers: auth })));
}

async function armedRules(): Promise<FaultRule[]> {
  const response = await fetch(bypass(new Request(`${SANDBOX_URL}${sandboxPaths.faults()}`, { headers: auth })));
  return faultListResponseSchema.parse(await response.json()).results;
}

const faultCalls = (method: string) => journal.getSnapshot().filter((e) => e.path === sandboxPaths.faults() && e.method === method);

/** Every request the console makes to the sandbox control API (the header's check is not journaled). */
function recordSandboxRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/sandbox/')) seen.push(`${request.method} ${url.pathname}`);
  });
  return seen;
}

async function openFaults() {
  const app = renderApp('/faults');
  await screen.findByRole('heading', { name: 'Faults', level: 2 }, { timeout: 10_000 });
  return app;
}

beforeEach(async () => {
  setToken(DEFAULT_ENVIRONMENT_ID, TOKEN);
  await disarmAll();
});

afterEach(async () => {
  server.events.removeAllListeners();
  setServerConfigForTests(null);
  await disarmAll();
});

describe('Faults page', { timeout: 60_000 }, () => {
  test('a preset arms in one click, is listed with what is left, shows in the header, and is disarmed', async () => {
    const { user } = await openFaults();
    expect(await screen.findByText(/Nothing armed/, undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByTestId('faults-indicator')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Arm: Every call answers 429 for the next 5 calls' }));
    const list = await screen.findByRole('list', { name: 'Armed faults' }, WAIT);
    expect(within(list).getByText('Any /psp/ call: answers HTTP 429 with Retry-After 30 s, nothing done')).toBeInTheDocument();
    expect(within(list).getByText('fires 5 more times')).toBeInTheDocument();
    expect(await screen.findByTestId('faults-indicator', undefined, WAIT)).toHaveAccessibleName('1 fault armed: open Faults');
    expect(await armedRules()).toMatchObject([{ operation: 'any', effect: { kind: 'status', status: 429, retry_after: 30 }, times: 5 }]);

    await user.click(within(list).getByRole('button', { name: /^Disarm: Any \/psp\/ call/ }));
    expect(await screen.findByText(/Nothing armed/, undefined, WAIT)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('faults-indicator')).not.toBeInTheDocument(), WAIT);
    expect(await armedRules()).toEqual([]);
  });

  test('the custom form refuses a 2xx status on its field, sends nothing, and keeps what was typed', async () => {
    const { user } = await openFaults();
    const form = screen.getByRole('region', { name: 'Custom rule' });
    await user.selectOptions(within(form).getByLabelText('Operation'), 'refund');
    const status = within(form).getByLabelText('Status');
    await user.clear(status);
    await user.type(status, '204');
    const times = within(form).getByLabelText('Times');
    await user.clear(times);
    await user.type(times, '4');
    await user.click(within(form).getByRole('button', { name: 'Arm rule' }));

    expect(await within(form).findByText('A fault answers an error status (400-599), not a success', undefined, WAIT)).toBeInTheDocument();
    expect(status).toHaveAttribute('aria-invalid', 'true');
    expect(status).toHaveValue('204');
    expect(times).toHaveValue('4');
    expect(within(form).getByLabelText('Operation')).toHaveValue('refund');
    expect(faultCalls('POST')).toEqual([]);

    // A delay shows its own input, checked against the contract's limit.
    await user.selectOptions(within(form).getByLabelText('Effect'), 'delay');
    const delay = within(form).getByLabelText('Delay, ms');
    await user.clear(delay);
    await user.type(delay, '60001');
    await user.click(within(form).getByRole('button', { name: 'Arm rule' }));
    expect(await within(form).findByText('At most 60000 ms (60 s)', undefined, WAIT)).toBeInTheDocument();
    expect(faultCalls('POST')).toEqual([]);

    await user.clear(delay);
    await user.type(delay, '2500');
    await user.click(within(form).getByRole('button', { name: 'Arm rule' }));
    const list = await screen.findByRole('list', { name: 'Armed faults' }, WAIT);
    expect(within(list).getByText('Refund: answers 2500 ms late')).toBeInTheDocument();
    expect(within(list).getByText('fires 4 more times')).toBeInTheDocument();
    expect(delay).toHaveValue('2500');
  });

  test('what only the sandbox knows (no such order) lands on the field, the values kept', async () => {
    const { user } = await openFaults();
    const form = screen.getByRole('region', { name: 'Custom rule' });
    await user.selectOptions(within(form).getByLabelText('Operation'), 'read');
    const orderId = within(form).getByLabelText('Only for order (optional)');
    await user.type(orderId, '00000000-0000-4000-8000-000000000000');
    await user.click(within(form).getByRole('button', { name: 'Arm rule' }));

    expect(await within(form).findByText('No order with this id.', undefined, WAIT)).toBeInTheDocument();
    expect(orderId).toHaveAttribute('aria-invalid', 'true');
    expect(orderId).toHaveValue('00000000-0000-4000-8000-000000000000');
    expect(faultCalls('POST').map((e) => e.status)).toEqual([400]);
    expect(await armedRules()).toEqual([]);
  });

  test('a sandbox that cannot be read says so and offers to try again', async () => {
    // Down until the person tries again (the header's count asks too: both fail while it is down).
    let down = true;
    server.use(
      http.get(`${CONSOLE_ORIGIN}${sandboxPaths.faults()}`, () => {
        if (down) return HttpResponse.json({ detail: 'A server error occurred.' }, { status: 500 });
        return HttpResponse.json({ results: [] });
      }),
    );
    const { user } = await openFaults();
    const alert = await screen.findByRole('alert', { name: 'Could not read the armed rules' }, WAIT);
    expect(within(alert).getByText('HTTP 500: A server error occurred.')).toBeInTheDocument();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Nothing armed/, undefined, WAIT)).toBeInTheDocument();
  });

  test('behind a proxy the page says why there are no faults, and asks the sandbox nothing', async () => {
    setServerConfigForTests({ mode: 'proxy', serviceOrigin: 'https://orders.example.com', serviceHost: 'orders.example.com' });
    const requests = recordSandboxRequests();
    await openFaults();
    expect(screen.getByText(/forwards its calls to the Order Service at https:\/\/orders\.example\.com \(proxy mode\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Arm/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('faults-indicator')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('an environment that is not a sandbox: the reason instead of the panel', async () => {
    environmentStore.save({ id: DEFAULT_ENVIRONMENT_ID, name: 'Staging', baseUrl: '', production: false, sandbox: false, rememberToken: false });
    const requests = recordSandboxRequests();
    await openFaults();
    expect(screen.getByText(/Staging is not a sandbox \(Settings\), so it has no fault injection/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Custom rule' })).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('the header checks for armed faults without filling the journal', async () => {
    const requests = recordSandboxRequests();
    await openFaults();
    await waitFor(() => expect(requests).toContain(`GET ${sandboxPaths.faults()}`), WAIT);
    expect(faultCalls('GET')).toEqual([]);
  });
});

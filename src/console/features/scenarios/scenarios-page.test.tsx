import { screen, waitFor, within } from '@testing-library/react';
import { bypass, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

async function openScenarios() {
  const app = renderApp('/scenarios');
  await screen.findByRole('heading', { name: 'Scenarios', level: 2 }, { timeout: 10_000 });
  return app;
}

async function pick(user: ReturnType<typeof renderApp>['user'], label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Scenarios to run' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const item = (id: string) => {
  const element = document.querySelector(`[data-scenario="${id}"]`);
  if (!(element instanceof HTMLElement)) throw new Error(`no ${id} on the page`);
  return element;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Scenarios page', { timeout: 60_000 }, () => {
  test('runs a group against the environment with progress, then shows each scenario’s steps and exchanges with the token masked', async () => {
    const { user } = await openScenarios();
    await pick(user, 'Authentication (4)');
    expect(screen.getAllByText(/^AUTH-0[1-4]$/)).toHaveLength(4);
    expect(screen.queryByText('CRE-01')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Run 4 scenarios' }));
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await screen.findByText('Finished: 4 of 4 done · 4 passed · 0 failed · 0 skipped', { exact: false }, { timeout: 20_000 });
    expect(screen.getByText(/sandbox with fault injection: every step automatic/)).toBeInTheDocument();
    expect(item('AUTH-03')).toHaveAttribute('data-status', 'passed');

    await user.click(screen.getByRole('button', { name: 'AUTH-03 The right token in another scheme is refused and creates nothing (checks the document): passed' }));
    const details = within(item('AUTH-03'));
    expect(await details.findByText('1. Create with the right token as "Bearer <token>"')).toBeInTheDocument();
    expect(details.getByText(/the create is refused as unauthenticated/)).toBeInTheDocument();
    const exchanges = item('AUTH-03').querySelectorAll('details');
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]?.textContent).toContain('POST /psp/v2/order/ → 401');
    expect(exchanges[0]?.textContent).toContain('Authorization: Bearer ****');
    expect(item('AUTH-03').textContent).not.toContain('dev-token');
  });

  test('downloads the report built in the browser: the environment, the scenarios, never the token', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:report'), revokeObjectURL: () => undefined }));
    const { user } = await openScenarios();
    await pick(user, 'CRE-01 A minimal body creates an order');
    await user.click(screen.getByRole('button', { name: 'Run CRE-01' }));
    await screen.findByText(/^Finished: 1 of 1 done · 1 passed/, {}, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Download report.html' }));
    await user.click(screen.getByRole('button', { name: 'Download report.json' }));
    const [html, json] = await Promise.all(blobs.map((b) => b.text()));
    expect(html).toContain(`<dd class="mono">${CONSOLE_ORIGIN}</dd>`);
    expect(html).toContain('from the console’s Scenarios page');
    expect(html).toContain('<a href="#CRE-01">CRE-01</a>');
    expect(JSON.parse(json ?? '')).toMatchObject({ summary: { total: 1, passed: 1 }, run: { client: 'console', console_version: '0.1.0' } });
    for (const text of [html, json]) expect(text).not.toContain('dev-token');
  });

  test('where there is no sandbox control API, a step that needs the customer shows the link and waits for Continue', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { user } = await openScenarios();
    await pick(user, 'CHK-01 The customer approves at the checkout: the order becomes activated');
    await user.click(screen.getByRole('button', { name: 'Run CHK-01' }));

    const prompt = await screen.findByRole('alert', { name: 'CHK-01 needs a person' }, { timeout: 20_000 });
    expect(within(prompt).getByText("Open the order's checkout page as the customer and pay and approve the payment.")).toBeInTheDocument();
    const link = within(prompt).getByRole('link');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('href')).toMatch(/\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    expect(item('CHK-01')).toHaveAttribute('data-status', 'running');

    // The person: opens the checkout page and approves.
    const approved = await fetch(bypass(new Request(`${link.getAttribute('href') ?? ''}/approve`, { method: 'POST', redirect: 'manual' })));
    expect(approved.status).toBe(303);
    await user.click(within(prompt).getByRole('button', { name: 'Continue' }));

    await screen.findByText(/^Finished: 1 of 1 done · 1 passed/, {}, { timeout: 20_000 });
    expect(screen.queryByRole('alert', { name: 'CHK-01 needs a person' })).toBeNull();
  });

  test('a failed scenario can be re-run', async () => {
    // The service answers the first duplicate with a 500, then behaves.
    let broken = true;
    server.use(
      http.post(`${CONSOLE_ORIGIN}/psp/v2/order/`, async ({ request }) => {
        const body = await request.clone().text();
        if (!broken || !body.includes('"55.00"')) return undefined;
        broken = false;
        return new HttpResponse('<h1>Server Error (500)</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } });
      }),
    );
    const { user } = await openScenarios();
    await pick(user, 'CRE-11 A second order with the same order_external_id is refused');
    await user.click(screen.getByRole('button', { name: 'Run CRE-11' }));
    await screen.findByText(/^Finished: 1 of 1 done · 0 passed · 1 failed/, {}, { timeout: 20_000 });
    expect(item('CRE-11')).toHaveAttribute('data-status', 'failed');
    await user.click(screen.getByRole('button', { name: /^CRE-11 .*: failed$/ }));
    expect(await within(item('CRE-11')).findByText('the duplicate is refused: expected a 4xx refusal; got HTTP 500: <h1>Server Error (500)</h1>')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Re-run failed (1)' }));
    await screen.findByText(/^Finished: 1 of 1 done · 1 passed · 0 failed/, {}, { timeout: 20_000 });
    await waitFor(() => expect(item('CRE-11')).toHaveAttribute('data-status', 'passed'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

const TOKEN = 'dev-token';

// jsdom has no object URLs; the export goes through them.
let exported: Blob[] = [];
beforeEach(() => {
  exported = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (blob: Blob) => (exported.push(blob), 'blob:journal') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});
afterEach(() => vi.restoreAllMocks());

/** Opens the console on the sandbox list (filtered to nothing, so the answer is small), then the journal. */
async function openJournalAfterListLoads() {
  const app = renderApp(`/orders?q=journal-${crypto.randomUUID()}`);
  await screen.findByRole('heading', { name: 'No orders match' }, { timeout: 15_000 });
  await app.user.click(screen.getByRole('button', { name: 'Journal' }));
  const drawer = await screen.findByRole('dialog', { name: 'Request journal' }, { timeout: 15_000 });
  return { ...app, drawer };
}

function clipboardSpy() {
  return vi.spyOn(navigator.clipboard, 'writeText');
}

// The whole app loads lazily in these tests, which takes a while on a busy machine (the first test of
// the file waited more than 5 s for the list in a full run on two shared cores).
describe('request journal', { timeout: 45_000 }, () => {
  test('lists the calls the app made, and shows one in full on demand', async () => {
    const { user, drawer } = await openJournalAfterListLoads();

    expect(within(drawer).getByText(/Kept for this tab, across reloads, until the tab is closed: the last 200 calls, and every create and refund however old/)).toBeInTheDocument();
    const entry = within(drawer).getByRole('button', { name: /^GET \/sandbox\/orders\?limit=200&q=journal-.*: 200$/ });
    expect(entry).toHaveTextContent(/\d+ ms/);
    await user.click(entry);

    expect(await within(drawer).findByText('Response body')).toBeInTheDocument();
    expect(within(drawer).getByText(new RegExp(`^${CONSOLE_ORIGIN}/sandbox/orders\\?limit=200`))).toBeInTheDocument();
    // Pretty JSON, as the service answered it.
    expect(within(drawer).getByText(/"results": \[\],\s+"next_cursor": null/)).toBeInTheDocument();
    expect(drawer.textContent).not.toContain(TOKEN);
  });

  test('never shows, exports or copies the token, even when the service echoes it', async () => {
    server.use(
      http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.json({ detail: `Token ${TOKEN} is not allowed here`, code: 'echo' }, { status: 403 })),
    );
    const app = renderApp('/orders');
    await screen.findByRole('alert', { name: 'The service rejected the token' }, { timeout: 15_000 });
    await app.user.click(screen.getByRole('button', { name: 'Journal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Request journal' }, { timeout: 15_000 });
    const writeText = clipboardSpy();

    await app.user.click(within(drawer).getByRole('button', { name: /^GET \/sandbox\/orders.*: 403$/ }));
    expect(await within(drawer).findByText(/"detail": "Token \*\*\*\* is not allowed here"/)).toBeInTheDocument();
    expect(drawer.textContent).not.toContain(TOKEN);

    await app.user.click(await within(drawer).findByRole('button', { name: 'Copy response' }));
    await app.user.click(await within(drawer).findByRole('button', { name: 'Copy as curl' }));
    const copied = writeText.mock.calls.map(([text]) => text);
    expect(copied).toHaveLength(2);
    expect(copied[0]).toContain('"detail": "Token **** is not allowed here"');
    expect(copied[1]).toContain(`-H 'Authorization: Token ****'`);
    for (const text of copied) expect(text).not.toContain(TOKEN);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await app.user.click(within(drawer).getByRole('button', { name: 'Export JSON' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(click.mock.contexts[0]).toHaveProperty('download', expect.stringMatching(/^order-console-journal-.+\.json$/));
    expect(exported).toHaveLength(1);
    const text = await exported[0]!.text();
    expect(text).not.toContain(TOKEN);
    const entries: unknown = JSON.parse(text);
    expect(entries).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'GET', path: '/sandbox/orders', status: 403 })]));
  });

  test('"Include token in copied curl" puts the real token in, and is off again next time', async () => {
    const { user, drawer } = await openJournalAfterListLoads();
    const writeText = clipboardSpy();
    await user.click(within(drawer).getByRole('button', { name: /^GET \/sandbox\/orders/ }));

    const include = within(drawer).getByRole('checkbox', { name: 'Include token in copied curl' });
    expect(include).not.toBeChecked();
    await user.click(include);
    await user.click(await within(drawer).findByRole('button', { name: 'Copy as curl' }));
    expect(writeText).toHaveBeenLastCalledWith(expect.stringContaining(`-H 'Authorization: Token ${TOKEN}'`));
    expect(writeText).toHaveBeenLastCalledWith(expect.stringMatching(/^curl -X GET '.*\/sandbox\/orders\?limit=200/));
    // The drawer's own text still hides it.
    expect(drawer.textContent).not.toContain(TOKEN);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request journal' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Journal' }));
    const reopened = await screen.findByRole('dialog', { name: 'Request journal' }, { timeout: 15_000 });
    expect(within(reopened).getByRole('checkbox', { name: 'Include token in copied curl' })).not.toBeChecked();
  });

  test('a call that got no answer says so', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.error()));
    const app = renderApp('/orders');
    await screen.findByText(/Could not load the sandbox orders/, undefined, { timeout: 10_000 });
    await app.user.click(screen.getByRole('button', { name: 'Journal' }));
    const drawer = await screen.findByRole('dialog', { name: 'Request journal' }, { timeout: 15_000 });

    // The query retried twice (network errors only): three calls, newest first.
    const failed = within(drawer).getAllByRole('button', { name: /^GET \/sandbox\/orders.*: network error$/ });
    expect(failed).toHaveLength(3);
    await app.user.click(failed[0]!);
    expect(await within(drawer).findByText('Service unreachable')).toBeInTheDocument();
    expect(within(drawer).getByText('No response body.')).toBeInTheDocument();
    // The panel's Collapse opens on the next frame: wait for its buttons to be visible.
    expect(await within(drawer).findByRole('button', { name: 'Copy response' })).toBeDisabled();
  });

  test('Clear empties the journal', async () => {
    const { user, drawer } = await openJournalAfterListLoads();
    expect(within(drawer).getAllByTestId('journal-entry').length).toBeGreaterThan(0);
    await user.click(within(drawer).getByRole('button', { name: 'Clear' }));
    expect(within(drawer).queryAllByTestId('journal-entry')).toHaveLength(0);
    expect(within(drawer).getByText(/No calls yet/)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Export JSON' })).toBeDisabled();
  });
});

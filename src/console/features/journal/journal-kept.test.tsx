import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { environmentStore, setToken } from '../../lib/environments.ts';
import { journal, JOURNAL_CAPACITY, SHORTENED_MARK, STORAGE_KEY, STORED_BODY_LIMIT } from '../../lib/journal.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

const DEFAULT_TOKEN = 'dev-token';

// The journal survives a reload of the tab (sessionStorage, capped), never keeps a token,
// shows the request headers with Authorization masked, filters by order id, method and answer, and
// its note about the token says what the code does.

async function openJournal(route = '/settings') {
  const app = renderApp(route);
  await app.user.click(await screen.findByRole('button', { name: 'Journal' }, { timeout: 10_000 }));
  const drawer = await screen.findByRole('dialog', { name: 'Request journal' }, { timeout: 10_000 });
  return { ...app, drawer };
}

function record(method: 'GET' | 'POST', path: string, status: number | null, responseBody: string | null = '{}', error: string | null = null) {
  const id = journal.start({
    startedAt: new Date().toISOString(),
    method,
    url: `${CONSOLE_ORIGIN}${path}`,
    path,
    environmentName: 'Local sandbox',
    requestHeaders: { Accept: 'application/json', Authorization: 'Token ****' },
    requestBody: method === 'POST' ? '{"a":1}' : null,
  });
  journal.finish(id, { status, durationMs: 5, responseBody, error });
}

/** Everything the journal keeps in the tab's storage: the list of ids and each entry's key. */
const stored = () =>
  Object.keys(window.sessionStorage)
    .filter((key) => key === STORAGE_KEY || key.startsWith(`${STORAGE_KEY}:`))
    .map((key) => window.sessionStorage.getItem(key) ?? '')
    .join('\n');

describe('kept across reloads of the tab', { timeout: 45_000 }, () => {
  test('the calls come back after a reload; the stored copy holds no token, even one the service echoed', async () => {
    server.use(http.get(`${CONSOLE_ORIGIN}/sandbox/orders`, () => HttpResponse.json({ results: [], next_cursor: null, echo: `Token ${DEFAULT_TOKEN}` })));
    const app = renderApp(`/orders?q=kept-${crypto.randomUUID()}`);
    await screen.findByRole('heading', { name: 'No orders match' }, { timeout: 10_000 });
    app.unmount();

    // What a reload does: the pending write goes out on pagehide, the new page reads storage.
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()).toContain('/sandbox/orders');
    expect(stored()).toContain('Token ****');
    expect(stored()).not.toContain(DEFAULT_TOKEN);
    journal.reload();

    const { user, drawer } = await openJournal();
    const entry = within(drawer).getByRole('button', { name: /^GET \/sandbox\/orders\?limit=200&q=kept-.*: 200$/ });
    await user.click(entry);
    expect(await within(drawer).findByText('Request headers')).toBeInTheDocument();
    expect(within(drawer).getByText(/Authorization: Token \*\*\*\*/)).toBeInTheDocument();
    expect(within(drawer).getByText(/"echo": "Token \*\*\*\*"/)).toBeInTheDocument();
    expect(drawer.textContent).not.toContain(DEFAULT_TOKEN);
  });

  test('another environment\'s token is taken out of the stored copy too', () => {
    environmentStore.save({ id: 'staging', name: 'Staging', baseUrl: '', production: false, sandbox: true, rememberToken: false });
    setToken('staging', 'staging-secret-9');
    record('GET', '/psp/v2/order/x/', 200, '{"note":"staging-secret-9"}');
    journal.flush();
    expect(stored()).not.toContain('staging-secret-9');
    expect(stored()).toContain(JSON.stringify('{"note":"****"}'));
  });

  test('a token set up after a call was stored is taken out of that call on the next save', () => {
    journal.clear();
    record('GET', '/psp/v2/order/y/', 200, '{"note":"later-secret-7"}');
    journal.flush();
    // Not a token yet: just text the service answered.
    expect(stored()).toContain('later-secret-7');
    environmentStore.save({ id: 'later', name: 'Later', baseUrl: '', production: false, sandbox: true, rememberToken: false });
    setToken('later', 'later-secret-7');
    record('GET', '/psp/v2/order/z/', 200, '{}');
    journal.flush();
    expect(stored()).not.toContain('later-secret-7');
    expect(stored()).toContain(JSON.stringify('{"note":"****"}'));
    expect(journal.getSnapshot()).toHaveLength(2);
  });

  test('a save writes what is new, not the whole journal again; an entry whose key is gone is left out, not the list', () => {
    journal.clear();
    for (let i = 0; i < 30; i += 1) record('GET', `/sandbox/orders?cursor=${i}`, 200, `{"page":${i}}`);
    journal.flush();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      record('GET', '/sandbox/orders?cursor=30', 200, '{"page":30}');
      journal.flush();
      // The new entry and the list of ids: two writes, whatever the journal holds already.
      expect(setItem.mock.calls.map(([key]) => key)).toEqual([`${STORAGE_KEY}:${journal.getSnapshot()[0]?.id ?? 0}`, STORAGE_KEY]);
    } finally {
      setItem.mockRestore();
    }
    const lost = journal.getSnapshot()[5];
    window.sessionStorage.removeItem(`${STORAGE_KEY}:${lost?.id ?? 0}`);
    journal.reload();
    const back = journal.getSnapshot();
    expect(back).toHaveLength(30);
    expect(back.some((entry) => entry.id === lost?.id)).toBe(false);
    expect(back[0]?.responseBody).toBe('{"page":30}');
  });

  test('reads push out the oldest reads, never a write; a read with the same answer again is a count on its entry', () => {
    journal.clear();
    record('POST', '/psp/v2/order/', 201, '{"id":"a"}');
    for (let i = 0; i < 50; i += 1) {
      record('GET', '/psp/v2/order/a/', 200, '{"status":"new"}');
      record('GET', '/sandbox/orders/a/events', 200, '{"results":[1]}');
    }
    record('POST', '/psp/v2/order/a/refund/', 200, '{"id":"a"}');
    for (let i = 0; i < JOURNAL_CAPACITY + 20; i += 1) record('GET', `/sandbox/orders?q=${i}`, 200, `{"n":${i}}`);
    const kept = journal.getSnapshot();
    expect(kept).toHaveLength(JOURNAL_CAPACITY);
    expect(kept.filter((entry) => entry.method === 'POST').map((entry) => entry.path)).toEqual(['/psp/v2/order/a/refund/', '/psp/v2/order/']);
    expect(kept.some((entry) => entry.path === '/psp/v2/order/a/')).toBe(false);
    expect(kept[0]?.url).toContain(`q=${JOURNAL_CAPACITY + 19}`);

    journal.clear();
    for (let i = 0; i < 50; i += 1) record('GET', '/psp/v2/order/a/', 200, '{"status":"new"}');
    record('GET', '/psp/v2/order/a/', 200, '{"status":"activated"}');
    record('GET', '/psp/v2/order/a/', 200, '{"status":"activated"}');
    const reads = journal.getSnapshot();
    expect(reads.map((entry) => [entry.responseBody, entry.repeats ?? 0])).toEqual([
      ['{"status":"activated"}', 1],
      ['{"status":"new"}', 49],
    ]);
    journal.reload();
    expect(journal.getSnapshot().map((entry) => entry.repeats ?? 0)).toEqual([1, 49]);
  });

  test(`at most ${JOURNAL_CAPACITY} calls are kept, and a long body is shortened in the stored copy only`, () => {
    const long = `"${'x'.repeat(STORED_BODY_LIMIT + 500)}"`;
    record('GET', '/psp/v2/order/long/', 200, long);
    for (let i = 0; i < JOURNAL_CAPACITY + 4; i += 1) record('GET', `/psp/v2/order/${i}/`, 200);
    expect(journal.getSnapshot()).toHaveLength(JOURNAL_CAPACITY);
    record('GET', '/psp/v2/order/long-2/', 200, long);
    expect(journal.getSnapshot()[0]?.responseBody).toBe(long);
    journal.flush();
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '');
    expect(Array.isArray(kept) && kept.length).toBe(JOURNAL_CAPACITY);
    // One key for each entry kept, and none for those pushed out.
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith(`${STORAGE_KEY}:`))).toHaveLength(JOURNAL_CAPACITY);
    journal.reload();
    const restored = journal.getSnapshot()[0]?.responseBody ?? '';
    expect(restored.length).toBe(STORED_BODY_LIMIT + SHORTENED_MARK.length);
    expect(restored.endsWith(SHORTENED_MARK)).toBe(true);
  });

  test('a call still waiting when the tab reloaded says it got no answer here', () => {
    journal.start({ startedAt: new Date().toISOString(), method: 'POST', url: `${CONSOLE_ORIGIN}/psp/v2/order/`, path: '/psp/v2/order/', environmentName: 'Local sandbox', requestHeaders: {}, requestBody: '{}' });
    journal.reload();
    expect(journal.getSnapshot()[0]).toMatchObject({ status: null, error: 'No answer: the tab was reloaded' });
  });

  test('what storage holds is checked before it is shown: a list with a broken entry is dropped, headers that are not text are left out', () => {
    const entry = {
      id: 7,
      startedAt: '2026-11-24T10:00:00.000Z',
      method: 'GET',
      url: `${CONSOLE_ORIGIN}/sandbox/orders`,
      path: '/sandbox/orders',
      environmentName: 'Local sandbox',
      requestHeaders: { Accept: 'application/json', Authorization: 'Token ****' },
      status: 200,
      durationMs: 4,
      requestBody: null,
      responseBody: '{}',
      error: null,
    };
    const restore = (value: unknown) => {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
      journal.reload();
      return journal.getSnapshot();
    };

    expect(restore([entry])).toEqual([entry]);
    expect(restore([{ ...entry, requestHeaders: { Accept: 1 } }])).toEqual([{ ...entry, requestHeaders: {} }]);
    for (const broken of [{ ...entry, id: 1.5 }, { ...entry, status: '200' }, { ...entry, durationMs: undefined }, { ...entry, url: null }, 'GET']) {
      expect(restore([entry, broken])).toEqual([]);
    }
    expect(restore({ entries: [entry] })).toEqual([]);
    window.sessionStorage.setItem(STORAGE_KEY, '{not json');
    journal.reload();
    expect(journal.getSnapshot()).toEqual([]);
  });
});

describe('filters', { timeout: 45_000 }, () => {
  const ORDER = '6f1c1c8e-8a7c-4a54-9f7e-0b6c1f9a2d3e';

  test('by order id, method and answer', async () => {
    record('GET', '/sandbox/orders', 200, '{"results":[]}');
    record('POST', '/psp/v2/order/', 201, `{"id":"${ORDER}"}`);
    record('GET', `/psp/v2/order/${ORDER}/`, 200);
    record('POST', `/psp/v2/order/${ORDER}/refund/`, 400, '{"amount":["too much"]}');
    record('GET', '/psp/v2/order/other/', null, null, 'Service unreachable');
    const { user, drawer } = await openJournal();
    const names = () => within(drawer).queryAllByRole('button', { name: /: (\d{3}|network error)$/ }).map((b) => b.getAttribute('aria-label'));
    expect(names()).toHaveLength(5);

    await user.type(within(drawer).getByRole('textbox', { name: 'Order id' }), ORDER.slice(0, 8));
    // The create's answer names the order, so it belongs to it too.
    expect(names()).toEqual([`POST /psp/v2/order/${ORDER}/refund/: 400`, `GET /psp/v2/order/${ORDER}/: 200`, 'POST /psp/v2/order/: 201']);
    expect(within(drawer).getByText('3 of 5 calls')).toBeInTheDocument();

    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Method' }), 'POST');
    expect(names()).toEqual([`POST /psp/v2/order/${ORDER}/refund/: 400`, 'POST /psp/v2/order/: 201']);
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Answer' }), '4xx');
    expect(names()).toEqual([`POST /psp/v2/order/${ORDER}/refund/: 400`]);

    await user.click(within(drawer).getByRole('button', { name: 'Clear order id filter' }));
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Method' }), 'all');
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Answer' }), 'no answer');
    expect(names()).toEqual(['GET /psp/v2/order/other/: network error']);
    await user.selectOptions(within(drawer).getByRole('combobox', { name: 'Answer' }), '5xx');
    expect(within(drawer).getByText('No call matches these filters.')).toBeInTheDocument();
  });
});

test('the note under the token box says what it does', async () => {
  record('GET', '/sandbox/orders', 200);
  const { drawer } = await openJournal();
  const box = within(drawer).getByRole('checkbox', { name: 'Include token in copied curl' });
  await waitFor(() =>
    expect(box).toHaveAccessibleDescription(
      'Only “Copy as curl” uses the token, and only while this is ticked. The journal shows, keeps and exports **** either way. Unticked again when the journal closes.',
    ),
  );
});

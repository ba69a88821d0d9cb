import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { INTL_COOKIE, orderServicePaths, TEAM_PAGE_DATA_ID } from '../../contract/paths.ts';
import { orderSchema } from '../../contract/schemas.ts';
import { teamPageDataSchema } from '../../contract/team-page.ts';
import { validCreateBody } from '../../contract/test-support.ts';
import type { TeamServer } from '../testing/team-server.ts';
import { cookieOf, SANDBOX_TOKEN, signIn, startTeamServer } from '../testing/team-server.ts';
import { FIRST_SCREENS } from '../../../scripts/first-screen-chunks.ts';
import { PAGE_CHUNKS, scriptsAfterPaint } from './team-page.ts';
import { teamRendererFrom } from './team-renderer.ts';

// In team mode /orders and /orders/{id} come from the console server rendered by the app's
// own components for the signed-in person, with their data beside the HTML. The renderer is the
// console's source (the server loads the built file in production; server/ never imports console/).

const RENDERER = fileURLToPath(new URL('../../console/team-render.tsx', import.meta.url));
const SLOW_TOKEN = 'slow-service-token-7d2a';

let server: TeamServer;
let slowServer: TeamServer;
let staticDir = '';
const cookies = new Map<string, string>();
let slowService: ReturnType<typeof createServer>;
let orderId = '';

// index.html's scripts as Vite writes them: the runtime and React's chunk beside the entry, and a
// first screen's chunk preloaded (scripts/first-screen-chunks.ts).
const BUILD_SCRIPTS = [
  '<script src="/boot.js"></script>',
  '<script type="module" crossorigin src="/assets/rolldown-runtime-Aa11Bb22.js"></script>',
  '<script type="module" crossorigin src="/assets/react-dom-Bb22Cc33.js"></script>',
  '<script type="module" crossorigin src="/assets/shell-Cc33Dd44.js"></script>',
  '<link rel="modulepreload" crossorigin="" href="/assets/orders-first-screen-Dd44Ee55.js">',
].join('\n    ');

// What the app tells the server of this browser (src/console/lib/render-settings.ts).
const INTL = `${INTL_COOKIE}=${encodeURIComponent('en-GB|Europe/Prague')}`;

async function page(url: string, path: string, cookie: string, intl = INTL) {
  const response = await fetch(`${url}${path}`, { headers: { Accept: 'text/html', Cookie: `${cookie}; ${intl}` } });
  return { response, html: await response.text() };
}

/** The HTML inside #root and the page's data block, read back as the browser reads it. */
function parts(html: string) {
  const root = /<div id="root" data-server-rendered>([\s\S]*)<\/div><script type="application\/json" id="team-page-data">/.exec(html)?.[1] ?? '';
  const block = new RegExp(`<script type="application/json" id="${TEAM_PAGE_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1] ?? '';
  return { root, block, data: teamPageDataSchema.parse(JSON.parse(block)) };
}

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'team-page-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), `<!doctype html><html><head><title>Order Console</title>\n    ${BUILD_SCRIPTS}</head><body><div id="root" data-prerendered><p>the build frame</p></div></body></html>`);
  // The build's first-screen stylesheets (scripts/first-screen-chunks.ts), and another page's.
  await writeFile(join(staticDir, 'assets', 'orders-first-screen-Ab12Cd34.css'), '');
  await writeFile(join(staticDir, 'assets', 'order-first-screen-Cd34Ef56.css'), '');
  await writeFile(join(staticDir, 'assets', 'overview-page-Ef56Gh78.css'), '');
  // And the first screens' scripts: the list's is index.html's preload, the order's only its page asks for.
  await writeFile(join(staticDir, 'assets', 'orders-first-screen-Dd44Ee55.js'), '');
  await writeFile(join(staticDir, 'assets', 'order-first-screen-Ff66Gg77.js'), '');
  await writeFile(join(staticDir, 'assets', 'overview-page-Hh88Ii99.js'), '');
  const renderer = teamRendererFrom(RENDERER, (line) => console.error(line));
  server = await startTeamServer({ staticDir, renderer });
  await server.addUser('agent@example.com', ['agent']);
  await server.addUser('viewer@example.com', ['viewer']);
  for (const email of ['agent@example.com', 'viewer@example.com']) cookies.set(email, cookieOf(await signIn(server.url, email)));
  const body = validCreateBody();
  const created = await fetch(`${server.url}/env/sandbox${orderServicePaths.orderCreate()}`, {
    method: 'POST',
    headers: { Cookie: cookies.get('agent@example.com') ?? '', Origin: server.url, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      ...body,
      order_external_id: 'SSR-0001',
      customer_data: { ...body.customer_data, first_name: 'Eva</script><script>alert(1)</script>', last_name: 'Line\u2028Break', email: 'eva.ssr@example.com' },
    }),
  });
  expect(created.status).toBe(201);
  orderId = orderSchema.parse(await created.json()).id;

  // A service that answers after 3 s: the page must not wait for it.
  slowService = createServer((_request, response) => {
    setTimeout(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'), 3_000).unref();
  });
  await new Promise<void>((resolve) => slowService.listen(0, '127.0.0.1', resolve));
  const port = (slowService.address() as AddressInfo).port;
  slowServer = await startTeamServer({
    staticDir,
    renderer,
    environments: [{ id: 'slow', name: 'Slow', production: false, approvalThreshold: null, target: { kind: 'http', baseUrl: `http://127.0.0.1:${port}`, token: SLOW_TOKEN } }],
  });
  await slowServer.addUser('agent@example.com', ['agent']);
  cookies.set('slow agent', cookieOf(await signIn(slowServer.url, 'agent@example.com')));
}, 180_000);

afterAll(async () => {
  await server?.close();
  await slowServer?.close();
  slowService?.closeAllConnections();
  await new Promise((resolve) => slowService?.close(resolve));
  if (staticDir !== '') await rm(staticDir, { recursive: true, force: true });
});

test("/orders comes with the team index's rows rendered for a signed-in agent, no token or session in it, never cached", { timeout: 60_000 }, async () => {
  const cookie = cookies.get('agent@example.com') ?? '';
  // The index learns of the create after answering it.
  await expect.poll(async () => parts((await page(server.url, '/orders', cookie)).html).data.seeds.length, { timeout: 10_000 }).toBe(1);
  const { response, html } = await page(server.url, '/orders', cookie);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('vary')).toContain('Cookie');
  // fetch asks for gzip/br and decodes it: the page went compressed and reads back whole.
  expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
  const { root, data } = parts(html);
  expect(root).toContain('aria-label="Team order index"');
  expect(root).toContain('SSR-0001');
  expect(root).toContain(`href="/orders/${orderId}"`);
  expect(root).toContain('eva.ssr@example.com');
  expect(root).not.toContain('the build frame');
  expect(data.seeds[0]).toMatchObject({ kind: 'index', environment: 'sandbox', q: '' });
  // The list's stylesheet is in the head, so the rows paint styled; no other page's.
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/orders-first-screen-Ab12Cd34.css">');
  expect(head).not.toContain('order-first-screen-Cd34Ef56.css');
  expect(head).not.toContain('overview-page');
  // The server's config, which boot.js and the app read from the page instead of asking.
  expect(head).toContain('<meta name="order-console-config" content="{&quot;mode&quot;:&quot;team&quot;,&quot;auth&quot;:&quot;local&quot;}">');
  expect(html).not.toContain(SANDBOX_TOKEN);
  expect(html).not.toContain(cookie.split('=')[1]);
});

test("a rendered page starts its scripts after its first paint (public/after-paint.js, in index.html's order), the list's and an order's alike", { timeout: 60_000 }, async () => {
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const list = headOf((await page(server.url, '/orders', cookies.get('agent@example.com') ?? '')).html);
  expect(list).not.toContain('type="module"');
  expect(list).not.toContain('modulepreload');
  expect(list).toContain(
    '<script defer src="/after-paint.js" data-run="/assets/rolldown-runtime-Aa11Bb22.js /assets/react-dom-Bb22Cc33.js /assets/shell-Cc33Dd44.js" data-preload="/assets/orders-first-screen-Dd44Ee55.js"></script>',
  );
  // boot.js still runs first (the colour scheme before the first paint), and the styles are still linked.
  expect(list.indexOf('<script src="/boot.js">')).toBeLessThan(list.indexOf('after-paint.js'));
  expect(list).toContain('orders-first-screen-Ab12Cd34.css');
  const order = headOf((await page(server.url, `/orders/${orderId}`, cookies.get('agent@example.com') ?? '')).html);
  expect(order).not.toContain('type="module"');
  expect(order).toContain('data-run="/assets/rolldown-runtime-Aa11Bb22.js /assets/react-dom-Bb22Cc33.js /assets/shell-Cc33Dd44.js"');
  expect(order).toContain('order-first-screen-Cd34Ef56.css');
  // The order's first-screen script is preloaded with the app's, each once: the app would ask for it only once it ran.
  expect(order).toContain('data-preload="/assets/orders-first-screen-Dd44Ee55.js /assets/order-first-screen-Ff66Gg77.js"');
  expect(list).not.toContain('overview-page');
  // A page the server does not render (no locale told yet) is index.html as built.
  const unrendered = headOf((await page(server.url, '/orders', cookies.get('agent@example.com') ?? '', '')).html);
  expect(unrendered).toContain('<script type="module" crossorigin src="/assets/shell-Cc33Dd44.js"></script>');
});

test('scriptsAfterPaint leaves a head without module scripts as it is, and escapes what it writes', () => {
  const plain = '<head><title>x</title><script src="/boot.js"></script></head>';
  expect(scriptsAfterPaint(plain)).toBe(plain);
  expect(scriptsAfterPaint('<head><script type="module" crossorigin src="/assets/a&quot;b.js"></script></head>')).toBe(
    '<head><script defer src="/after-paint.js" data-run="/assets/a&amp;quot;b.js" data-preload=""></script>\n    </head>',
  );
});

test("the pages' stylesheets are named after chunks the build makes", () => {
  // A renamed first-screen chunk would leave the rendered page unstyled until its script asked.
  const chunks = FIRST_SCREENS.map(({ name }) => name);
  for (const name of Object.values(PAGE_CHUNKS).flat()) expect(chunks).toContain(name);
});

test('a cold /orders/{id} comes with the order rendered from the service', { timeout: 60_000 }, async () => {
  const { response, html } = await page(server.url, `/orders/${orderId}`, cookies.get('agent@example.com') ?? '');
  expect(response.status).toBe(200);
  const { root, data } = parts(html);
  expect(data.seeds).toMatchObject([{ kind: 'order', environment: 'sandbox', orderId }]);
  expect(root).toContain('SSR-0001');
  expect(root).not.toContain('Loading the order');
  // The lifecycle panel's title and description come with it (the page's largest text: its LCP), its picture after.
  expect(root).toMatch(/<h4[^>]*>Lifecycle<\/h4><p[^>]*data-testid="lifecycle-description"[^>]*>Every state an order can be in and the moves between them\./);
  expect(root).toContain('aria-label="Loading the lifecycle"');
  const head = html.slice(0, html.indexOf('</head>'));
  expect(head).toContain('/assets/orders-first-screen-Ab12Cd34.css');
  expect(head).toContain('/assets/order-first-screen-Cd34Ef56.css');
  expect(html).not.toContain(SANDBOX_TOKEN);
});

test('what a customer typed cannot end the data block or the markup, and reads back the same', { timeout: 60_000 }, async () => {
  const { html } = await page(server.url, '/orders', cookies.get('agent@example.com') ?? '');
  const { block, data } = parts(html);
  expect(block).not.toMatch(/[<>\u2028\u2029]/);
  expect(html).not.toContain('<script>alert(1)');
  expect(JSON.stringify(data.seeds[0]?.body)).toContain('Eva</script><script>alert(1)</script>');
  expect(JSON.stringify(data.seeds[0]?.body)).toContain('Line\u2028Break');
});

test("a viewer's page holds no customer fields, in the HTML or its data", { timeout: 60_000 }, async () => {
  const { html } = await page(server.url, '/orders', cookies.get('viewer@example.com') ?? '');
  const { root, data } = parts(html);
  expect(root).toContain('SSR-0001');
  expect(root).toContain('Hidden for your role');
  expect(html).not.toContain('eva.ssr@example.com');
  expect(data.me).toMatchObject({ user: { email: 'viewer@example.com' } });
});

test('a slow service does not hold the page: it comes within the read budget, without data, and the browser asks', { timeout: 60_000 }, async () => {
  const id = '6f1c2f0e-9a7b-4a55-9d55-111111111111';
  const started = Date.now();
  const { response, html } = await page(slowServer.url, `/orders/${id}`, cookies.get('slow agent') ?? '');
  expect(Date.now() - started).toBeLessThan(2_000);
  expect(response.status).toBe(200);
  const { root, data } = parts(html);
  expect(data.seeds).toEqual([]);
  expect(root).toContain('Loading the order');
  expect(html).not.toContain(SLOW_TOKEN);
});

test('another page, one with a query, or a browser that has not told its locale and time zone gets the page as the build made it', { timeout: 60_000 }, async () => {
  const cookie = cookies.get('agent@example.com') ?? '';
  for (const [path, intl] of [['/orders/new', INTL], ['/orders?q=ssr', INTL], ['/audit', INTL], ['/orders', ''], ['/orders', `${INTL_COOKIE}=en-GB%7CNot%2FAZone`]] as const) {
    const { html } = await page(server.url, path, cookie, intl);
    expect(html, `${path} ${intl}`).toContain('the build frame');
    expect(html, `${path} ${intl}`).not.toContain(TEAM_PAGE_DATA_ID);
  }
});

test('dates come in the time zone the browser told', { timeout: 60_000 }, async () => {
  const cookie = cookies.get('agent@example.com') ?? '';
  const hours = async (zone: string) => {
    const { root, data } = parts((await page(server.url, '/orders', cookie, `${INTL_COOKIE}=${encodeURIComponent(`en-GB|${zone}`)}`)).html);
    const created = JSON.stringify(data.seeds[0]?.body).match(/"created_at":"([^"]+)"/)?.[1] ?? '';
    const expected = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(new Date(created));
    return { root, expected };
  };
  for (const zone of ['Pacific/Auckland', 'America/Los_Angeles']) {
    const { root, expected } = await hours(zone);
    expect(root, zone).toContain(expected);
  }
});

test("a page looks its session up once: the guard, the page and its reads share it, and the reads still apply the person's permissions", { timeout: 60_000 }, async () => {
  const query = vi.spyOn(server.db, 'query');
  try {
    for (const [email, path] of [['agent@example.com', '/orders'], ['agent@example.com', `/orders/${orderId}`], ['viewer@example.com', '/orders']] as const) {
      query.mockClear();
      const { html } = await page(server.url, path, cookies.get(email) ?? '');
      expect(parts(html).data.seeds, `${email} ${path}`).toHaveLength(1);
      const touches = query.mock.calls.filter(([sql]) => /UPDATE console_sessions/.test(sql));
      expect(touches, `${email} ${path}`).toHaveLength(1);
    }
    // The viewer's read still went through its role: no customer field came back.
    expect((await page(server.url, '/orders', cookies.get('viewer@example.com') ?? '')).html).not.toContain('eva.ssr@example.com');
  } finally {
    query.mockRestore();
  }
});

test('the head goes out before the data is read and rendered; a render that fails after it ends in the page as the build made it', { timeout: 60_000 }, async () => {
  let release = () => undefined;
  const gate = new Promise<undefined>((resolve) => {
    release = () => {
      resolve(undefined);
      return undefined;
    };
  });
  let broken = false;
  const held = await startTeamServer({
    staticDir,
    renderer: () =>
      Promise.resolve(async () => {
        await gate;
        if (broken) throw new Error('the render broke');
        return '<p>the held page</p>';
      }),
  });
  try {
    await held.addUser('agent@example.com', ['agent']);
    const cookie = cookieOf(await signIn(held.url, 'agent@example.com'));
    const response = await fetch(`${held.url}/orders`, { headers: { Accept: 'text/html', Cookie: `${cookie}; ${INTL}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('vary')).toContain('Cookie');
    expect(response.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    if (response.body === null) throw new Error('no body');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // While the render is held, the head (with the page's stylesheets) has come already.
    while (!text.includes('</head>')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    expect(text).toContain('/assets/orders-first-screen-Ab12Cd34.css');
    expect(text).not.toContain('the held page');
    release();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += chunk.value;
    expect(parts(text).root).toContain('<p>the held page</p>');
    expect(text.trimEnd()).toMatch(/<\/html>$/);

    broken = true;
    const { response: failed, html } = await page(held.url, '/orders', cookie);
    expect(failed.status).toBe(200);
    expect(html).toContain('the build frame');
    expect(html).not.toContain(TEAM_PAGE_DATA_ID);
    expect(html.trimEnd()).toMatch(/<\/body><\/html>$/);
  } finally {
    await held.close();
  }
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { z } from 'zod';
import type { RunningServer } from '../../http/listen.ts';
import { serveApp } from '../../http/listen.ts';
import { streamedPage } from './streamed-page.ts';

// A team page's head reaches the browser before the server starts the work that holds its
// thread (the data read and renderToString are synchronous), so the browser fetches the page's
// stylesheets and scripts meanwhile. The body's work here holds the thread for BLOCK_MS the way a
// render does; the client runs in another process, so it sees when the bytes really arrived.

const BLOCK_MS = 400;
const HEAD = '<!doctype html><html><head><title>Order Console</title><link rel="stylesheet" href="/assets/shell.css"></head>';
const BODY = '<body><p>the rendered page</p></body></html>';

let server: RunningServer;

/** Holds this thread as a synchronous render does (no timer, no I/O gets a turn). */
function holdThread(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

beforeAll(async () => {
  server = await serveApp({
    fetch: (request) =>
      streamedPage(
        HEAD,
        () => {
          holdThread(BLOCK_MS);
          return Promise.resolve(BODY);
        },
        request.headers.get('accept-encoding') ?? undefined,
      ),
  });
});

afterAll(async () => {
  await server?.close();
});

// The client: fetch decodes br and gzip; it prints when </head> had come, when the page ended, and the page.
const CLIENT = `
const [url, encoding] = process.argv.slice(1);
const response = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
let text = '';
let headAt = null;
for (;;) {
  const { value, done } = await reader.read();
  if (done) break;
  text += value;
  if (headAt === null && text.includes('</head>')) headAt = performance.now();
}
process.stdout.write(JSON.stringify({ headAt, endAt: performance.now(), text, coding: response.headers.get('content-encoding') }));
`;

const clientSchema = z.object({ headAt: z.number().nullable(), endAt: z.number(), text: z.string(), coding: z.string().nullable() });

test.each(['br', 'gzip', 'identity'])('the head goes out before the work on the body holds the thread (%s)', { timeout: 30_000 }, async (encoding) => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CLIENT, `${server.url}/orders`, encoding], { timeout: 20_000 });
  const result = clientSchema.parse(JSON.parse(stdout));
  expect(result.coding).toBe(encoding === 'identity' ? null : encoding);
  expect(result.text).toBe(HEAD + BODY);
  expect(result.headAt).not.toBeNull();
  // Without the wait for the head, it came together with the body, after the hold.
  expect(result.endAt - (result.headAt ?? result.endAt)).toBeGreaterThan(BLOCK_MS / 2);
});

import type { BrotliCompress, Gzip } from 'node:zlib';
import { constants as zlibConstants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Coding } from '../content-encoding.ts';
import { CODINGS, selectEncoding } from '../content-encoding.ts';

// A team page goes in two parts, its head (stylesheets, and scripts or what starts them) at
// once so the browser fetches them while the server reads and renders, then its body. A rendered
// /orders is a lot of markup: compressed as the build's files are (brotli at a level fast enough
// for every request, else gzip), per Accept-Encoding.
//
// The head must be on the wire before the body's work starts, not merely handed to the stream: the
// read and the render keep this thread busy (PGlite and renderToString are synchronous), and the
// compressor's output and the socket's write both wait for the thread. Started at once, the work
// finished first and the head went out glued to the body (measured: the browser asked for the page's
// stylesheet only once the whole page had come). So the body's work starts only once the compressor
// has flushed the head and the write has had its turn.

const compressors: Record<Coding, () => BrotliCompress | Gzip> = {
  br: () => createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: () => createGzip({ level: 6 }),
};

/** After the writes queued as promise callbacks (the server's copy of the stream to the socket). */
const afterPendingWrites = (then: () => void) => setImmediate(then);

/**
 * A 200 HTML answer: `head` at once, then what `rest` makes, started once the head is out. `rest`
 * must not reject (it ends the page itself when its work fails).
 */
export function streamedPage(head: string, rest: () => Promise<string>, acceptEncoding: string | undefined): Response {
  const headers = new Headers({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    Vary: 'Cookie, Accept-Encoding',
    // Said outright, as Hono's streaming helpers do: @hono/node-server otherwise holds the first
    // chunk back to see whether a second follows at once (to send a Content-Length instead).
    'Transfer-Encoding': 'chunked',
  });
  const coding = selectEncoding(acceptEncoding, CODINGS);
  if (coding !== 'identity') headers.set('Content-Encoding', coding);
  const zip = coding === 'identity' ? null : compressors[coding]();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        if (open) controller.close();
        open = false;
      };
      if (zip === null) {
        controller.enqueue(new TextEncoder().encode(head));
        afterPendingWrites(() => {
          if (!open) return;
          void rest().then((text) => {
            if (open) controller.enqueue(new TextEncoder().encode(text));
            close();
          });
        });
        return;
      }
      zip.on('data', (chunk: Buffer) => {
        if (open) controller.enqueue(new Uint8Array(chunk));
      });
      zip.on('end', close);
      // A compressor fails only when the browser went away (the stream was cancelled and it destroyed).
      zip.on('error', close);
      zip.write(head);
      // The flush's output has been emitted when its callback runs.
      zip.flush(() =>
        afterPendingWrites(() => {
          if (!open) return;
          void rest().then((text) => {
            if (open) zip.end(text);
          });
        }),
      );
    },
    cancel() {
      open = false;
      zip?.destroy();
    },
  });
  return new Response(body, { headers });
}

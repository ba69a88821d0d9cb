import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';

// npm run deploy-check, its browser: HTTPS to nginx trusting only the run's self-signed certificate,
// from a chosen loopback address (so the console's client address can be told from nginx's own),
// carrying the session cookie and the console's origin as a browser would.

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: unknown;
}

export interface HttpsClient {
  call(method: string, path: string, options?: { json?: unknown; headers?: Record<string, string> }): Promise<Answer>;
  /** The session cookie (`name=value`) once signed in. */
  cookie: string | null;
}

export function httpsClient(base: string, ca: string, localAddress: string): HttpsClient {
  const url = new URL(base);
  const client: HttpsClient = {
    cookie: null,
    call(method, path, options = {}) {
      const body = options.json === undefined ? undefined : JSON.stringify(options.json);
      const headers: Record<string, string | number> = { Accept: 'application/json', Origin: url.origin, ...options.headers };
      if (client.cookie !== null) headers['Cookie'] = client.cookie;
      if (body !== undefined) {
        headers['Content-Type'] = 'application/json';
        headers['Content-Length'] = Buffer.byteLength(body);
      }
      return new Promise((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path, method, headers, ca, servername: 'localhost', localAddress, agent: false, timeout: 20_000 }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
          });
          res.on('error', reject);
        });
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
        req.on('error', reject);
        req.end(body);
      });
    },
  };
  return client;
}

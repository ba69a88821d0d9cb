import type { IncomingHttpHeaders } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { createServer } from 'node:net';

// Test support for the audit sink's and the notifications' tests: a syslog server on loopback reading
// RFC 6587 octet-counted frames (it can be stopped and started again on its port), and a webhook
// receiver that fails its first requests on purpose.

export interface SyslogListener {
  port: number;
  /** Every message received, in order, without its frame. */
  messages: string[];
  /** Drops every connection and stops listening. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

function frames(socket: Socket, onMessage: (message: string) => void): void {
  let pending = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      const space = pending.indexOf(0x20);
      if (space <= 0) return;
      const length = Number(pending.subarray(0, space).toString('ascii'));
      if (!Number.isInteger(length) || pending.length < space + 1 + length) return;
      onMessage(pending.subarray(space + 1, space + 1 + length).toString('utf8'));
      pending = pending.subarray(space + 1 + length);
    }
  });
  socket.on('error', () => undefined);
}

export async function startSyslogListener(): Promise<SyslogListener> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  let server = createServer();
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        frames(socket, (message) => messages.push(message));
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        port = typeof address === 'object' && address !== null ? address.port : port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    messages,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
    start: listen,
  };
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** Answers 500 to its first `failFirst` requests, 200 to the rest. */
export async function startWebhookReceiver(failFirst: number): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const status = received.length < failFirst ? 500 : 200;
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

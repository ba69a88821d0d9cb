import { createServer } from 'node:http';

// The ceiling of the throughput figures: a bare node:http server that reads and parses the same
// JSON body and answers a fixed order. Nothing the sandbox does can be faster than this on the
// same machine with the same client.

const ORDER = JSON.stringify({
  id: '0b8f6a4e-3c1d-4f5e-9a7b-2d6c8e1f0a93',
  external_id: 'ORD-1',
  redirect_url: 'http://127.0.0.1/sandbox/checkout/0b8f6a4e-3c1d-4f5e-9a7b-2d6c8e1f0a93',
  initial_amount: '62.29',
  current_amount: '62.29',
  refund_amount: '0.00',
  date_settled: '2026-01-22T10:00:00.000Z',
  status: 'new',
  service: 'provider-pay',
});

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    try {
      const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
      response.writeHead(request.url?.endsWith('/refund/') === true ? 200 : 201, { 'Content-Type': 'application/json' });
      response.end(ORDER);
    } catch {
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end('{"detail":"JSON parse error"}');
    }
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

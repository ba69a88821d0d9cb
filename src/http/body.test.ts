import { expect, test } from 'vitest';
import { readBodyBytes } from './body.ts';
import { ApiError } from './errors.ts';

// readBodyBytes reads a body with a declared length in one piece (the HTTP parser ends it there);
// a Request built in-process can declare less than it holds, so the limit is still enforced.

const request = (body: string | ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request('http://sandbox.test/psp/v2/order/', { method: 'POST', body, headers, ...(typeof body !== 'string' && { duplex: 'half' }) });

const statusOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'read';
  } catch (error) {
    return error instanceof ApiError ? error.status : 'other error';
  }
};

test('a declared length: the bytes as sent', async () => {
  const bytes = await readBodyBytes(request('{"a":"ž"}', { 'content-length': '11' }));
  expect(new TextDecoder().decode(bytes)).toBe('{"a":"ž"}');
});

test('a declared length under the limit on a body over it is still 413', async () => {
  expect(await statusOf(readBodyBytes(request('x'.repeat(101), { 'content-length': '10' }), 100))).toBe(413);
});

test('a declared length over the limit is 413 before reading', async () => {
  expect(await statusOf(readBodyBytes(request('x', { 'content-length': '101' }), 100))).toBe(413);
});

test('no declared length: counted while reading', async () => {
  const chunks = (n: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < n; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(30)));
        controller.close();
      },
    });
  expect(await statusOf(readBodyBytes(request(chunks(4), {}), 100))).toBe(413);
  expect((await readBodyBytes(request(chunks(3), {}), 100)).byteLength).toBe(90);
});

import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderServicePaths, sandboxPaths } from '../contract/paths.ts';
import { orderSchema } from '../contract/schemas.ts';
import { validCreateBody } from '../contract/test-support.ts';
import { createApp } from './app.ts';
import type { RunningServer } from '../http/listen.ts';
import { serveApp } from '../http/listen.ts';
import type { Store } from './store.ts';
import { openStore } from './store.ts';

// Only configured host names are answered, and redirect_url comes from configuration,
// not from whatever Host a caller (or a DNS-rebinding page) sends.

const TOKEN = 'dev-token';
let store: Store;
let loopback: RunningServer;
let team: RunningServer;

interface Answer {
  status: number;
  body: string;
}

/** A real HTTP request with a Host header of our choosing (fetch would not send one). */
function send(server: RunningServer, method: string, path: string, host: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Host: host, Authorization: `Token ${TOKEN}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port: server.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const createBody = (externalId: string) => JSON.stringify({ ...validCreateBody(), order_external_id: externalId });

beforeAll(async () => {
  store = await openStore(':memory:');
  loopback = await serveApp(createApp({ store, tokens: [TOKEN], log: () => undefined }));
  team = await serveApp(
    createApp({ store, tokens: [TOKEN], log: () => undefined, publicUrl: 'https://sandbox.example.com', allowedHosts: ['sandbox.internal'] }),
  );
}, 60_000);

afterAll(async () => {
  await loopback.close();
  await team.close();
  await store.close();
});

describe('Host allow-list', () => {
  test('by default only loopback names are answered: a rebinding page under its own name gets 400 and changes nothing', async () => {
    for (const host of ['attacker.example', 'attacker.example:80', `rebind.attacker.example:${loopback.port}`, 'localhost.attacker.example', '127.0.0.1.nip.io']) {
      const created = await send(loopback, 'POST', orderServicePaths.orderCreate(), host, createBody(`rebind-${host.length}`));
      expect(created.status, `Host: ${host}`).toBe(400);
      expect(JSON.parse(created.body), host).toEqual({ detail: 'Invalid Host header.', code: 'invalid_host' });
      expect((await send(loopback, 'GET', '/', host)).status, host).toBe(400);
    }
    const list = await send(loopback, 'GET', sandboxPaths.orders(), `127.0.0.1:${loopback.port}`);
    expect(list.body).not.toContain('rebind-');
  });

  test.each(['127.0.0.1', `127.0.0.1:${'PORT'}`, 'localhost:5173', '[::1]:8080', 'LOCALHOST'])('loopback name %s is answered', async (host) => {
    const answer = await send(loopback, 'GET', sandboxPaths.orders(), host.replace('PORT', String(loopback.port)));
    expect(answer.status).toBe(200);
  });

  test('without PUBLIC_URL, redirect_url is on the loopback name and port the request came to', async () => {
    const created = await send(loopback, 'POST', orderServicePaths.orderCreate(), `localhost:${loopback.port}`, createBody('host-local'));
    expect(orderSchema.parse(JSON.parse(created.body)).redirect_url).toMatch(new RegExp(`^http://localhost:${loopback.port}/sandbox/checkout/`));
  });

  test('an order answers one redirect_url everywhere: read, refunded, moved and listed through another loopback name (the port left out) it stays the create\'s', async () => {
    const created = await send(loopback, 'POST', orderServicePaths.orderCreate(), `localhost:${loopback.port}`, createBody('host-same-link'));
    const order = orderSchema.parse(JSON.parse(created.body));
    const other = '127.0.0.1';
    const moved = await send(loopback, 'POST', sandboxPaths.orderStatus(order.id), other, JSON.stringify({ status: 'activated' }));
    const read = await send(loopback, 'GET', orderServicePaths.orderRead(order.id), other);
    const refund = JSON.stringify({ amount: '1.00', destination_account_number: 'CZ6508000000192000145399', payment_identifier: 'RF-same-link', external_id: 'same-link-1' });
    const refunded = await send(loopback, 'POST', orderServicePaths.orderRefund(order.id), other, refund);
    const listed = await send(loopback, 'GET', `${sandboxPaths.orders()}?q=host-same-link`, `127.0.0.2:${loopback.port + 1}`);
    for (const [what, answer] of [['moved', moved], ['read', read], ['refunded', refunded]] as const) {
      expect(answer.status, what).toBe(200);
      expect(orderSchema.parse(JSON.parse(answer.body)).redirect_url, what).toBe(order.redirect_url);
    }
    expect(JSON.parse(listed.body)).toMatchObject({ results: [{ id: order.id, redirect_url: order.redirect_url }] });
  });

  test('a team server answers PUBLIC_URL\'s host and ALLOWED_HOSTS; redirect_url always starts with PUBLIC_URL', async () => {
    for (const host of ['sandbox.example.com', 'sandbox.internal:8080', `127.0.0.1:${team.port}`]) {
      const created = await send(team, 'POST', orderServicePaths.orderCreate(), host, createBody(`host-team-${host.length}`));
      expect(created.status, host).toBe(201);
      expect(orderSchema.parse(JSON.parse(created.body)).redirect_url, host).toMatch(/^https:\/\/sandbox\.example\.com\/sandbox\/checkout\//);
    }
    expect((await send(team, 'GET', sandboxPaths.orders(), 'attacker.example')).status).toBe(400);
  });
});

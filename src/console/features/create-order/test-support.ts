import { act, screen } from '@testing-library/react';
import { bypass } from 'msw';
import { expect } from 'vitest';
import { z } from 'zod';
import { CONSOLE_ORIGIN, SANDBOX_URL, server } from '../../test/msw-server.ts';
import { renderApp } from '../../test/render.tsx';

// Shared by the create-order component tests.

export const CREATE_URL = `${CONSOLE_ORIGIN}/psp/v2/order/`;

export async function openCreateOrder() {
  const app = renderApp('/orders/new');
  await screen.findByRole('heading', { name: 'New order' }, { timeout: 15_000 });
  const field = (name: string): HTMLInputElement | HTMLSelectElement => {
    const element = app.container.querySelector(`[name="${name}"]`);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) return element;
    throw new Error(`no input named ${name}`);
  };
  const input = (name: string): HTMLInputElement => {
    const element = field(name);
    if (element instanceof HTMLInputElement) return element;
    throw new Error(`${name} is not an <input>`);
  };
  return { ...app, field, input };
}

/**
 * Lets the next frame pass, and what was scheduled after it (a row's messages and the totals show
 * one frame after a change: use-watch-after-paint.ts), so a check that something did NOT appear
 * can fail.
 */
export async function nextFrame(): Promise<void> {
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** Counts the create requests the console sends (whatever answers them). */
export function countCreateRequests(): { readonly count: number; bodies: unknown[]; headers: Headers[]; stop: () => void } {
  const seen = { count: 0, bodies: [] as unknown[], headers: [] as Headers[] };
  const listener = ({ request }: { request: Request }) => {
    if (request.method !== 'POST' || request.url !== CREATE_URL) return;
    seen.count += 1;
    seen.headers.push(request.headers);
    void request
      .clone()
      .text()
      .then((text) => seen.bodies.push(JSON.parse(text)));
  };
  server.events.on('request:start', listener);
  return {
    get count() {
      return seen.count;
    },
    bodies: seen.bodies,
    headers: seen.headers,
    stop: () => server.events.removeListener('request:start', listener),
  };
}

/** Asks the real sandbox directly which orders carry this external id (not through the console). */
export async function sandboxOrdersWithExternalId(externalId: string, token = 'dev-token'): Promise<{ id: string; external_id: string }[]> {
  const url = new URL('/sandbox/orders', SANDBOX_URL);
  url.searchParams.set('q', externalId);
  url.searchParams.set('limit', '500');
  // bypass: straight to the sandbox, around MSW (which refuses requests it has no handler for).
  const response = await fetch(bypass(url, { headers: { Authorization: `Token ${token}` } }));
  expect(response.status).toBe(200);
  const page = z.object({ results: z.array(z.object({ id: z.string(), external_id: z.string() })) }).parse(await response.json());
  return page.results.filter((order) => order.external_id === externalId);
}

export function uniqueExternalId(prefix = 'T'): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 18)}`;
}

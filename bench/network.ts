import type { CDPSession } from '@playwright/test';
import { z } from 'zod';

// What Chromium itself received per request (CDP's encodedDataLength: headers and body as they
// came over the wire, before decoding), for the on-the-wire figure's cross-check.

export interface WireEntry {
  url: string;
  /** Bytes received: response headers and the body as sent (compressed or not). */
  bytes: number;
  status: number;
  contentEncoding: string | null;
}

const sentSchema = z.object({ requestId: z.string(), request: z.object({ url: z.string() }) });
const responseSchema = z.object({ requestId: z.string(), response: z.object({ status: z.number(), headers: z.record(z.string(), z.string()) }) });
const finishedSchema = z.object({ requestId: z.string(), encodedDataLength: z.number() });

/** Starts recording on a session with Network enabled; call the result to read what finished. */
export function recordWire(cdp: CDPSession): () => WireEntry[] {
  const urls = new Map<string, string>();
  const responses = new Map<string, { status: number; contentEncoding: string | null }>();
  const finished: WireEntry[] = [];
  cdp.on('Network.requestWillBeSent', (event: unknown) => {
    const sent = sentSchema.parse(event);
    urls.set(sent.requestId, sent.request.url);
  });
  cdp.on('Network.responseReceived', (event: unknown) => {
    const { requestId, response } = responseSchema.parse(event);
    const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? null;
    responses.set(requestId, { status: response.status, contentEncoding: encoding });
  });
  cdp.on('Network.loadingFinished', (event: unknown) => {
    const { requestId, encodedDataLength } = finishedSchema.parse(event);
    const url = urls.get(requestId);
    const response = responses.get(requestId);
    if (url !== undefined && response !== undefined) finished.push({ url, bytes: encodedDataLength, ...response });
  });
  return () => [...finished];
}

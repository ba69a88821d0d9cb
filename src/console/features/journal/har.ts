import type { JournalEntry } from '../../lib/journal.ts';
import { SHORTENED_MARK } from '../../lib/journal.ts';
import { parseJson } from '../../../contract/json-text.ts';

// The journal as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), oldest call first, for
// Playwright's page.routeFromHAR and any HAR viewer. Built from the redacted entries: the
// Authorization header is `Token ****`, and no field holds a token. Calls that got no answer are
// left out (a HAR entry needs a response); the log's comment says how many.

interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface Har {
  log: { version: '1.2'; creator: { name: string; version: string }; entries: HarEntry[]; comment: string };
}

const bytes = (text: string) => new TextEncoder().encode(text).length;

function queryString(url: string): HarHeader[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function harEntry(entry: JournalEntry & { status: number }): HarEntry {
  const requestBody = entry.requestBody ?? '';
  const responseBody = entry.responseBody ?? '';
  const responseType = parseJson(responseBody) === undefined ? 'text/plain' : 'application/json';
  const shortened = requestBody.includes(SHORTENED_MARK) || responseBody.includes(SHORTENED_MARK);
  return {
    startedDateTime: entry.startedAt,
    time: entry.durationMs ?? 0,
    request: {
      method: entry.method,
      url: entry.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: Object.entries(entry.requestHeaders).map(([name, value]) => ({ name, value })),
      queryString: queryString(entry.url),
      ...(requestBody !== '' && { postData: { mimeType: 'application/json', text: requestBody } }),
      headersSize: -1,
      bodySize: bytes(requestBody),
    },
    response: {
      status: entry.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: responseBody === '' ? [] : [{ name: 'Content-Type', value: responseType }],
      content: { size: bytes(responseBody), mimeType: responseType, text: responseBody },
      redirectURL: '',
      headersSize: -1,
      bodySize: bytes(responseBody),
    },
    cache: {},
    timings: { send: 0, wait: entry.durationMs ?? 0, receive: 0 },
    ...(shortened && { comment: 'A body was shortened when the journal kept it.' }),
  };
}

export function journalAsHar(entries: readonly JournalEntry[], creatorVersion: string): Har {
  const answered = [...entries].reverse().filter((entry): entry is JournalEntry & { status: number } => entry.status !== null);
  const left = entries.length - answered.length;
  return {
    log: {
      version: '1.2',
      creator: { name: 'Order Console', version: creatorVersion },
      entries: answered.map(harEntry),
      comment: `Request journal of Order Console; Authorization masked as Token ****.${left === 0 ? '' : ` ${left} ${left === 1 ? 'call' : 'calls'} without an answer left out.`}`,
    },
  };
}

import { describe, expect, test } from 'vitest';
import { apiErrorFromResponse, parseRetryAfter, retryAfterAdvice } from './api-error.ts';

// RFC 9110 §10.2.3: Retry-After is delay-seconds or an HTTP date; DRF's throttling sends seconds.

describe('Retry-After', () => {
  const now = Date.parse('2026-11-24T10:00:00Z');
  test.each([
    ['30', 30],
    [' 5 ', 5],
    ['0', 0],
    ['Tue, 24 Nov 2026 10:01:30 GMT', 90],
    ['Tue, 24 Nov 2026 09:59:00 GMT', 0],
    ['', undefined],
    ['-3', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    [null, undefined],
  ])('%j -> %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });

  test('an error answer keeps it, and the advice names the wait and the time', () => {
    const error = apiErrorFromResponse('POST', 'http://x/psp/v2/order/', 429, '{"detail":"Request was throttled.","code":"throttled"}', '30');
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.detail).toBe('Request was throttled.');
    expect(apiErrorFromResponse('POST', 'http://x/', 500, '{"detail":"x"}').retryAfterSeconds).toBeUndefined();
    const advice = retryAfterAdvice(30, new Date(now));
    expect(advice).toMatch(/^Try again in 30 seconds \(after .+\)\.$/);
    expect(advice).toContain(new Date(now + 30_000).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' }));
    expect(retryAfterAdvice(1, new Date(now))).toMatch(/^Try again in 1 second \(/);
  });
});

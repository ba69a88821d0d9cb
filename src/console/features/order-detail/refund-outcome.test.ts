import { describe, expect, test } from 'vitest';
import { unansweredSentence } from './refund-outcome.tsx';

// What the refund dialog says when an answer does not tell whether the refund happened:
// one sentence, ending in one full stop whatever the service's own words end with.
describe('unansweredSentence', () => {
  test.each([
    [{ kind: 'answered', status: 503, message: 'Service temporarily unavailable, try again later.' } as const, 'The service answered the refund with HTTP 503: Service temporarily unavailable, try again later.'],
    [{ kind: 'answered', status: 500, message: 'A server error occurred' } as const, 'The service answered the refund with HTTP 500: A server error occurred.'],
    [{ kind: 'answered', status: 200, message: 'not JSON.' } as const, 'The service answered the refund with HTTP 200, but the answer could not be read: not JSON.'],
    [{ kind: 'answered', status: 502, message: '' } as const, 'The service answered the refund with HTTP 502.'],
  ])('%o', (cause, sentence) => {
    expect(unansweredSentence(cause)).toBe(sentence);
  });

  test('no answer at all says so, not a status', () => {
    expect(unansweredSentence({ kind: 'no-answer', message: 'Failed to fetch' })).toMatch(/did not answer the refund/);
  });
});

import { expect, test } from 'vitest';
import { senderOf } from './bulk-run-sender.ts';

// The defaults a team runs with: a 60 s hold, renewed every 20 s while the process lives; a look for
// runs every 15 s.
const LEASE = { lengthMs: 60_000, pollMs: 15_000 };

test('a hold renewed just now: a living sender, taken over only after its end and the next look', () => {
  expect(senderOf(59_000, LEASE)).toEqual({ heard_ms_ago: 1_000, takeover_in_ms: 74_000, stalled: false });
});

test('not renewed for longer than a renewal and the margin (25 s): stalled, picked up at the hold\'s end plus a look', () => {
  expect(senderOf(36_000, LEASE)?.stalled).toBe(false);
  expect(senderOf(34_000, LEASE)).toEqual({ heard_ms_ago: 26_000, takeover_in_ms: 49_000, stalled: true });
});

test('a hold that ran out: taken at the next look; nobody holding it: no sender', () => {
  expect(senderOf(-4_000, LEASE)).toEqual({ heard_ms_ago: 64_000, takeover_in_ms: 15_000, stalled: true });
  expect(senderOf(null, LEASE)).toBeNull();
});

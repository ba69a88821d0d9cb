import fc from 'fast-check';
import { expect, test } from 'vitest';
import { TOKEN_REMOVED, tokenScrubber } from './token-scrub.ts';

// What a service echoing the token could send back, in each form, around any other text.

const token = fc.stringMatching(/^[A-Za-z0-9._~-]{8,64}$/);
const around = fc.string({ maxLength: 40 });

const decodings = (text: string) => [text, Buffer.from(text, 'base64').toString('latin1'), Buffer.from(text, 'base64url').toString('latin1')];

test('base64 (standard and URL-safe) of a text holding the token, wherever it starts: no decoding of the scrubbed text holds it', () => {
  fc.assert(
    fc.property(token, around, around, fc.boolean(), (secret, before, after, urlSafe) => {
      const encoded = Buffer.from(`${before}${secret}${after}`).toString(urlSafe ? 'base64url' : 'base64');
      const scrubbed = tokenScrubber([secret]).scrub(`answer: ${encoded}.`);
      for (const part of scrubbed.split(TOKEN_REMOVED)) for (const decoded of decodings(part.replace(/^answer: |\.$/g, ''))) expect(decoded).not.toContain(secret);
    }),
  );
});

test('any letter case, percent-encoded wholly or in part, or JSON-escaped: replaced', () => {
  fc.assert(
    fc.property(token, around, fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }), (secret, before, encodeChar) => {
      const mixed = [...secret].map((ch, i) => (encodeChar[i] === true ? `%${ch.charCodeAt(0).toString(16)}` : i % 2 === 0 ? ch.toUpperCase() : ch.toLowerCase())).join('');
      const escaped = [...secret].map((ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      const scrubber = tokenScrubber([secret]);
      for (const form of [mixed, escaped, secret.toUpperCase()]) {
        expect(scrubber.holds(`${before}${form}`)).toBe(true);
        expect(scrubber.scrub(`${before}${form}!`)).toBe(`${scrubber.scrub(before)}${TOKEN_REMOVED}!`);
      }
    }),
  );
});

test('a text without the token is left as it is; a token below the minimum length is not looked for', () => {
  const scrubber = tokenScrubber(['sandbox-token-1234'], 8);
  expect(scrubber.scrub('{"detail": "Not found."}')).toBe('{"detail": "Not found."}');
  expect(scrubber.holds('sandbox-token-123')).toBe(false);
  expect(tokenScrubber(['abc'], 8).scrub('abc')).toBe('abc');
});

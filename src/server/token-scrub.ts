// docs/decisions.md D16: no answer the browser gets, and no audit row, holds a partner token. A service
// that echoes what it got may echo it in any form, so a token is looked for as it is and in the
// forms an echo takes: any letter case, percent-encoded (wholly or in part, as a query string or a
// form body has it), JSON's \u escapes, and base64 (standard or URL-safe) at each of the three byte
// offsets a token can start at inside a longer encoded text. Written here rather than taken from a
// library: secret scanners look for credential shapes, not for one known value in every encoding.

export const TOKEN_REMOVED = '[token removed]';

/** A base64 fragment shorter than this could occur by chance in an ordinary encoded text. */
const MIN_BASE64_FRAGMENT = 8;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One character as itself, percent-encoded or \u-escaped (the regex is case-insensitive). */
function charPattern(char: string): string {
  const bytes = new TextEncoder().encode(char);
  const percent = [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  const code = char.codePointAt(0) ?? 0;
  const unicode = code <= 0xffff ? `|\\\\u${code.toString(16).padStart(4, '0')}` : '';
  return `(?:${escapeRegExp(char)}|${percent}${unicode})`;
}

/** The parts of `token`'s base64 that do not depend on the bytes around it, for each of the 3 offsets. */
function base64Fragments(token: string): string[] {
  const bytes = Buffer.from(token, 'utf8');
  const fragments = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64').replace(/=+$/, '');
    // Characters wholly made of the token's bits: after the offset's bits, before the trailing partial one.
    const start = Math.ceil((8 * offset) / 6);
    const end = Math.floor((8 * (offset + bytes.length)) / 6);
    const fragment = encoded.slice(start, end);
    if (fragment.length < MIN_BASE64_FRAGMENT) continue;
    fragments.add(fragment);
    fragments.add(fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...fragments];
}

export interface TokenScrubber {
  /** `text` with every copy of a token, in any of the forms above, replaced. */
  scrub(text: string): string;
  /** Whether `text` holds a token in any of those forms. */
  holds(text: string): boolean;
}

/**
 * A scrubber for these tokens, putting `replacement` where one was; tokens shorter than `minLength`
 * are not looked for (they would blank ordinary words).
 */
export function tokenScrubber(tokens: readonly string[], minLength = 1, replacement = TOKEN_REMOVED): TokenScrubber {
  const wanted = [...new Set(tokens.filter((t) => t.length >= minLength))];
  if (wanted.length === 0) return { scrub: (text) => text, holds: () => false };
  // Longest first: a token that holds another is removed whole.
  wanted.sort((a, b) => b.length - a.length);
  const anyCase = wanted.map((token) => [...token].map(charPattern).join(''));
  const encoded = wanted.flatMap(base64Fragments).map(escapeRegExp);
  const plain = new RegExp(anyCase.join('|'), 'gi');
  const base64 = encoded.length === 0 ? null : new RegExp(encoded.join('|'), 'g');
  const scrub = (text: string) => {
    const once = text.replace(plain, replacement);
    return base64 === null ? once : once.replace(base64, replacement);
  };
  return { scrub, holds: (text) => scrub(text) !== text };
}

// On the wire: which of a file's precompressed twins (scripts/precompress.ts) to send, by
// the request's Accept-Encoding (RFC 9110 §12.5.3). Codings are case-insensitive and carry a
// weight (q, 0 to 1, default 1); q=0 means "not acceptable"; "*" stands for every coding not named;
// "x-gzip" is gzip. Without the header any coding would do, but an agent that sends none may not
// decode one either, so it gets the file as it is. Between equal weights the smaller coding wins.

export type Coding = 'br' | 'gzip';
export type Selected = Coding | 'identity';

/** Best first: brotli files are smaller than gzip files of the same text. */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

const FILE_SUFFIX: Readonly<Record<Coding, string>> = { br: '.br', gzip: '.gz' };

export const suffixOf = (coding: Coding): string => FILE_SUFFIX[coding];

const WEIGHT = /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** Weight per coding named in the header (lower-cased, x-gzip as gzip); an unreadable weight drops the entry. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawCoding = '', ...params] = element.split(';').map((part) => part.trim());
    if (rawCoding === '') continue;
    const coding = rawCoding.toLowerCase() === 'x-gzip' ? 'gzip' : rawCoding.toLowerCase();
    let weight = 1;
    let readable = true;
    for (const param of params) {
      if (!/^q=/i.test(param)) continue;
      const compact = param.replace(/\s+/g, '');
      if (!WEIGHT.test(compact)) readable = false;
      else weight = Number(compact.slice(2));
    }
    // A coding named twice keeps its first weight, as most servers do.
    if (readable && !weights.has(coding)) weights.set(coding, weight);
  }
  return weights;
}

/**
 * The representation to send: one of `available` (the twins that exist for this file), or identity.
 * Identity is the answer when nothing better is acceptable, even if the header refuses it: sending
 * the file as it is beats a 406 for a static page (RFC 9110 allows either).
 */
export function selectEncoding(header: string | undefined, available: readonly Coding[]): Selected {
  if (header === undefined) return 'identity';
  const weights = parseAcceptEncoding(header);
  const star = weights.get('*');
  const weightOf = (coding: string) => weights.get(coding) ?? star ?? 0;
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = weightOf(coding);
    if (available.includes(coding) && weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  // identity is acceptable unless refused by name or by "*;q=0"; left unnamed, it ranks below every
  // named coding; at the same weight a coding wins (it is smaller).
  const identity = weights.get('identity') ?? star ?? Number.MIN_VALUE;
  return best !== null && bestWeight >= identity ? best : 'identity';
}

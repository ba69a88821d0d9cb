import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { newPasswordSchema } from '../../contract/account.ts';

// docs/accounts.md: a new password is 12 to 256 characters with no composition rules (NIST SP 800-63B,
// PCI DSS v4.0 8.3.6), and is refused when @zxcvbn-ts scores it below 3, with the person's e-mail and
// the product's name as words an attacker would try first. The reason is zxcvbn's own sentence.
//
// zxcvbn's dictionaries take about a second to load, so they load at the first check, not when the
// server starts. Its work grows steeply with length and with leet substitutions: only the first
// CHECKED_LENGTH characters are scored (a password whose start is strong is strong), and substitutions
// are bounded, which keeps one check well under a tenth of a second.

export const MIN_SCORE = 3;
const CHECKED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 16;
export const PRODUCT_WORDS = ['order console', 'orderconsole', 'order', 'console'];

let factory: Promise<ZxcvbnFactory> | null = null;

function zxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    return new ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
      l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
    });
  })();
  return factory;
}

/** The words of an e-mail a guesser would try: the whole address, its local part and the domain's labels. */
export function personalWords(email: string): string[] {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  return [email.toLowerCase(), local, local.replace(/[._+-]+/g, ''), ...local.split(/[._+-]+/), domain, ...domain.split('.')].filter((word) => word.length >= 3);
}

/** Why `password` may not be set for `email`, or null when it may. */
export async function passwordProblem(password: string, email: string): Promise<string | null> {
  const length = newPasswordSchema.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? 'Not a password this console takes';
  const result = (await zxcvbn()).check(password.slice(0, CHECKED_LENGTH), [...personalWords(email), ...PRODUCT_WORDS]);
  if (result.score >= MIN_SCORE) return null;
  const why = result.feedback.warning ?? 'It is a pattern or words that are guessed early.';
  const suggestion = result.feedback.suggestions[0] ?? 'Add another word or two that are not common.';
  return `Too easy to guess. ${why} ${suggestion}`;
}

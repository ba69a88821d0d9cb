import { withDecimalPoint } from '../../contract/amount-text.ts';
import { stripWhitespace } from '../../contract/fields.ts';

// docs/decisions.md D11: amount inputs accept a decimal comma, as people in much of Europe type one
// ("1,50"), and turn it into the documented form with a dot as the person leaves the field. What
// is sent always has a dot: the service's pattern has no comma.

/**
 * What an amount input holds once the person leaves it: stripped of outer whitespace (D11), and a
 * single decimal comma turned into a dot ("1,50" -> "1.50", ",5" -> ".5"). Anything else is left as
 * typed, so the field's own message says what is wrong with it ("1.000,50" is not guessed at).
 */
export function normalizeDecimalInput(value: string): string {
  return withDecimalPoint(stripWhitespace(value));
}

/**
 * A text's JSON value, or undefined when it is not JSON text (empty included): for answers and
 * bodies read as text, whose value is then parsed with its schema. JSON never parses to undefined,
 * so the two cannot be mixed up.
 */
export function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

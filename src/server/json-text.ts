/** A text's JSON value, or null when it is not JSON (bodies the server reads or passes on). */
export function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return null;
  }
}

// JSON values written as JavaScript source for generated Playwright code: object keys that are
// identifiers stay bare, strings are JSON-quoted (so `${` or a backtick inside stays inert), and a
// leaf the caller recognises becomes an expression (a variable carried from an earlier answer).

export type Replace = (path: readonly (string | number)[], value: unknown) => string | null;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function jsLiteral(value: unknown, replace: Replace = () => null, indent = '', path: readonly (string | number)[] = []): string {
  const replaced = replace(path, value);
  if (replaced !== null) return replaced;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((element, index) => `${inner}${jsLiteral(element, replace, inner, [...path, index])}`).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value);
    if (members.length === 0) return '{}';
    const lines = members.map(([key, member]) => `${inner}${IDENTIFIER.test(key) ? key : JSON.stringify(key)}: ${jsLiteral(member, replace, inner, [...path, key])}`);
    return `{\n${lines.join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `text` as a string literal, or a template literal with each recorded substring replaced by `${expression}`. */
export function templateLiteral(text: string, substitutions: ReadonlyMap<string, string>): string {
  const used = [...substitutions.keys()].filter((recorded) => recorded !== '' && text.includes(recorded));
  if (used.length === 0) return JSON.stringify(text);
  const pattern = new RegExp(`(${used.map((recorded) => recorded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);
  const escape = (piece: string) => piece.replace(/[`\\]/g, '\\$&').replace(/\$\{/g, '\\${');
  const pieces = text.split(pattern).map((piece) => {
    const expression = substitutions.get(piece);
    return expression !== undefined && used.includes(piece) ? `\${${expression}}` : escape(piece);
  });
  return `\`${pieces.join('')}\``;
}


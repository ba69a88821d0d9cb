// A parsed JSON body is stored whole (jsonb) and its strings go into text columns. PostgreSQL refuses
// NUL characters and unpaired surrogates in both, and JSON.stringify / jsonb recurse, so a body
// nested thousands deep would overflow a stack. Finding these before the database does turns a 500
// into a 400 the caller can act on.

export const MAX_JSON_DEPTH = 64;
const MAX_PROBLEMS = 50;

export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';
export const SURROGATE_MESSAGE = 'Text must be valid Unicode (it contains an unpaired surrogate).';

export interface TextProblem {
  path: (string | number)[];
  message: string;
}

export type JsonInspection = { kind: 'too_deep' } | { kind: 'ok'; problems: TextProblem[] };

interface Frame {
  value: unknown;
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return NULL_CHARACTER_MESSAGE;
  if (UNPAIRED_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

function pathOf(frame: Frame): (string | number)[] {
  const path: (string | number)[] = [];
  for (let f: Frame | null = frame; f !== null && f.key !== null; f = f.parent) path.unshift(f.key);
  // "__proto__" as a key of an error body would set a prototype instead of a member: report the
  // problem on the nearest ancestor whose name is safe to write.
  const cut = path.indexOf('__proto__');
  return cut === -1 ? path : path.slice(0, cut);
}

/** Walks without recursion, so no input can exhaust the stack. */
export function inspectJson(root: unknown): JsonInspection {
  const problems: TextProblem[] = [];
  const stack: Frame[] = [{ value: root, depth: 0, key: null, parent: null }];
  const report = (frame: Frame, message: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push({ path: pathOf(frame), message });
  };
  while (stack.length > 0) {
    const frame = stack.pop();
    if (frame === undefined) break;
    const { value } = frame;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem !== null) report(frame, problem);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (frame.depth >= MAX_JSON_DEPTH) return { kind: 'too_deep' };
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => stack.push({ value: item, depth: frame.depth + 1, key: index, parent: frame }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const child: Frame = { value: item, depth: frame.depth + 1, key, parent: frame };
      const keyProblem = textProblem(key);
      if (keyProblem !== null) report(child, keyProblem);
      stack.push(child);
    }
  }
  return { kind: 'ok', problems };
}

import type { z } from 'zod';

// docs/decisions.md D3: Django REST Framework's validation error bodies. The sandbox writes them from zod
// issues; the console reads them back onto form fields. Both directions live here so one test can
// check that they agree.

export type ArrayErrorShape = 'list' | 'index';
export type DrfErrorNode = string[] | DrfErrorNode[] | { [key: string]: DrfErrorNode };
export type DrfErrorBody = { [key: string]: DrfErrorNode };

export const NON_FIELD_ERRORS = 'non_field_errors';

interface Tree {
  messages: string[];
  nonField: string[];
  children: Map<string | number, Tree>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const newTree = (): Tree => ({ messages: [], nonField: [], children: new Map() });

/** An issue about a whole object or list (wrong type, too many rows), as opposed to a field value. */
function isContainerIssue(issue: z.core.$ZodIssue, body: unknown): boolean {
  if (issue.code === 'invalid_type') {
    return (issue.expected === 'object' || issue.expected === 'array') && wasSent(issue, body);
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') return issue.origin === 'array';
  return false;
}

/**
 * Whether the value an issue is about was in the body. DRF answers a missing object with a field
 * error ("required") and one of the wrong type with non_field_errors inside it. zod keeps the value
 * on an issue only when parsed with `reportInput: true`, so otherwise look it up in the body.
 */
function wasSent(issue: z.core.$ZodIssue, body: unknown): boolean {
  if ('input' in issue) return issue.input !== undefined;
  // Without either, a wrong type is the likelier story: rows and optional lists cannot be missing.
  if (body === undefined) return true;
  let value: unknown = body;
  for (const segment of issue.path) {
    if (Array.isArray(value) && typeof segment === 'number') value = value[segment];
    else if (isRecord(value) && typeof segment === 'string' && Object.hasOwn(value, segment)) value = value[segment];
    else return false;
  }
  return value !== undefined;
}

/**
 * zod issues as a DRF 400 body, array rows in DRF's list shape (up to 3.17) or index shape (3.18+).
 * Pass the parsed request `body` (or parse with `reportInput: true`) so a missing object and an
 * object of the wrong type come out as DRF writes them.
 */
export function issuesToDrf(
  issues: readonly z.core.$ZodIssue[],
  shape: ArrayErrorShape = 'list',
  body?: unknown,
): DrfErrorBody {
  const root = newTree();
  for (const issue of issues) {
    let node = root;
    for (const segment of issue.path) {
      const key = typeof segment === 'number' ? segment : String(segment);
      let child = node.children.get(key);
      if (child === undefined) {
        child = newTree();
        node.children.set(key, child);
      }
      node = child;
    }
    if (node === root || isContainerIssue(issue, body)) node.nonField.push(issue.message);
    else node.messages.push(issue.message);
  }
  const out: DrfErrorBody = {};
  for (const [key, child] of root.children) out[String(key)] = serialise(child, shape);
  if (root.nonField.length > 0) out[NON_FIELD_ERRORS] = root.nonField;
  return out;
}

function serialise(node: Tree, shape: ArrayErrorShape): DrfErrorNode {
  if (node.children.size === 0 && node.nonField.length === 0) return node.messages;
  const rowKeys = [...node.children.keys()].filter((k): k is number => typeof k === 'number');
  const onlyRows = rowKeys.length > 0 && rowKeys.length === node.children.size;
  // A list has nowhere to put messages about the array itself, so those force the object form.
  if (shape === 'list' && onlyRows && node.nonField.length === 0 && node.messages.length === 0) {
    const rows: DrfErrorNode[] = [];
    const last = Math.max(...rowKeys);
    for (let i = 0; i <= last; i += 1) {
      const row = node.children.get(i);
      rows.push(row === undefined ? {} : serialise(row, shape));
    }
    return rows;
  }
  const out: { [key: string]: DrfErrorNode } = {};
  for (const [key, child] of node.children) out[String(key)] = serialise(child, shape);
  const nonField = [...node.nonField, ...node.messages];
  if (nonField.length > 0) out[NON_FIELD_ERRORS] = nonField;
  return out;
}

export interface FlatFieldError {
  /** JSON path of the field, dot separated, rows by index: `items.1.quantity`. */
  path: string;
  messages: string[];
}

export interface FlatDrfErrors {
  fields: FlatFieldError[];
  /** Errors about the request as a whole (top-level `non_field_errors`). */
  nonField: string[];
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string');

/**
 * Reads a DRF validation body in either array shape into field paths. Returns null when the body is
 * not such a body (a `{"detail": ...}` error, HTML, one that names no error, anything else), so the
 * caller can show it raw.
 */
export function flattenDrfErrors(body: unknown): FlatDrfErrors | null {
  if (!isRecord(body) || Object.keys(body).length === 0) return null;
  if (typeof body['detail'] === 'string') return null;
  const fields: FlatFieldError[] = [];
  const nonField: string[] = [];
  const walk = (value: unknown, path: string[]): boolean => {
    if (isStringList(value)) {
      if (path.length === 0) return false;
      fields.push({ path: path.join('.'), messages: value });
      return true;
    }
    if (Array.isArray(value)) {
      // List shape: one entry per row, {} for a valid row.
      return value.every((row, i) => (isRecord(row) && Object.keys(row).length === 0) || walk(row, [...path, String(i)]));
    }
    if (!isRecord(value)) return false;
    return Object.entries(value).every(([key, child]) => {
      if (key === NON_FIELD_ERRORS) {
        if (!isStringList(child)) return false;
        if (path.length === 0) nonField.push(...child);
        else fields.push({ path: path.join('.'), messages: child });
        return true;
      }
      return walk(child, [...path, key]);
    });
  };
  if (!walk(body, [])) return null;
  // A body that names no error at all ({"errors": []}) gives the user nothing to act on: show it raw.
  return fields.length > 0 || nonField.length > 0 ? { fields, nonField } : null;
}

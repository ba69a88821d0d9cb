import type { StateGraph } from './state-graph.ts';
import { transitions } from './state-graph.ts';

// Where each state of a graph goes in the diagram, worked out from the graph alone:
// - the spine: the longest run of transitions from the first state, left to right (for D7, the way
//   an order goes when all is well: new … activated, refunded);
// - every other state in a row above or below the spine, under the mean of the columns it is
//   entered from; a state goes to the row whose states share fewer of its sources, so the many
//   arrows into one state (D7's error) do not cross the arrows into the others.

export const NODE_W = 124;
export const NODE_H = 46;
const COLUMN = 156;
const ROW = 112;
const MARGIN = 12;

export interface PlacedState {
  state: string;
  /** Centre. */
  x: number;
  y: number;
  final: boolean;
  /** -1 above the spine, 0 the spine, 1 below. */
  row: -1 | 0 | 1;
}

export interface PlacedTransition {
  from: string;
  to: string;
  /** SVG path data, from the edge of one box to the edge of the other. */
  d: string;
}

export interface Layout {
  states: PlacedState[];
  transitions: PlacedTransition[];
  width: number;
  height: number;
}

function longestPath(graph: StateGraph, from: string): string[] {
  const memo = new Map<string, string[]>();
  const order = new Map(graph.states.map((s, i) => [s, i]));
  const walk = (state: string, trail: ReadonlySet<string>): string[] => {
    const known = memo.get(state);
    if (known !== undefined) return known;
    let best: string[] = [];
    // Ties go to the state listed first in the document.
    const nexts = [...graph.next(state)].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    for (const next of nexts) {
      if (trail.has(next)) continue; // a cycle: the spine never runs round it
      const path = walk(next, new Set([...trail, next]));
      if (path.length > best.length) best = path;
    }
    const result = [state, ...best];
    memo.set(state, result);
    return result;
  };
  return walk(from, new Set([from]));
}

function firstState(graph: StateGraph): string | undefined {
  const entered = new Set(transitions(graph).map((t) => t.to));
  return graph.states.find((s) => !entered.has(s)) ?? graph.states[0];
}

/** Spreads positions (already sorted) at least one column apart, within 0..last. */
function spread(positions: number[], last: number): number[] {
  const out: number[] = [];
  for (const p of positions) out.push(Math.max(p, (out.at(-1) ?? -Infinity) + 1));
  const overflow = (out.at(-1) ?? 0) - last;
  return overflow > 0 ? out.map((p) => Math.max(0, p - overflow)) : out;
}

export function layoutGraph(graph: StateGraph): Layout {
  const first = firstState(graph);
  const spine = first === undefined ? [] : longestPath(graph, first);
  const column = new Map(spine.map((s, i) => [s, i]));
  const edges = transitions(graph);
  const sources = (state: string) => edges.filter((e) => e.to === state).map((e) => e.from);

  // Off the spine: the states entered from the most places are placed first.
  const rest = graph.states.filter((s) => !column.has(s));
  const sourceColumns = new Map(rest.map((s) => [s, new Set(sources(s).flatMap((from) => (column.has(from) ? [column.get(from) ?? 0] : [])))]));
  const byInDegree = [...rest].sort((a, b) => (sourceColumns.get(b)?.size ?? 0) - (sourceColumns.get(a)?.size ?? 0));
  const rows: Record<-1 | 1, string[]> = { [-1]: [], [1]: [] };
  const shared = (state: string, row: -1 | 1) =>
    rows[row].reduce((n, other) => n + [...(sourceColumns.get(state) ?? [])].filter((c) => sourceColumns.get(other)?.has(c)).length, 0);
  for (const state of byInDegree) rows[shared(state, 1) <= shared(state, -1) ? 1 : -1].push(state);

  const last = Math.max(spine.length - 1, 0);
  const mean = (state: string) => {
    const cols = [...(sourceColumns.get(state) ?? [])];
    return cols.length === 0 ? last : cols.reduce((a, b) => a + b, 0) / cols.length;
  };
  const hasAbove = rows[-1].length > 0;
  const rowY = (row: -1 | 0 | 1) => MARGIN + NODE_H / 2 + (row + (hasAbove ? 1 : 0)) * ROW;
  const colX = (col: number) => MARGIN + NODE_W / 2 + col * COLUMN;

  const placed: PlacedState[] = spine.map((state, i) => ({ state, x: colX(i), y: rowY(0), final: graph.isFinal(state), row: 0 }));
  for (const row of [-1, 1] as const) {
    const sorted = [...rows[row]].sort((a, b) => mean(a) - mean(b));
    const cols = spread(sorted.map(mean), Math.max(last, sorted.length - 1));
    sorted.forEach((state, i) => placed.push({ state, x: colX(cols[i] ?? 0), y: rowY(row), final: graph.isFinal(state), row }));
  }
  const at = new Map(placed.map((p) => [p.state, p]));

  // Arrows entering a box from another row arrive side by side (sorted by where they come from),
  // so five arrows into one state show five heads, not one.
  const arrivals = new Map<string, number>();
  for (const state of placed) {
    const incoming = edges
      .filter((e) => e.to === state.state && at.get(e.from)?.y !== state.y)
      .sort((e1, e2) => (at.get(e1.from)?.x ?? 0) - (at.get(e2.from)?.x ?? 0));
    const step = Math.min(16, (NODE_W * 0.7) / Math.max(incoming.length, 1));
    incoming.forEach((e, i) => arrivals.set(`${e.from}->${e.to}`, (i - (incoming.length - 1) / 2) * step));
  }
  const placedTransitions = edges.flatMap(({ from, to }) => {
    const a = at.get(from);
    const b = at.get(to);
    return a === undefined || b === undefined ? [] : [{ from, to, d: connect(a, b, arrivals.get(`${from}->${to}`) ?? 0) }];
  });
  const xs = placed.map((p) => p.x);
  const rowsUsed = 1 + (hasAbove ? 1 : 0) + (rows[1].length > 0 ? 1 : 0);
  return {
    states: placed,
    transitions: placedTransitions,
    width: Math.max(...xs, 0) + NODE_W / 2 + MARGIN,
    height: 2 * MARGIN + NODE_H + (rowsUsed - 1) * ROW,
  };
}

/** A straight arrow along a row; a curve between rows (or over boxes in between on one row). */
function connect(a: PlacedState, b: PlacedState, arriveOffset: number): string {
  const dy = b.y - a.y;
  if (dy === 0) {
    const dir = Math.sign(b.x - a.x) || 1;
    const x1 = a.x + (dir * NODE_W) / 2;
    const x2 = b.x - (dir * NODE_W) / 2;
    if (Math.abs(b.x - a.x) <= COLUMN + 1) return `M ${x1} ${a.y} L ${x2} ${b.y}`;
    // Skipping boxes: arc over them.
    const lift = a.y - NODE_H / 2 - 18;
    return `M ${a.x} ${a.y - NODE_H / 2} C ${a.x} ${lift}, ${b.x} ${lift}, ${b.x} ${b.y - NODE_H / 2}`;
  }
  const down = dy > 0;
  const y1 = a.y + ((down ? 1 : -1) * NODE_H) / 2;
  const y2 = b.y - ((down ? 1 : -1) * NODE_H) / 2;
  const mid = (y1 + y2) / 2;
  const x2 = b.x + arriveOffset;
  return `M ${a.x} ${y1} C ${a.x} ${mid}, ${x2} ${mid}, ${x2} ${y2}`;
}

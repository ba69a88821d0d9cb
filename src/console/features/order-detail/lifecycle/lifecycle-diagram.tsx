import type { KeyboardEvent } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { statusLabel } from '../status-label.ts';
import classes from './lifecycle.module.css';
import type { PlacedState } from './layout.ts';
import { layoutGraph, NODE_H, NODE_W } from './layout.ts';
import type { PathStep } from './order-path.ts';
import { takenTransitions, transitionKey } from './order-path.ts';
import type { StateGraph } from './state-graph.ts';
import { reachableFrom } from './state-graph.ts';

// The order's states and transitions as SVG, drawn from `graph` (every state a box, every
// transition an arrow, final states with a double border). The current state is filled, the path
// the order took is drawn over the arrows with the time it reached each state, the states still
// reachable are outlined, the others dimmed. With `onChoose` (sandbox only) each reachable state is
// a button.

export type StateKind = 'current' | 'visited' | 'reachable' | 'unreachable';
type EdgeKind = 'taken' | 'possible' | 'other';

interface Props {
  graph: StateGraph;
  /** null: the order's status is not one of the graph's. */
  current: string | null;
  /** The states the order went through, oldest first; null when its history is not known. */
  path: readonly PathStep[] | null;
  onChoose?: ((state: string) => void) | undefined;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatTime(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

export function useLifecycleModel(graph: StateGraph, current: string | null, path: readonly PathStep[] | null) {
  return useMemo(() => {
    const reachable = new Set(current === null ? [] : reachableFrom(graph, current));
    // The last time the order reached each state (the graph has no cycles today, but a history might).
    const reachedAt = new Map((path ?? []).map((step) => [step.state, step.at]));
    const kindOf = (state: string): StateKind =>
      state === current ? 'current' : reachedAt.has(state) ? 'visited' : reachable.has(state) ? 'reachable' : 'unreachable';
    return { reachable, reachedAt, kindOf, taken: takenTransitions(path ?? []) };
  }, [graph, current, path]);
}

function accessibleName(state: string, kind: StateKind, final: boolean, at: string | undefined, choosable: boolean): string {
  const parts = [statusLabel(state)];
  if (kind === 'current') parts.push('current status');
  if (at !== undefined) parts.push(`reached ${formatTime(at, dateTimeFormat)}`);
  if (kind === 'reachable') parts.push('reachable');
  if (kind === 'unreachable') parts.push('not reachable');
  if (final) parts.push('final');
  return choosable ? `Move to ${parts.join(', ')}` : parts.join(', ');
}

function StateBox({ placed, kind, at, onChoose }: { placed: PlacedState; kind: StateKind; at: string | undefined; onChoose?: (() => void) | undefined }) {
  const { state, x, y, final } = placed;
  const left = x - NODE_W / 2;
  const top = y - NODE_H / 2;
  // The time it got there, else whether it ends the order's life; otherwise the name alone, centred.
  const sub = at !== undefined ? formatTime(at, timeFormat) : final ? 'final' : null;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (onChoose && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      onChoose();
    }
  };
  return (
    <g
      className={classes.node}
      data-kind={kind}
      data-state={state}
      data-final={final || undefined}
      role={onChoose ? 'menuitem' : 'img'}
      tabIndex={onChoose ? 0 : undefined}
      aria-label={accessibleName(state, kind, final, at, onChoose !== undefined)}
      onClick={onChoose}
      onKeyDown={onKeyDown}
    >
      <rect className={classes.box} x={left} y={top} width={NODE_W} height={NODE_H} rx={8} />
      {final && <rect className={classes.inner} x={left + 3.5} y={top + 3.5} width={NODE_W - 7} height={NODE_H - 7} rx={5} />}
      <text className={classes.label} x={x} y={sub === null ? y + 4.5 : y - 3} textAnchor="middle">
        {statusLabel(state)}
      </text>
      {sub !== null && (
        <text className={classes.sub} x={x} y={y + 13} textAnchor="middle">
          {sub}
        </text>
      )}
    </g>
  );
}

export function LifecycleDiagram({ graph, current, path, onChoose }: Props) {
  const layout = useMemo(() => layoutGraph(graph), [graph]);
  const { reachable, reachedAt, kindOf, taken } = useLifecycleModel(graph, current, path);
  const markerId = useId();
  const scroller = useRef<HTMLDivElement>(null);

  // On a narrow screen the diagram scrolls sideways: start with the current state in view.
  // On a narrow screen the diagram scrolls sideways (it is never scaled down to unreadable): start
  // with the current state in view, and say that there is more to either side.
  const currentX = layout.states.find((s) => s.state === current)?.x;
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const box = scroller.current;
    if (box === null) return;
    const fits = box.scrollWidth <= box.clientWidth;
    setOverflows(!fits);
    if (!fits && currentX !== undefined) box.scrollLeft = Math.max(0, currentX - box.clientWidth / 2);
  }, [currentX]);

  const choosable = (state: string) => onChoose !== undefined && reachable.has(state);
  const edgeKind = (from: string, to: string): EdgeKind =>
    taken.has(transitionKey(from, to)) ? 'taken' : (from === current || reachable.has(from)) && reachable.has(to) ? 'possible' : 'other';
  // Drawn faint first, the path last, so the path is never under another arrow.
  const order: Record<EdgeKind, number> = { other: 0, possible: 1, taken: 2 };
  const edges = layout.transitions.map((t) => ({ ...t, kind: edgeKind(t.from, t.to) })).sort((a, b) => order[a.kind] - order[b.kind]);

  return (
    <>
      <div ref={scroller} className={classes.scroller} role="region" aria-label="Lifecycle diagram" tabIndex={onChoose ? undefined : 0}>
        <svg className={classes.svg} width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} role="group" aria-label="Order states and transitions">
          <defs>
            {(['taken', 'possible', 'other'] as const).map((kind) => (
              <marker
                key={kind}
                id={`${markerId}-${kind}`}
                viewBox="0 0 10 10"
                refX="9"
                refY="5"
                markerUnits="userSpaceOnUse"
                markerWidth="9"
                markerHeight="9"
                orient="auto-start-reverse"
              >
                <path className={classes.head} data-kind={kind} d="M 0 0 L 10 5 L 0 10 z" />
              </marker>
            ))}
          </defs>
          <g aria-hidden="true">
            {edges.map((edge) => (
              <path
                key={transitionKey(edge.from, edge.to)}
                className={classes.edge}
                data-kind={edge.kind}
                data-transition={transitionKey(edge.from, edge.to)}
                d={edge.d}
                markerEnd={`url(#${markerId}-${edge.kind})`}
              />
            ))}
          </g>
          {layout.states
            .filter((placed) => !choosable(placed.state))
            .map((placed) => (
              <StateBox key={placed.state} placed={placed} kind={kindOf(placed.state)} at={reachedAt.get(placed.state)} />
            ))}
          {/* The states a click moves the order to, as the Simulate menu lists them: menu items (the
              QA kit finds the Refund button by a name containing "Refund"; a "Refunded" button beside
              it would be a second match). */}
          {onChoose !== undefined && (
            <g role="menu" aria-label="Move this sandbox order to">
              {layout.states
                .filter((placed) => choosable(placed.state))
                .map((placed) => (
                  <StateBox key={placed.state} placed={placed} kind={kindOf(placed.state)} at={reachedAt.get(placed.state)} onChoose={() => onChoose(placed.state)} />
                ))}
            </g>
          )}
        </svg>
      </div>
      {overflows && <p className={classes.scrollHint}>Scroll the diagram sideways to see every state.</p>}
    </>
  );
}

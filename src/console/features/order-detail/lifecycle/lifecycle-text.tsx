import { Stack, Text } from '@mantine/core';
import { formatDateTime } from '../order-format.ts';
import { statusLabel } from '../status-label.ts';
import classes from './lifecycle.module.css';
import type { PathStep } from './order-path.ts';
import type { StateGraph } from './state-graph.ts';
import { reachableFrom } from './state-graph.ts';

// The diagram in words, for whoever does not see it: the path so far with its times, and
// the states still reachable. Shown to everyone (it is also the quickest read).

const names = (states: readonly string[]) => states.map(statusLabel).join(', ');

interface TextProps {
  graph: StateGraph;
  current: string | null;
  currentRaw: string;
  path: readonly PathStep[] | null;
  /** Not a sandbox: the moves are the sandbox's model (D7), not what this service is known to do. */
  modelOnly?: boolean;
}

export function LifecycleText({ graph, current, currentRaw, path, modelOnly = false }: TextProps) {
  const reachable = current === null ? [] : reachableFrom(graph, current);
  const steps = path ?? [];
  return (
    <Stack gap={4} data-testid="lifecycle-text">
      <Text size="sm">
        <Text span fw={600} inherit>
          Path:{' '}
        </Text>
        {steps.length > 0
          ? steps.map((step) => `${statusLabel(step.state)} (${formatDateTime(step.at) ?? step.at})`).join(' → ')
          : path === null
            ? `not known: this service keeps no history the console can read; it says the order is now ${current === null ? currentRaw : statusLabel(current)}.`
            : 'no recorded steps.'}
      </Text>
      <Text size="sm">
        <Text span fw={600} inherit>
          {modelOnly ? "Reachable from here in the sandbox's model:" : 'Reachable from here:'}{' '}
        </Text>
        {current === null
          ? `unknown: "${currentRaw}" is not a documented status.`
          : reachable.length > 0
            ? names(reachable)
            : `none, ${statusLabel(current)} is final.`}
      </Text>
    </Stack>
  );
}

function Swatch({ kind, final = false }: { kind: 'current' | 'visited' | 'reachable' | 'unreachable'; final?: boolean }) {
  return (
    <svg width="22" height="14" aria-hidden="true" className={classes.node} data-kind={kind}>
      <rect className={classes.box} x="1" y="1" width="20" height="12" rx="3" />
      {final && <rect className={classes.inner} x="3.5" y="3.5" width="15" height="7" rx="2" />}
    </svg>
  );
}

export function LifecycleLegend({ withPath }: { withPath: boolean }) {
  return (
    <div className={classes.legend} aria-hidden="true">
      <span className={classes.legendItem}>
        <Swatch kind="current" /> Current
      </span>
      {withPath && (
        <span className={classes.legendItem}>
          <Swatch kind="visited" /> Passed through (time reached)
        </span>
      )}
      <span className={classes.legendItem}>
        <Swatch kind="reachable" /> Still reachable
      </span>
      <span className={classes.legendItem}>
        <Swatch kind="unreachable" /> Not reachable
      </span>
      <span className={classes.legendItem}>
        <Swatch kind="reachable" final /> Final
      </span>
    </div>
  );
}

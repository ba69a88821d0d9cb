import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { ORDER_STATUSES } from '../../../../contract/schemas.ts';
import { FINAL_STATUSES, nextStatuses, reachableStatuses } from '../../../../contract/states.ts';
import { theme } from '../../../app/theme.ts';
import { NODE_H, NODE_W, layoutGraph } from './layout.ts';
import { LifecycleDiagram } from './lifecycle-diagram.tsx';
import type { PathStep } from './order-path.ts';
import type { StateGraph } from './state-graph.ts';
import { contractGraph } from './state-graph.ts';

// The diagram is the contract's state graph (D7), whatever that graph holds.

function renderDiagram(props: { graph?: StateGraph; current: string | null; path?: PathStep[] | null; onChoose?: (state: string) => void }) {
  const { container } = render(
    <MantineProvider theme={theme} env="test">
      <LifecycleDiagram graph={props.graph ?? contractGraph} current={props.current} path={props.path ?? null} onChoose={props.onChoose} />
    </MantineProvider>,
  );
  const nodes = () => [...container.querySelectorAll<SVGGElement>('g[data-state]')];
  const node = (state: string) => {
    const found = container.querySelector<SVGGElement>(`g[data-state="${state}"]`);
    if (found === null) throw new Error(`no box for ${state}`);
    return found;
  };
  const arrows = () => [...container.querySelectorAll('path[data-transition]')].map((p) => p.getAttribute('data-transition'));
  const arrow = (from: string, to: string) => container.querySelector(`path[data-transition="${from}->${to}"]`);
  return { nodes, node, arrows, arrow };
}

const contractTransitions = ORDER_STATUSES.flatMap((from) => nextStatuses(from).map((to) => `${from}->${to}`));

// The contract's graph with one more state between accepted and activated, as a change to D7 would add it.
const withOnHold: StateGraph = {
  states: [...ORDER_STATUSES, 'on_hold'],
  next: (state) => (state === 'accepted' ? [...contractGraph.next(state), 'on_hold'] : state === 'on_hold' ? ['activated', 'canceled'] : contractGraph.next(state)),
  isFinal: contractGraph.isFinal,
};

describe('drawn from the state graph', () => {
  test('every contract state is a box, every allowed transition an arrow, exactly the final states marked final', () => {
    const { nodes, arrows } = renderDiagram({ current: 'new' });
    expect(nodes().map((n) => n.dataset['state']).sort()).toEqual([...ORDER_STATUSES].sort());
    expect(arrows().sort()).toEqual([...contractTransitions].sort());
    expect(nodes().filter((n) => n.dataset['final'] !== undefined).map((n) => n.dataset['state']).sort()).toEqual([...FINAL_STATUSES].sort());
    for (const state of FINAL_STATUSES) expect(nodes().find((n) => n.dataset['state'] === state)?.getAttribute('aria-label'), state).toMatch(/, final$/);
  });

  test('a state added to the graph appears with its arrows, and no two boxes overlap', () => {
    const { nodes, node, arrow } = renderDiagram({ graph: withOnHold, current: 'accepted' });
    expect(nodes()).toHaveLength(ORDER_STATUSES.length + 1);
    expect(node('on_hold')).toHaveAttribute('data-kind', 'reachable');
    expect(arrow('accepted', 'on_hold')).not.toBeNull();
    expect(arrow('on_hold', 'activated')).not.toBeNull();
    expect(arrow('on_hold', 'canceled')).not.toBeNull();

    for (const graph of [contractGraph, withOnHold]) {
      const boxes = layoutGraph(graph).states;
      for (const a of boxes) {
        for (const b of boxes) {
          if (a === b) continue;
          const apart = Math.abs(a.x - b.x) >= NODE_W || Math.abs(a.y - b.y) >= NODE_H;
          expect(apart, `${a.state} and ${b.state}`).toBe(true);
        }
      }
    }
  });
});

describe('the order on it', () => {
  const path: PathStep[] = [
    { state: 'new', at: '2026-03-01T10:00:00Z' },
    { state: 'data_completed', at: '2026-03-01T10:01:00Z' },
    { state: 'checking', at: '2026-03-01T10:02:00Z' },
    { state: 'accepted', at: '2026-03-01T10:03:00Z' },
  ];

  test('the current state is highlighted, the path taken drawn with times, reachable states apart from the rest', () => {
    const { node, arrow } = renderDiagram({ current: 'accepted', path });
    expect(node('accepted')).toHaveAttribute('data-kind', 'current');
    for (const visited of ['new', 'data_completed', 'checking']) expect(node(visited)).toHaveAttribute('data-kind', 'visited');
    expect(arrow('new', 'data_completed')).toHaveAttribute('data-kind', 'taken');
    expect(arrow('checking', 'accepted')).toHaveAttribute('data-kind', 'taken');
    // From accepted: what D7 allows, and nothing else.
    for (const state of ORDER_STATUSES) {
      if (path.some((step) => step.state === state)) continue;
      expect(node(state), state).toHaveAttribute('data-kind', reachableStatuses('accepted').includes(state) ? 'reachable' : 'unreachable');
    }
    expect(node('rejected')).toHaveAttribute('data-kind', 'unreachable');
    expect(arrow('accepted', 'activated')).toHaveAttribute('data-kind', 'possible');
    expect(arrow('checking', 'rejected')).toHaveAttribute('data-kind', 'other');
    // The time each state was reached is in the box and in its name.
    expect(node('checking').textContent).toMatch(/\d{1,2}:\d{2}:\d{2}/);
    expect(screen.getByRole('img', { name: /^Checking, reached .+2026/ })).toBe(node('checking'));
    expect(screen.getByRole('img', { name: /^Accepted, current status, reached/ })).toBe(node('accepted'));
  });

  test('without a history only the current state and what it can reach stand out', () => {
    const { node, arrows } = renderDiagram({ current: 'checking', path: null });
    expect(node('checking')).toHaveAttribute('data-kind', 'current');
    expect(node('new')).toHaveAttribute('data-kind', 'unreachable');
    expect(arrows()).toHaveLength(contractTransitions.length);
    expect(document.querySelectorAll('path[data-transition][data-kind="taken"]')).toHaveLength(0);
  });

  test('read-only without onChoose: no state is a button', () => {
    renderDiagram({ current: 'new', path: null });
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
  });

  test('with onChoose exactly the reachable states are buttons, by click or by keyboard', async () => {
    const onChoose = vi.fn<(state: string) => void>();
    const user = userEvent.setup();
    renderDiagram({ current: 'checking', path: null, onChoose });
    const names = screen.getAllByRole('menuitem').map((b) => b.getAttribute('data-state'));
    expect(names).toEqual(expect.arrayContaining(reachableStatuses('checking')));
    expect(names).toHaveLength(reachableStatuses('checking').length);

    await user.click(screen.getByRole('menuitem', { name: /^Move to Accepted, reachable$/ }));
    expect(onChoose).toHaveBeenLastCalledWith('accepted');
    screen.getByRole('menuitem', { name: /^Move to Error, reachable, final$/ }).focus();
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith('error');
    await user.click(screen.getByRole('img', { name: /^New, not reachable$/ }));
    expect(onChoose).toHaveBeenCalledTimes(2);
  });

  test('an undocumented status highlights nothing and offers no move', () => {
    const { nodes } = renderDiagram({ current: null, path: null, onChoose: () => undefined });
    expect(nodes().every((n) => n.dataset['kind'] === 'unreachable')).toBe(true);
    expect(screen.queryAllByRole('menuitem')).toHaveLength(0);
  });
});

import type { TooltipProps } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAfterFirstContent } from '../../app/first-content.ts';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import type * as LaterParts from './later-parts.tsx';
import { SimulateButton } from './simulate-button.tsx';

// Mantine's floating layer (Tooltip, Menu, their popover and portal) is not needed to paint an
// order, yet it was a third of the code a cold /orders/{id} ran before its heading showed, and its
// portal lives in the header's chunk, two requests more. It loads once the heading is painted (as the
// header's extras do); until then a tooltip's target shows alone and the Simulate button stands where
// its menu goes, the same button: nothing moves when they arrive.

let parts: typeof LaterParts | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('./later-parts.tsx').then(
    (module) => {
      parts = module;
      for (const listener of listeners) listener();
    },
    // Not in (offline, a new deployment): the page works without its tooltips; a later page asks again.
    () => {
      loading = null;
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The floating layer once it is in; null before the heading is painted, and in a server render. */
function useFloatingParts(): typeof LaterParts | null {
  const afterHeading = useAfterFirstContent();
  useEffect(() => {
    if (afterHeading) load();
  }, [afterHeading]);
  return useSyncExternalStore(
    subscribe,
    () => parts,
    () => null,
  );
}

/** Mantine's Tooltip, once loaded; its target alone until then. */
export function LaterTooltip(props: TooltipProps) {
  const floating = useFloatingParts();
  return floating === null ? props.children : <floating.Tooltip {...props} />;
}

/**
 * Sandbox only (D7): the Simulate menu, once loaded; until then its button. Clicked before, the menu
 * opens as it comes; focused before, the menu's button takes the focus over.
 */
export function LaterSimulateMenu({ environment, record }: { environment: Environment; record: OrderRecord }) {
  const floating = useFloatingParts();
  const [focused, setFocused] = useState(false);
  const [clicked, setClicked] = useState(false);
  if (floating === null) {
    const click = () => {
      setClicked(true);
      load();
    };
    return <SimulateButton onClick={click} onFocus={() => setFocused(true)} onBlur={() => setFocused(false)} />;
  }
  return <floating.SimulateMenu environment={environment} record={record} focusOnMount={focused} openOnMount={clicked} />;
}

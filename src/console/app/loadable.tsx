import type { ComponentType, ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { renderedConfig } from '../lib/server-config.ts';

// Code that loads when first shown (a page, the orders list, a dialog), without Suspense: the one
// way the console does it (lint refuses React.lazy). React holds back the content of a Suspense
// boundary that resolves soon after its fallback was shown (its "throttled reveal"), so on a first
// load a page's code could arrive and then wait unshown (docs/performance.md). Here the loaded
// module is an ordinary state change, shown in the next render.
//
// While the code loads the fallback shows, with the same props; in the build's pre-render and while hydrating it, the
// fallback too (the server snapshot), so the HTML and the first client render agree. A module that
// fails to load throws its error in render, for the route's error boundary, as React.lazy does.

// Not loaded covers "loading" too: starting the load changes nothing shown, and no store may change
// while a render reads it.
type State<P> = { status: 'not loaded' } | { status: 'loaded'; Component: ComponentType<P> } | { status: 'failed'; error: unknown };

const NOT_LOADED = { status: 'not loaded' } as const;

export interface Loadable<P> {
  (props: P): ReactNode;
  /** Starts loading now (idempotent): main.tsx calls it for the page being opened, before hydrating. */
  preload: () => Promise<void>;
}

export function loadable<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<P>): Loadable<P> {
  let state: State<P> = NOT_LOADED;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: State<P>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const preload = (): Promise<void> => {
    loading ??= load().then(
      (Component) => set({ status: 'loaded', Component }),
      (error: unknown) => set({ status: 'failed', error }),
    );
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getSnapshot = () => state;
  // A team page the console server rendered was rendered with the page's code loaded,
  // and the browser loads it before hydrating: both read what is loaded.
  const getServerSnapshot = (): State<P> => (renderedConfig() === null ? NOT_LOADED : state);

  function LoadableComponent(props: P) {
    const current = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
    // Started by the first render in a browser (a pre-render has no document and loads nothing).
    if (current.status === 'not loaded' && typeof document !== 'undefined') void preload();
    if (current.status === 'failed') throw current.error;
    if (current.status !== 'loaded') return <Fallback {...props} />;
    return <current.Component {...props} />;
  }
  return Object.assign(LoadableComponent, { preload });
}

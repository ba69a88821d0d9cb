import { useSyncExternalStore } from 'react';
import type { Environment } from './environments.ts';
import { environmentStore } from './environments.ts';

export function useEnvironments(): { environments: Environment[]; active: Environment } {
  return useSyncExternalStore(environmentStore.subscribe, () => environmentStore.getSnapshot(), environmentStore.getServerSnapshot);
}

export function useActiveEnvironment(): Environment {
  return useEnvironments().active;
}

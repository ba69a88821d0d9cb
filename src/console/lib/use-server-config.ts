import { useSyncExternalStore } from 'react';
import type { ServerConfig } from './server-config.ts';
import { onServerConfig, serverConfig, serverConfigPending } from './server-config.ts';
import { environmentStore, getToken } from './environments.ts';

/** The server's answer (null while it is on its way, and in the pre-rendered page). */
export function useServerConfig(): ServerConfig | null {
  return useSyncExternalStore(onServerConfig, serverConfig, () => null);
}

/** True until the server has said which mode it is in (false in the pre-rendered page and in tests that never ask). */
export function useServerConfigPending(): boolean {
  return useSyncExternalStore(onServerConfig, serverConfigPending, () => false);
}

/** The environment's token as stored now; follows Settings. */
export function useToken(environmentId: string): string {
  return useSyncExternalStore(environmentStore.subscribe, () => getToken(environmentId), () => '');
}

import { useSyncExternalStore } from 'react';
import type { Permission } from '../../contract/permissions.ts';
import { PERMISSION_VERBS, refusalSentence } from '../../contract/permissions.ts';
import type { TeamMe } from '../../contract/console-api.ts';
import { onServerConfig, renderedConfig, serverConfig } from './server-config.ts';

// Team mode (D16): who is signed in and what their role lets them do in an environment. The UI hides
// or disables what a role may not do and says why; the server refuses it anyway.

const teamMe = (): TeamMe | null => {
  const config = serverConfig();
  return config?.mode === 'team' ? config.me : null;
};
const isTeam = () => serverConfig()?.mode === 'team';

// A server-rendered team page is hydrated with the config it was rendered with.
const renderedMe = (): TeamMe | null => {
  const config = renderedConfig();
  return config?.mode === 'team' ? config.me : null;
};
const renderedTeam = () => renderedConfig()?.mode === 'team';

export function useTeamMe(): TeamMe | null {
  return useSyncExternalStore(onServerConfig, teamMe, renderedMe);
}

export function useIsTeamMode(): boolean {
  return useSyncExternalStore(onServerConfig, isTeam, renderedTeam);
}

const teamAuth = () => {
  const config = serverConfig();
  return config?.mode === 'team' ? config.auth : null;
};

/** How team mode signs people in (`local` passwords or `oidc`); null outside team mode. */
const renderedAuth = () => {
  const config = renderedConfig();
  return config?.mode === 'team' ? config.auth : null;
};

export function useTeamAuth(): 'local' | 'oidc' | null {
  return useSyncExternalStore(onServerConfig, teamAuth, renderedAuth);
}

export type Allowed = { allowed: true; reason: null } | { allowed: false; reason: string };

/** Whether this person may do `permission` in the environment; always allowed outside team mode. */
export function allowedIn(me: TeamMe | null, team: boolean, environmentId: string, permission: Permission): Allowed {
  if (!team) return { allowed: true, reason: null };
  const environment = me?.environments.find((e) => e.id === environmentId);
  if (environment?.permissions.includes(permission) === true) return { allowed: true, reason: null };
  const where = environment?.name ?? environmentId;
  const role = environment?.role ?? null;
  return {
    allowed: false,
    reason: refusalSentence(role, PERMISSION_VERBS[permission], where),
  };
}

export function usePermission(environmentId: string, permission: Permission): Allowed {
  return allowedIn(useTeamMe(), useIsTeamMode(), environmentId, permission);
}

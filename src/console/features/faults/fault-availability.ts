import type { ServerConfig } from '../../lib/server-config.ts';
import type { Environment } from '../../lib/environments.ts';

/** Why faults cannot be armed for this environment, or null when they can (D13: the sandbox only). */
export function faultsUnavailableReason(environment: Environment, config: ServerConfig | null): string | null {
  if (environment.baseUrl === '' && config?.mode === 'proxy') {
    return `This console forwards its calls to the Order Service at ${config.serviceOrigin} (proxy mode). Faults are a sandbox feature: a real service cannot be told to fail.`;
  }
  if (!environment.sandbox) {
    return `${environment.name} is not a sandbox (Settings), so it has no fault injection. Switch to a sandbox environment to arm faults.`;
  }
  return null;
}

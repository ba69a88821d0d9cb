import type { Database } from '../../db/store-db.ts';
import type { FetchApp } from '../../http/listen.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { Dependency } from './readiness.ts';
import { databaseDependency, serviceDependency } from './readiness.ts';

// What /readyz asks of this server's setup. Team mode: its database (critical), then each
// environment's service with the server's token (the embedded sandbox in this process). Personal
// mode: the embedded sandbox (its store is this server's only state: critical), or the proxied
// service without a token (the browser holds it; any answer but a 5xx shows the service is there).

// The embedded sandbox is asked in-process, on a loopback host name it answers to.
const IN_PROCESS = 'http://127.0.0.1';

export interface DependencySetup {
  consoleDb?: Database;
  environments?: readonly TeamEnvironment[];
  sandbox?: { app: FetchApp; token: string };
  proxiedService?: string;
}

export function consoleDependencies(setup: DependencySetup): Dependency[] {
  const { sandbox } = setup;
  const sandboxCheck = (name: string, critical: boolean) =>
    sandbox === undefined ? [] : [serviceDependency(name, async (request) => sandbox.app.fetch(request), IN_PROCESS, sandbox.token, critical)];
  if (setup.consoleDb === undefined) {
    if (setup.proxiedService !== undefined) return [serviceDependency('service', (request) => fetch(request), setup.proxiedService.replace(/\/+$/, ''), null)];
    return sandboxCheck('sandbox', true);
  }
  const dependencies = [databaseDependency('database', setup.consoleDb, true)];
  for (const environment of setup.environments ?? []) {
    if (environment.target.kind === 'sandbox') dependencies.push(...sandboxCheck('sandbox', false));
    else dependencies.push(serviceDependency(`environment:${environment.id}`, (request) => fetch(request), environment.target.baseUrl, environment.target.token));
  }
  return dependencies;
}

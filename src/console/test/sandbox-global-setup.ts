import type {} from './provided-context.ts';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/server.ts';

// One real sandbox (in-memory PGlite) for every console test file: it takes seconds to start.
export default async function setup(project: TestProject) {
  const sandbox = await startServer({ port: 0, host: '127.0.0.1', db: ':memory:', tokens: ['dev-token', 'other-token', 'faults-panel-token'], log: () => undefined });
  project.provide('sandboxUrl', sandbox.url);
  return async () => {
    await sandbox.close();
  };
}

import type {} from './provided-context.ts';
import type { TestProject } from 'vitest/node';
import { PostgresMissingError, startThrowawayPostgres } from './postgres-server.ts';

// The Vitest project `sandbox-postgres` (vitest.config.ts): one throwaway PostgreSQL server for the
// whole run, stopped afterwards (and by its watchdog if the run is killed). Without PostgreSQL's
// binaries the project fails with one line saying what to install: never skipped.
export default async function setup(project: TestProject) {
  let server;
  try {
    server = await startThrowawayPostgres();
  } catch (error) {
    if (error instanceof PostgresMissingError) {
      // One line, without a stack: what is missing and how to get it.
      const line = new Error(`sandbox-postgres tests: ${error.message}`);
      line.stack = line.message;
      throw line;
    }
    throw error;
  }
  project.provide('postgresUrl', server.url());
  return async () => {
    await server.stop();
  };
}

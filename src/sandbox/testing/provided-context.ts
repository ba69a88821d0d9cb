// What the Vitest global setup of the PostgreSQL project hands to sandbox tests (postgres-global-setup.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    /** The throwaway server's maintenance database; tests create databases of their own on it. */
    postgresUrl: string;
  }
}

export type ProvidedPostgresUrl = string;

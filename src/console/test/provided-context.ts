// What the Vitest global setup hands to console tests (see sandbox-global-setup.ts).
declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}

export type ProvidedSandboxUrl = string;

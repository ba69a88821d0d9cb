import { version } from '../../../../package.json';

// What the report says about the console that ran it. The commit is stamped in at build time
// (vite.config.ts); a dev server or a test has none.

declare global {
  interface ImportMetaEnv {
    readonly VITE_CONSOLE_COMMIT?: string;
  }
}

export const CONSOLE_VERSION: string = version;
export const CONSOLE_COMMIT: string = import.meta.env.VITE_CONSOLE_COMMIT ?? 'unknown';

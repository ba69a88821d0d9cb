// What the console's own server (src/server/) may use of the sandbox: its app, its store and its
// configuration. Everything else in sandbox/ is internal (eslint.config.js enforces it).

export { createApp as createSandboxApp, isApiPath } from './app.ts';
export { DEFAULT_TOKEN } from './auth.ts';
export type { SandboxConfig, SandboxPlacement } from './config.ts';
export { DEFAULT_DB, readSandboxConfig, SandboxConfigError } from './config.ts';
export type { Store, StoreOptions } from './store.ts';
export { openStore } from './store.ts';
export type { OrderChange, StoreWatch, StoreWatcher } from './store-watch.ts';
export { ownerKey } from './auth.ts';

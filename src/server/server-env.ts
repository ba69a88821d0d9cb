// The console server's Hono variables. Team mode sets the signed-in user on requests that
// have a session; personal mode sets nothing.
export type ServerEnv = { Variables: Record<string, never> };

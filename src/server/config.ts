// docs/decisions.md D8: where the console's server listens, what it answers to, and whether it
// embeds the sandbox or forwards to a real Order Service. The sandbox's own settings (its tokens,
// its database) are read by the sandbox (src/sandbox/config.ts).

export interface ServerConfig {
  port: number;
  host: string;
  /** Proxy mode: /psp/ goes there and the embedded sandbox's routes are off. */
  orderServiceUrl: string | undefined;
  /** PUBLIC_URL: the address people open; links the server writes start with it. */
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: host names answered to besides the loopback names and PUBLIC_URL's. */
  allowedHosts: string[];
  /** HOST when it listens beyond this machine (what the sandbox's token rules depend on). */
  exposedHost: string | undefined;
}

export class ServerConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerConfigError';
  }
}

const LOOPBACK = /^(127\.[0-9.]+|::1|localhost)$/i;

/** Whether HOST listens on this machine only. */
export const isLoopbackHost = (host: string) => LOOPBACK.test(host);

export function readServerConfig(env: Readonly<Record<string, string | undefined>>): ServerConfig {
  const portText = env['PORT']?.trim() || '8080';
  if (!/^[0-9]{1,5}$/.test(portText) || Number.parseInt(portText, 10) > 65_535) {
    throw new ServerConfigError(`PORT must be a port number (0-65535), got "${portText}"`);
  }
  const serviceUrl = env['ORDER_SERVICE_URL']?.trim() || undefined;
  if (serviceUrl !== undefined && !/^https?:\/\/[^/]/i.test(serviceUrl)) {
    throw new ServerConfigError('ORDER_SERVICE_URL must be an absolute http(s) URL');
  }
  const host = env['HOST']?.trim() || '127.0.0.1';
  const exposedHost = LOOPBACK.test(host) ? undefined : host;
  const { publicUrl, allowedHosts } = readHosts(env);
  // Only configured host names are answered: beyond loopback, which ones must be said.
  if (exposedHost !== undefined && publicUrl === undefined && allowedHosts.length === 0) {
    throw new ServerConfigError(`HOST=${host} listens beyond this machine: set PUBLIC_URL (the address people open, e.g. https://console.example.com) or ALLOWED_HOSTS (host names to answer to)`);
  }
  return { port: Number.parseInt(portText, 10), host, orderServiceUrl: serviceUrl, publicUrl, allowedHosts, exposedHost };
}

function readHosts(env: Readonly<Record<string, string | undefined>>): { publicUrl: string | undefined; allowedHosts: string[] } {
  const publicText = env['PUBLIC_URL']?.trim() || undefined;
  let publicUrl: string | undefined;
  if (publicText !== undefined) {
    let parsed: URL | null;
    try {
      parsed = new URL(publicText);
    } catch {
      parsed = null;
    }
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') {
      throw new ServerConfigError(`PUBLIC_URL must be an http(s) URL without user info, e.g. https://console.example.com, got "${publicText}"`);
    }
    publicUrl = parsed.origin;
  }
  const allowedHosts = (env['ALLOWED_HOSTS'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  const bad = allowedHosts.find((h) => !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(h));
  if (bad !== undefined) throw new ServerConfigError(`ALLOWED_HOSTS: "${bad}" is not a host name (comma-separated names, no port or scheme)`);
  return { publicUrl, allowedHosts };
}

/** The service URL without user info or query, for a log line. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

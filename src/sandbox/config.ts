import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { DEFAULT_TOKEN } from './auth.ts';
import { DEFAULT_DB } from './server.ts';

// decisions.md D8: the environment main.ts runs with.

export interface SandboxConfig {
  port: number;
  host: string;
  db: string;
  tokens: string[];
  /** True when no SANDBOX_TOKENS was given: only then may the token be printed. */
  defaultToken: boolean;
  arrayErrors: ArrayErrorShape;
  orderServiceUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export function readConfig(env: Readonly<Record<string, string | undefined>>): SandboxConfig {
  const portText = env['PORT']?.trim() || '8080';
  if (!/^[0-9]{1,5}$/.test(portText) || Number.parseInt(portText, 10) > 65_535) {
    throw new ConfigError(`PORT must be a port number (0-65535), got "${portText}"`);
  }
  const tokensText = env['SANDBOX_TOKENS'];
  const tokens = tokensText === undefined ? [DEFAULT_TOKEN] : tokensText.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (tokens.length === 0) throw new ConfigError('SANDBOX_TOKENS is set but names no token (comma-separated list expected)');
  if (tokens.some((t) => /\s/.test(t))) throw new ConfigError('SANDBOX_TOKENS: a token must not contain spaces');
  const shapeText = env['SANDBOX_ARRAY_ERRORS']?.trim() || 'list';
  if (shapeText !== 'list' && shapeText !== 'index') {
    throw new ConfigError(`SANDBOX_ARRAY_ERRORS must be "list" or "index", got "${shapeText}"`);
  }
  const serviceUrl = env['ORDER_SERVICE_URL']?.trim() || undefined;
  if (serviceUrl !== undefined && !/^https?:\/\/[^/]/i.test(serviceUrl)) {
    throw new ConfigError('ORDER_SERVICE_URL must be an absolute http(s) URL');
  }
  return {
    port: Number.parseInt(portText, 10),
    host: env['HOST']?.trim() || '127.0.0.1',
    db: env['SANDBOX_DB']?.trim() || DEFAULT_DB,
    tokens,
    defaultToken: tokensText === undefined,
    arrayErrors: shapeText,
    orderServiceUrl: serviceUrl,
  };
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

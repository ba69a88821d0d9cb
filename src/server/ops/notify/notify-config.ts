import type { TeamConfig } from '../../team-config.ts';
import { OpsConfigError } from '../ops-config.ts';

// Where the approvers' notifications go. CONSOLE_NOTIFY_WEBHOOK for every environment, or
// an environment's own (notify_webhook_env in CONSOLE_ENVIRONMENTS: team-config.ts); the message in
// Slack's incoming-webhook shape ({"text": ...}, which Microsoft Teams and Mattermost take too) or
// our JSON signed with HMAC-SHA-256 under CONSOLE_NOTIFY_SECRET. Each message links to the request,
// so the console's public address (CONSOLE_ORIGIN) is needed. A webhook's URL is a credential: it is
// never written to a log or an answer, only its host.

export type NotifyFormat = 'slack' | 'json';

export interface NotifyConfig {
  format: NotifyFormat;
  secret: string | null;
  /** CONSOLE_ORIGIN: the links in the messages start with it. */
  origin: string;
  /** The webhook of an environment: its own, else CONSOLE_NOTIFY_WEBHOOK; null when it has none. */
  webhookOf(environment: string): string | null;
  /** The pause before attempt `attempts + 1` (notify-outbox.ts's backoffMs); tests pass a shorter one, there is no variable for it. */
  retryMs?: (attempts: number) => number;
}

type Env = Readonly<Record<string, string | undefined>>;
const MIN_SECRET = 16;

function checkedUrl(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) throw new OpsConfigError(`${name} must be an http(s) URL`);
  return url.toString();
}

/** The notification settings of a team console, or null when no webhook is set anywhere. */
export function readNotifyConfig(env: Env, team: TeamConfig): NotifyConfig | null {
  const fallbackText = env['CONSOLE_NOTIFY_WEBHOOK']?.trim() || undefined;
  const fallback = fallbackText === undefined ? null : checkedUrl('CONSOLE_NOTIFY_WEBHOOK', fallbackText);
  const own = new Map<string, string>();
  for (const environment of team.environments) {
    if (environment.notifyWebhook !== undefined) own.set(environment.id, checkedUrl(`the webhook of the environment "${environment.id}"`, environment.notifyWebhook));
  }
  if (fallback === null && own.size === 0) return null;
  const format = env['CONSOLE_NOTIFY_FORMAT']?.trim() || 'slack';
  if (format !== 'slack' && format !== 'json') throw new OpsConfigError(`CONSOLE_NOTIFY_FORMAT must be "slack" or "json", got "${format}"`);
  const secret = env['CONSOLE_NOTIFY_SECRET']?.trim() || null;
  if (secret !== null && secret.length < MIN_SECRET) throw new OpsConfigError(`CONSOLE_NOTIFY_SECRET must be at least ${MIN_SECRET} characters (openssl rand -hex 32 prints one)`);
  if (format === 'json' && secret === null) throw new OpsConfigError('CONSOLE_NOTIFY_FORMAT=json signs each message: set CONSOLE_NOTIFY_SECRET (the receiver checks the signature with it)');
  if (team.origin === null) throw new OpsConfigError("notifications link to the request: set CONSOLE_ORIGIN, the console's public address (https://console.example.com)");
  return { format, secret, origin: team.origin, webhookOf: (environment) => own.get(environment) ?? fallback };
}

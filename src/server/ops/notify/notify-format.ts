import { createHmac } from 'node:crypto';
import type { NotifyConfig } from './notify-config.ts';
import type { NotifyMessage } from './notify-messages.ts';

// A notification as its webhook takes it. Slack's shape is the text alone. Ours is the whole
// message, signed: X-Order-Console-Signature is `sha256=` and the hex HMAC-SHA-256, under
// CONSOLE_NOTIFY_SECRET, of the timestamp, a dot and the body exactly as sent (the receiver recomputes
// it and refuses a timestamp older than a few minutes, as with Stripe's and Slack's own signatures).
// X-Order-Console-Delivery is the same on every retry of one message, so a receiver can drop a repeat.

export const SIGNATURE_HEADER = 'X-Order-Console-Signature';
export const TIMESTAMP_HEADER = 'X-Order-Console-Timestamp';
export const DELIVERY_HEADER = 'X-Order-Console-Delivery';
export const EVENT_HEADER = 'X-Order-Console-Event';

export const signature = (secret: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;

export function deliveryRequest(config: NotifyConfig, delivery: string, message: NotifyMessage, now = new Date()): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify(config.format === 'slack' ? { text: message.text } : message);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'User-Agent': 'order-console', [DELIVERY_HEADER]: delivery, [EVENT_HEADER]: message.event };
  if (config.secret !== null) {
    const timestamp = String(Math.floor(now.getTime() / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = signature(config.secret, timestamp, body);
  }
  return { headers, body };
}

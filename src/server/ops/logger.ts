import { pino } from 'pino';
import type { DestinationStream, Logger } from 'pino';

// One JSON line per event (pino), or, for a person at a terminal, the same events as plain
// lines: the message alone, an error's stack under it. The pretty form is a dozen lines here rather
// than pino-pretty, which brings thirteen packages (a CLI among them) and puts a time and a level in
// front of every line, where a newcomer's `npm start` shows "Order Console … listening on …" first.

export type { Logger } from 'pino';
export type LogFormat = 'json' | 'pretty';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];
export const isLogLevel = (text: string): text is LogLevel => (LEVELS as readonly string[]).includes(text);

// A safety net: no code here logs a body or a header, and these never reach a line if one slipped in.
const REDACT = ['password', 'token', 'authorization', 'cookie', 'secret', '*.password', '*.token', '*.authorization', '*.cookie', '*.secret'];

interface PrettyRecord {
  msg?: unknown;
  err?: { stack?: unknown };
}

/** One JSON line as a person reads it: the message, and under an error its stack. */
export function prettyLine(json: string): string {
  let record: PrettyRecord;
  try {
    const parsed: unknown = JSON.parse(json);
    record = typeof parsed === 'object' && parsed !== null ? parsed : {};
  } catch {
    return json.trimEnd();
  }
  const message = typeof record.msg === 'string' ? record.msg : '';
  const stack = typeof record.err?.stack === 'string' ? record.err.stack : '';
  return stack === '' || message.includes(stack) ? message : `${message}\n${stack}`;
}

/** A pino destination handing each event, as a plain line, to `write`. */
export function prettyDestination(write: (line: string) => void): DestinationStream {
  return { write: (json: string) => write(prettyLine(json)) };
}

export interface LoggerOptions {
  format: LogFormat;
  level?: LogLevel;
  /** Where lines go; default stdout (JSON synchronously, so a line written just before exit is not lost). */
  write?: (line: string) => void;
}

export function createLogger(options: LoggerOptions): Logger {
  const destination =
    options.format === 'pretty'
      ? prettyDestination(options.write ?? ((line) => process.stdout.write(`${line}\n`)))
      : options.write === undefined
        ? pino.destination({ dest: 1, sync: true })
        : { write: (json: string) => options.write?.(json.trimEnd()) };
  return pino(
    {
      level: options.level ?? 'info',
      base: { service: 'order-console', pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: '[removed]' },
    },
    destination,
  );
}

/** What the rest of the server writes as plain lines (its notes and warnings), as events of `logger`. */
export const lineLogger = (logger: Logger, level: 'info' | 'warn' | 'error' = 'info') => (line: string) => logger[level](line);

import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { hostname } from 'node:os';
import type { StreamRecord, StreamTarget } from './stream-target.ts';
import { recordLine } from './stream-target.ts';

// The audit stream to a syslog server over TCP, each record one RFC 5424 message, framed
// by octet counting (RFC 6587: "<length> <message>", so a message may hold anything): facility 13
// (log audit), severity informational, APP-NAME order-console, MSGID audit or checkpoint, the
// record's JSON as the message. Plain TCP has no acknowledgement: a write is done once the bytes
// are handed to the connection. So when a connection fails, every row written on it in the last
// SETTLE_MS is written again on the next one (at least once; a receiver can drop a seq it has).
// Written here rather than with syslog-client, whose TCP framing is a newline and whose socket is
// its own: this needs the octet count and to know which rows went out on a connection that broke.

const FACILITY_LOG_AUDIT = 13;
const SEVERITY_INFO = 6;
const PRI = FACILITY_LOG_AUDIT * 8 + SEVERITY_INFO;
const CONNECT_TIMEOUT_MS = 5_000;
export const SETTLE_MS = 10_000;

// RFC 5424 HOSTNAME: printable US-ASCII, at most 255.
const HOST = (hostname().replace(/[^\x21-\x7e]/g, '-').slice(0, 255) || '-');

/** One record as an RFC 5424 message (without its frame). */
export function syslogMessage(record: StreamRecord): string {
  const msgid = record.type === 'audit_row' ? 'audit' : 'checkpoint';
  return `<${PRI}>1 ${record.at} ${HOST} order-console ${process.pid} ${msgid} - ${recordLine(record)}`;
}

const frame = (message: string) => {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([Buffer.from(`${body.length} `, 'ascii'), body]);
};

export function syslogTarget(host: string, port: number): StreamTarget {
  let socket: Socket | null = null;
  // Rows written on the current connection lately: what a failure sends again.
  let recent: { seq: string; at: number }[] = [];
  let rewind: string | null = null;

  const lose = (which: Socket) => {
    if (socket !== which) return;
    socket = null;
    const since = Date.now() - SETTLE_MS;
    const first = recent.find((sent) => sent.at >= since);
    if (first !== undefined && (rewind === null || BigInt(first.seq) < BigInt(rewind))) rewind = first.seq;
    recent = [];
  };

  const open = () =>
    new Promise<Socket>((resolve, reject) => {
      const opened = connect({ host, port });
      const timer = setTimeout(() => opened.destroy(new Error(`no connection to the syslog server within ${CONNECT_TIMEOUT_MS / 1000} s`)), CONNECT_TIMEOUT_MS);
      opened.once('connect', () => {
        clearTimeout(timer);
        opened.setKeepAlive(true, 10_000);
        opened.setNoDelay(true);
        opened.on('close', () => lose(opened));
        opened.on('error', () => lose(opened));
        // The peer says nothing in syslog over TCP: whatever it sends is dropped.
        opened.on('data', () => undefined);
        socket = opened;
        resolve(opened);
      });
      opened.once('error', (error) => {
        clearTimeout(timer);
        lose(opened);
        reject(error);
      });
    });

  return {
    name: `syslog ${host}:${port}`,
    async write(records: readonly StreamRecord[]) {
      if (records.length === 0) return;
      const connection = socket ?? (await open());
      const bytes = Buffer.concat(records.map((record) => frame(syslogMessage(record))));
      const now = Date.now();
      for (const record of records) if (record.type === 'audit_row') recent.push({ seq: record.seq, at: now });
      recent = recent.filter((sent) => sent.at >= now - SETTLE_MS);
      await new Promise<void>((resolve, reject) => {
        connection.write(bytes, (error) => {
          if (error === undefined || error === null) resolve();
          else {
            connection.destroy();
            lose(connection);
            reject(error);
          }
        });
      });
    },
    takeRewind() {
      const from = rewind;
      rewind = null;
      return from;
    },
    async close() {
      const open = socket;
      socket = null;
      if (open === null) return;
      await new Promise<void>((resolve) => open.end(resolve));
    },
  };
}

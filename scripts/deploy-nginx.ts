import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

// npm run deploy-check, its nginx: deploy/nginx/order-console.conf as the repository has it, with its
// example ports, names and certificate paths replaced by this run's (each replacement must find its
// line, so the file and the check cannot drift apart), inside a main nginx.conf of the run's own
// (its pid, logs and temporary files in the run's directory), and a self-signed certificate made
// with openssl for the run.

const run = promisify(execFile);
export const NGINX = process.env['NGINX_BIN'] ?? '/usr/sbin/nginx';
const CONF = new URL('../deploy/nginx/order-console.conf', import.meta.url);

export interface NginxPorts {
  https: number;
  http: number;
  consoles: readonly [number, number];
}

/** A key and a certificate for localhost and 127.0.0.1, valid one day; their paths. */
export async function selfSignedCertificate(dir: string): Promise<{ cert: string; key: string }> {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  await run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert]);
  return { cert, key };
}

function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`deploy/nginx/order-console.conf: expected "${from}" exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The repository's configuration with this run's ports, name and certificate. */
export function renderSite(ports: NginxPorts, tls: { cert: string; key: string }): string {
  let text = readFileSync(CONF, 'utf8');
  text = replaceOnce(text, 'server 127.0.0.1:8081 ', `server 127.0.0.1:${ports.consoles[0]} `);
  text = replaceOnce(text, 'server 127.0.0.1:8082 ', `server 127.0.0.1:${ports.consoles[1]} `);
  text = replaceOnce(text, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  text = replaceOnce(text, 'listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`);
  text = replaceOnce(text, '/etc/ssl/order-console/cert.pem', tls.cert);
  text = replaceOnce(text, '/etc/ssl/order-console/key.pem', tls.key);
  return text.replaceAll('server_name console.example.com;', 'server_name localhost;');
}

export interface Nginx {
  child: ChildProcess;
  errors: () => string;
  stop(): Promise<void>;
}

/** nginx in the foreground with the run's configuration; stop() ends it (and is safe to call twice). */
export async function startNginx(dir: string, site: string): Promise<Nginx> {
  const temp = join(dir, 'nginx-temp');
  mkdirSync(temp, { recursive: true });
  // Run as root, nginx's workers are `nobody`: they must reach the temporary files' directory.
  chmodSync(dir, 0o711);
  chmodSync(temp, 0o777);
  writeFileSync(join(dir, 'order-console.conf'), site);
  const main = `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${join(dir, 'nginx-access.log')};
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  include ${join(dir, 'order-console.conf')};
}
`;
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  await run(NGINX, ['-t', '-q', '-p', dir, '-c', conf]);
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    errors: () => errors + (() => {
      try {
        return readFileSync(join(dir, 'nginx-error.log'), 'utf8');
      } catch {
        return '';
      }
    })(),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Runs Debian's nginx with the production server block from deploy/nginx/ on 127.0.0.1: the
 * block is wrapped in a minimal nginx.conf whose pid, logs and temp folders live in a temp
 * dir, so nothing under /etc, /var or /run is touched and a system nginx can keep running.
 * Its `root` and the includes the build writes (security headers, host redirects) all point
 * at the folder served.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX_BINARY = '/usr/sbin/nginx';
const MIME_TYPES = '/etc/nginx/mime.types';
export const SERVER_CONF = path.resolve(__dirname, '../../deploy/nginx/unleash-docs.conf');
/** The include the build writes (plugins/security-headers). */
export const SECURITY_HEADERS_INCLUDE = 'security-headers.conf';
/** The include of the paths other hosts serve (plugins/host-redirects). */
export const REDIRECTS_INCLUDE = 'redirects.conf';
/** Every file of the build the server block includes. */
export const BUILD_INCLUDES = [SECURITY_HEADERS_INCLUDE, REDIRECTS_INCLUDE] as const;

/** Replaces the one directive the file must hold exactly once, so a renamed line fails loudly. */
function replaceDirective(conf: string, name: string, value: string): string {
  const pattern = new RegExp(`^(\\s*)${name}\\s[^;]*;`, 'gm');
  const count = conf.match(pattern)?.length ?? 0;
  if (count !== 1) throw new Error(`${SERVER_CONF} should hold one "${name}" directive, found ${count}.`);
  return conf.replace(pattern, `$1${name} ${value};`);
}

/** A certificate and its key, for serving over TLS (and so HTTP/2, which browsers speak only over TLS). */
export interface TlsFiles {
  certificate: string;
  key: string;
}

/** A complete nginx.conf serving `root` on 127.0.0.1:`port`, with its state under `dir`. */
export function nginxConf({root, port, dir, tls}: {root: string; port: number; dir: string; tls?: TlsFiles}): string {
  let site = fs.readFileSync(SERVER_CONF, 'utf8');
  site = replaceDirective(site, 'root', root);
  site = replaceDirective(site, 'listen', `127.0.0.1:${port}${tls ? ' ssl http2' : ''}`);
  for (const file of BUILD_INCLUDES) {
    const include = new RegExp(`^(\\s*)include\\s+\\S*/${file.replace('.', '\\.')};`, 'gm');
    const includes = site.match(include)?.length ?? 0;
    if (includes !== 1) throw new Error(`${SERVER_CONF} should include ${file} once, found ${includes}.`);
    site = site.replace(include, `$1include ${path.join(root, file)};`);
  }
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    'daemon off;',
    // Started as root, nginx's workers drop to an unprivileged user, which cannot read a build
    // inside a private folder (a clone made with mktemp -d is 0700): keep them as root here.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 64; }',
    'http {',
    `  include ${MIME_TYPES};`,
    '  default_type application/octet-stream;',
    `  access_log ${path.join(dir, 'access.log')};`,
    // Debian compiles these into /var/lib/nginx, which an unprivileged run cannot write.
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
    ...(tls ? [`  ssl_certificate ${tls.certificate};`, `  ssl_certificate_key ${tls.key};`] : []),
    site,
    '}',
    '',
  ].join('\n');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface NginxServer {
  url: string;
  close(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A HEAD request that accepts the self-signed certificate of a TLS server started here. */
function head(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = (url.startsWith('https:') ? https : http).request(url, {method: 'HEAD', rejectUnauthorized: false}, (response) => {
      response.resume();
      resolve();
    });
    request.on('error', reject);
    request.end();
  });
}

async function untilAnswering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}:\n${log()}`);
    try {
      await head(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`nginx did not answer on ${url} within 10 s:\n${log()}`);
}

/** A self-signed certificate for 127.0.0.1, made with Debian's openssl in `dir`. */
function selfSignedCertificate(dir: string): TlsFiles {
  const files = {certificate: path.join(dir, 'certificate.pem'), key: path.join(dir, 'key.pem')};
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', files.key, '-out', files.certificate], {stdio: 'ignore'});
  return files;
}

/**
 * Starts nginx serving `root`; the caller closes it. Throws when nginx is not installed. With
 * `tls`, it serves HTTPS with HTTP/2 under a self-signed certificate (a browser must be told to
 * accept it), as a production host would serve the site.
 */
export async function startNginx(root: string, {tls = false}: {tls?: boolean} = {}): Promise<NginxServer> {
  if (!fs.existsSync(NGINX_BINARY)) {
    throw new Error(
      `nginx is not installed (${NGINX_BINARY} is missing). Install it with "bash scripts/ensure-system-packages.sh" as root, or "sudo apt-get install nginx".`,
    );
  }
  for (const file of BUILD_INCLUDES) {
    if (!fs.existsSync(path.join(root, file))) {
      throw new Error(`${root} has no ${file}, which the server block includes: the build writes it (plugins/security-headers, plugins/host-redirects).`);
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unleash-docs-nginx-'));
  // Run as root, nginx's workers switch to an unprivileged user that must reach the logs.
  fs.chmodSync(dir, 0o755);
  const read = (file: string) => (fs.existsSync(path.join(dir, file)) ? fs.readFileSync(path.join(dir, file), 'utf8') : '');
  // What nginx says while reading the config goes to the -e file; requests log to error.log.
  const startupLog = () => read('startup.log');
  const log = () => startupLog() + read('error.log');
  const port = await freePort();
  const confFile = path.join(dir, 'nginx.conf');
  fs.writeFileSync(confFile, nginxConf({root, port, dir, ...(tls ? {tls: selfSignedCertificate(dir)} : {})}));
  // -e: the compiled-in error log is opened before the config is read.
  const child = spawn(NGINX_BINARY, ['-e', path.join(dir, 'startup.log'), '-p', `${dir}/`, '-c', confFile], {stdio: 'ignore'});
  // Should the test process end without closing the server, it takes nginx with it.
  const stopOnExit = () => child.kill('SIGTERM');
  process.once('exit', stopOnExit);
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const close = async () => {
    process.off('exit', stopOnExit);
    child.kill('SIGQUIT');
    await exited(child);
    fs.rmSync(dir, {recursive: true, force: true});
  };
  try {
    await untilAnswering(url, child, log);
    // A config nginx merely warns about (a duplicate type, an ignored directive) is still wrong.
    if (/\[(warn|error|crit|alert|emerg)\]/.test(startupLog())) throw new Error(`nginx started with complaints about the config:\n${startupLog()}`);
  } catch (error) {
    await close();
    throw error;
  }
  return {url, close};
}

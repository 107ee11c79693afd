/**
 * Serves a production build on 127.0.0.1 the way `docusaurus serve` does (clean URLs, no
 * trailing slash, 404.html for unknown paths), optionally under a path prefix. The server
 * listens on an ephemeral port and is closed by its owner.
 *
 * With `gzip`, text files go out gzip-encoded to clients that accept it, as any production
 * host sends them; benchmarks use it so that Lighthouse judges the site, not a server that
 * never compresses. The tests serve files as they are.
 */
import fs from 'node:fs';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import {Readable} from 'node:stream';
import zlib from 'node:zlib';
import serveHandler from 'serve-handler';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  prefix?: string;
  gzip?: boolean;
  /** Answers a path with other JavaScript than the file on disk (e.g. a newer service worker). */
  replaceScript?: (pathname: string) => string | undefined;
  /** Rewrites every HTML file served (the bench's pages without their scripts, scripts/bench/scriptless.ts). */
  transformHtml?: (html: string) => string;
}

/** Extensions worth compressing: everything the build writes as text. */
export const COMPRESSED_EXTENSIONS = ['html', 'js', 'css', 'json', 'svg', 'txt', 'xml', 'webmanifest', 'md', 'map'];
/** Level 6 is zlib's default and what common hosts use on the fly. */
export const SERVER_GZIP_LEVEL = 6;

const compressible = (file: string) => COMPRESSED_EXTENSIONS.includes(path.extname(file).slice(1));

/** How the body of a file is answered: as it is, rewritten (HTML only), compressed, or both. */
interface BodyOptions {
  gzip: boolean;
  transformHtml?: (html: string) => string;
}

/**
 * serve-handler has no compression and no rewriting, but takes its file-system calls as
 * parameters: the bytes to send stand in for the file (size and content), so Content-Length,
 * ranges and the 404 page stay consistent, and a header rule on the compressed extensions
 * names the encoding.
 */
function bodyMethods({gzip, transformHtml}: BodyOptions) {
  const cache = new Map<string, {mtimeMs: number; body: Buffer}>();
  const rewritten = (file: string) => !!transformHtml && path.extname(file) === '.html';
  const changed = (file: string) => (gzip && compressible(file)) || rewritten(file);
  const body = async (file: string, stats: fs.Stats) => {
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === stats.mtimeMs) return hit.body;
    let bytes = await fs.promises.readFile(file);
    if (rewritten(file)) bytes = Buffer.from(transformHtml!(bytes.toString('utf8')), 'utf8');
    if (gzip && compressible(file)) bytes = zlib.gzipSync(bytes, {level: SERVER_GZIP_LEVEL});
    cache.set(file, {mtimeMs: stats.mtimeMs, body: bytes});
    return bytes;
  };
  return {
    lstat: async (file: string) => {
      const stats = await fs.promises.lstat(file);
      if (!stats.isFile() || !changed(file)) return stats;
      const size = (await body(file, stats)).length;
      return Object.assign(Object.create(Object.getPrototypeOf(stats) as object) as fs.Stats, stats, {size});
    },
    createReadStream: async (file: string, options: {start?: number; end?: number} = {}) => {
      if (!changed(file)) return fs.createReadStream(file, options);
      const bytes = await body(file, await fs.promises.lstat(file));
      return Readable.from([bytes.subarray(options.start ?? 0, options.end === undefined ? undefined : options.end + 1)]);
    },
  };
}

export async function startStaticServer(dir: string, {prefix = '', gzip = false, replaceScript, transformHtml}: StaticServerOptions = {}): Promise<StaticServer> {
  // The typings describe callback-style calls; serve-handler awaits whatever the methods return.
  type Methods = Parameters<typeof serveHandler>[3];
  const compressing = bodyMethods({gzip, transformHtml}) as unknown as Methods;
  // A client that does not accept gzip still gets the rewritten HTML.
  const plain = (transformHtml ? bodyMethods({gzip: false, transformHtml}) : undefined) as unknown as Methods | undefined;
  const encodingHeaders = [{source: `**/*.@(${COMPRESSED_EXTENSIONS.join('|')})`, headers: [{key: 'Content-Encoding', value: 'gzip'}, {key: 'Vary', value: 'Accept-Encoding'}]}];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const replacement = replaceScript?.(new URL(url, 'http://localhost').pathname);
    if (replacement !== undefined) {
      res.writeHead(200, {'content-type': 'application/javascript; charset=utf-8', 'cache-control': 'no-cache'});
      res.end(replacement);
      return;
    }
    if (prefix) {
      if (!url.startsWith(`${prefix}/`) && url !== prefix) {
        res.statusCode = 404;
        res.end('Not under the served prefix');
        return;
      }
      req.url = url.slice(prefix.length) || '/';
    }
    const config = {public: dir, cleanUrls: true, trailingSlash: false, directoryListing: false};
    const acceptsGzip = gzip && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    void serveHandler(req, res, acceptsGzip ? {...config, headers: encodingHeaders} : config, acceptsGzip ? compressing : plain);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; without this, close waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

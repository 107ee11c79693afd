/**
 * Serves a production build on 127.0.0.1 the way `docusaurus serve` does (clean URLs, no
 * trailing slash, 404.html for unknown paths), optionally under a path prefix. The server
 * listens on an ephemeral port and is closed by its owner.
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import serveHandler from 'serve-handler';

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticServerOptions {
  prefix?: string;
  /** Answers a path with other JavaScript than the file on disk (e.g. a newer service worker). */
  replaceScript?: (pathname: string) => string | undefined;
}

export async function startStaticServer(dir: string, {prefix = '', replaceScript}: StaticServerOptions = {}): Promise<StaticServer> {
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
    void serveHandler(req, res, {public: dir, cleanUrls: true, trailingSlash: false, directoryListing: false});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

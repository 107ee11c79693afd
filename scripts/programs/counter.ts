/**
 * A counting proxy in front of the run's Unleash server. Programs are given its address as
 * the reader's Unleash URL, so every request they make is recorded (method, path, whether it
 * carried If-None-Match, the status Unleash answered) before it is passed on unchanged. This
 * is how a run counts what reaches Unleash, for example whether a cache saves requests. It can
 * also hold requests to some paths until released, to stand for a slow answer.
 */
import http from 'node:http';
import type net from 'node:net';

export interface SeenRequest {
  method: string;
  path: string;
  /** The query string, decoded (the Frontend API's GET carries the context there). */
  query: string;
  ifNoneMatch: boolean;
  status: number;
  /** The client's user-agent, to tell programs apart. */
  userAgent: string;
  at: number;
}

export interface Counter {
  url: string;
  seen: SeenRequest[];
  /** Lets held requests through, and all later ones. */
  release(): void;
  close(): Promise<void>;
}

export function startCounter(target: string, hold: string[] = []): Promise<Counter> {
  const upstream = new URL(target);
  const seen: SeenRequest[] = [];
  let held: Array<() => void> | undefined = hold.length ? [] : undefined;
  const server = http.createServer((req, res) => {
    if (held && hold.includes((req.url ?? '').split('?')[0]!)) {
      held.push(() => pass(req, res));
      return;
    }
    pass(req, res);
  });
  const pass = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const forward = http.request(
      {host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: {...req.headers, host: upstream.host}},
      (answer) => {
        seen.push({
          method: req.method ?? 'GET',
          path: (req.url ?? '').split('?')[0]!,
          query: decodeURIComponent((req.url ?? '').split('?')[1] ?? ''),
          ifNoneMatch: req.headers['if-none-match'] !== undefined,
          status: answer.statusCode ?? 0,
          userAgent: String(req.headers['user-agent'] ?? ''),
          at: Date.now(),
        });
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) => {
      seen.push({method: req.method ?? 'GET', path: (req.url ?? '').split('?')[0]!, query: '', ifNoneMatch: false, status: 502, userAgent: '', at: Date.now()});
      res.writeHead(502, {'content-type': 'text/plain'});
      res.end(`counting proxy: ${error.message}`);
    });
    req.pipe(forward);
  };
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        seen,
        release: () => {
          const waiting = held ?? [];
          held = undefined;
          for (const go of waiting) go();
        },
        close: () =>
          new Promise((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

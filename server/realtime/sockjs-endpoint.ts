/**
 * The SockJS endpoint at /v1/ws on the app's own HTTP server (beside Fastify's routes), carrying
 * STOMP frames to and from the broker. Transports: websocket, xhr-streaming and xhr-polling. The
 * iframe-, JSONP-, htmlfile- and eventsource-based transports answer 404 (they need framing our CSP
 * forbids and give a 2G phone nothing xhr-polling does not), and so does sockjs's raw WebSocket at
 * /v1/ws/websocket (no client of ours uses it). A filter in front of sockjs enforces that, the
 * origin allowlist and a body limit on xhr_send (sockjs itself buffers any size).
 *
 * Tokens never travel in these URLs (the bearer token is in the STOMP CONNECT frame), so the
 * request lines sockjs logs are safe.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sockjs from 'sockjs';
import type { StompBroker } from './broker';
import { DEFAULT_MAX_FRAME_BYTES } from './stomp-codec';

export interface SockJsEndpointOptions {
  prefix: string;
  broker: StompBroker;
  logger: FastifyBaseLogger;
  /** Origins allowed besides the request's own host (PUBLIC_URL, CORS_ORIGINS). */
  allowedOrigins: readonly string[];
  maxFrameBytes?: number;
}

export interface SockJsEndpoint {
  /** Stops serving the prefix and drops any socket still open after `graceMs`. */
  close(graceMs?: number): Promise<void>;
}

/** Transport path segments served (`/{server}/{session}/{transport}`). */
const SERVED_TRANSPORTS: ReadonlySet<string> = new Set(['websocket', 'xhr', 'xhr_send', 'xhr_streaming']);
/** How long a polling session waits for the client's next request: a 2G round trip can take seconds. */
const DISCONNECT_DELAY_MS = 15_000;
/** SockJS-level keep-alive ('h' frames, WebSocket pings) for clients that negotiate no STOMP heart-beats. */
const SOCKJS_HEARTBEAT_MS = 25_000;

type Verdict = 'outside' | 'serve' | 'refuse';

type SockJsHandler = (req: IncomingMessage, resOrSocket: ServerResponse | Duplex, head?: Buffer) => boolean;
/** sockjs exposes listener() (what installHandlers uses) but its typings do not. */
interface SockJsServerWithListener {
  listener(options: { prefix: string }): { getHandler(): SockJsHandler };
}

export function attachSockJsEndpoint(server: Server, options: SockJsEndpointOptions): SockJsEndpoint {
  const { prefix, broker, logger } = options;
  // SockJS JSON-escapes frames (a NUL becomes \u0000), so a full 64 KB frame can take more on the wire.
  const maxTransportBytes = 8 * (options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES);
  const allowedOrigins = new Set(options.allowedOrigins.map((o) => o.replace(/\/$/, '')));

  const sockjsServer = sockjs.createServer({
    prefix,
    websocket: true,
    jsessionid: false,
    heartbeat_delay: SOCKJS_HEARTBEAT_MS,
    disconnect_delay: DISCONNECT_DELAY_MS,
    log: (severity, line) => {
      if (severity === 'error') logger.warn({ sockjs: line }, 'sockjs error');
      else logger.trace({ sockjs: line }, 'sockjs');
    },
    ...{ faye_server_options: { maxLength: maxTransportBytes } },
  });
  sockjsServer.on('connection', (conn: sockjs.Connection | null) => {
    // sockjs emits a null connection for a session that timed out before it opened.
    if (!conn) return;
    const close = conn.close as unknown as (code: number, reason: string) => boolean;
    const session = broker.accept({
      kind: conn.protocol,
      send: (text) => {
        conn.write(text);
      },
      close: (code, reason) => {
        close.call(conn, code, reason);
      },
    });
    conn.on('data', (message) => session.receive(message));
    conn.on('close', () => session.closed());
  });
  const handler = (sockjsServer as unknown as SockJsServerWithListener).listener({ prefix }).getHandler();

  const classify = (url: string | undefined): Verdict => {
    const pathname = (url ?? '').split('?')[0] ?? '';
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return 'outside';
    const rest = pathname.slice(prefix.length).replace(/\/$/, '');
    if (rest === '' || rest === '/info') return 'serve';
    const transport = /^\/[^/.]+\/[^/.]+\/([a-z_]+)$/.exec(rest)?.[1];
    return transport !== undefined && SERVED_TRANSPORTS.has(transport) ? 'serve' : 'refuse';
  };

  const originAllowed = (req: IncomingMessage): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined || allowedOrigins.has(origin)) return true;
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): boolean => {
    const verdict = classify(req.url);
    if (verdict === 'outside') return false;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (verdict === 'refuse') return answer(res, 404, '404 Error: Page not found\n');
    if (!originAllowed(req)) return answer(res, 403, 'Origin not allowed\n');
    if (req.method === 'POST' && /\/xhr_send\/?(\?|$)/.test(req.url ?? '') && !limitBody(req, res, maxTransportBytes)) {
      return true;
    }
    return handler(req, res);
  };

  const sockets = new Set<Duplex>();
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): boolean => {
    const verdict = classify(req.url);
    if (verdict === 'outside') return false;
    if (verdict === 'refuse' || !originAllowed(req)) {
      socket.end(`HTTP/1.1 ${verdict === 'refuse' ? '404 Not Found' : '403 Forbidden'}\r\nConnection: close\r\n\r\n`);
      return true;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    return handler(req, socket, head);
  };

  const restoreRequest = overshadow(server, 'request', onRequest);
  const restoreUpgrade = overshadow(server, 'upgrade', onUpgrade, (_req, socket) => socket.destroy());
  logger.debug({ prefix }, 'SockJS endpoint attached');

  return {
    async close(graceMs = 1000) {
      restoreRequest();
      restoreUpgrade();
      await broker.close();
      // WebSocket close handshakes normally finish at once; a peer that vanished does not answer.
      const deadline = Date.now() + graceMs;
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of sockets) socket.destroy();
    },
  };
}

/**
 * Puts `listener` in front of the server's existing listeners for `event` (as sockjs's own
 * installHandlers does): they only run when it returns false. Returns a function that undoes it.
 */
function overshadow<A extends unknown[]>(
  server: Server,
  event: 'request' | 'upgrade',
  listener: (...args: A) => boolean,
  fallback?: (...args: A) => void,
): () => void {
  const previous = server.listeners(event) as ((...args: A) => void)[];
  server.removeAllListeners(event);
  const combined = function (this: Server, ...args: A): void {
    if (listener(...args)) return;
    if (previous.length === 0) fallback?.(...args);
    for (const original of previous) original.apply(this, args);
  };
  server.on(event, combined as (...args: unknown[]) => void);
  return () => {
    server.removeListener(event, combined as (...args: unknown[]) => void);
    for (const original of previous) server.on(event, original as (...args: unknown[]) => void);
  };
}

function answer(res: ServerResponse, status: number, text: string): true {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=UTF-8' });
  res.end(text);
  return true;
}

/** Refuses an xhr_send body over `max` bytes: by its Content-Length, or by counting as it streams. */
function limitBody(req: IncomingMessage, res: ServerResponse, max: number): boolean {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) {
    answer(res, 413, 'Payload too large\n');
    req.resume();
    return false;
  }
  let received = 0;
  req.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > max) req.destroy();
  });
  return true;
}

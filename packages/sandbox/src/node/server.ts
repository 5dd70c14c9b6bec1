import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { isTakenHost } from '../core/control-hosts.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../core/sandbox.ts';
import { corsHeaders, errorEnvelope } from '../http/responses.ts';
import { createFilePersistence } from './file-persistence.ts';

/**
 * Default of `maxBodyBytes`: the largest request of the contract is a profile image of up to 2 MiB
 * sent as multipart; a little above that still gets the operation's own 413 with the image's size.
 */
const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface SandboxServerOptions extends SandboxOptions {
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Directory of the state file; without it the state lives in memory only. */
  dataDir?: string;
  /** Start from the seed, discarding the saved state. */
  reset?: boolean;
  /** Log every request (method, path, status, milliseconds). */
  verbose?: boolean;
  /**
   * The largest request body read, in bytes (default 4 MiB). A larger one is answered 413 as soon as
   * its `Content-Length` or its bytes so far say so; the rest is thrown away, never buffered.
   */
  maxBodyBytes?: number;
}

export interface SandboxServer {
  /** e.g. `http://127.0.0.1:4010` */
  readonly url: string;
  readonly port: number;
  readonly sandbox: Sandbox;
  close(): Promise<void>;
}

class BodyTooLargeError extends Error {}

/**
 * Reads a request body of at most `limit` bytes. One declared (`Content-Length`) or counted (chunked)
 * above it is refused at once; what was read of it is let go.
 */
function readBody(incoming: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(incoming.headers['content-length'] ?? 0) > limit) {
      reject(new BodyTooLargeError());
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      chunks = [];
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      reject(new BodyTooLargeError());
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', reject);
    incoming.once('close', () => reject(new Error('The client closed the request before its end')));
  });
}

/**
 * How long the rest of a refused body is read and thrown away before the connection is closed anyway.
 */
const DISCARD_MS = 10_000;

/**
 * Answers 413 in the contract's envelope, then reads the rest of the body and throws it away (for at
 * most {@link DISCARD_MS}). Closing a connection the client is still sending on resets it, and the
 * reset can throw away the answer before the client reads it (what Apache's "lingering close" avoids).
 * The answer is sent whole (with its length) at once, but ended only when the body has been read:
 * Node stops reading a request whose answer has ended.
 */
async function refuseTooLarge(incoming: IncomingMessage, outgoing: ServerResponse, limit: number) {
  incoming.on('error', () => undefined);
  const timer = setTimeout(() => incoming.socket.destroy(), DISCARD_MS);
  timer.unref();
  incoming.once('close', () => clearTimeout(timer));
  const pathname = new URL(incoming.url ?? '/', 'http://sandbox').pathname;
  const response = errorEnvelope(
    413,
    `The request body is larger than the sandbox accepts (${limit} bytes)`,
    undefined,
    corsHeaders(incoming.headers.origin ?? null, pathname),
  );
  const body = Buffer.from(await response.text());
  const headers: Record<string, string> = { 'Content-Length': String(body.length) };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(413, headers);
  outgoing.write(body);
  const end = () => {
    clearTimeout(timer);
    outgoing.end();
  };
  if (incoming.complete) end();
  else incoming.once('end', end);
  incoming.resume();
}

/** Methods no Fetch `Request` may carry: refused (405), never a failure of the server. */
const REFUSED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** The methods of the contract and its preflights; any other is not implemented (501). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const ALLOW = [...KNOWN_METHODS].join(', ');

/** The answer to a method or a `Host` the sandbox does not take, or undefined for a request it does. */
function requestRefusal(incoming: IncomingMessage): Response | undefined {
  if (!isTakenHost(incoming.headers.host ?? null))
    return errorEnvelope(400, 'The Host header is not a host name with a port up to 65535');
  const method = (incoming.method ?? 'GET').toUpperCase();
  if (KNOWN_METHODS.has(method)) return undefined;
  const pathname = new URL(incoming.url ?? '/', 'http://sandbox').pathname;
  const headers = { Allow: ALLOW, ...corsHeaders(incoming.headers.origin ?? null, pathname) };
  return REFUSED_METHODS.has(method)
    ? errorEnvelope(405, `${method} is not allowed here; use ${ALLOW}`, undefined, headers)
    : errorEnvelope(501, `The sandbox does not implement ${method}`, undefined, headers);
}

async function toRequest(incoming: IncomingMessage, origin: string, limit: number): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') body = await readBody(incoming, limit);
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(response: Response, outgoing: ServerResponse, incoming: IncomingMessage) {
  if (response.type === 'error') {
    // The "drop" fault: close the connection without an answer.
    incoming.socket.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  if (!response.body || incoming.method === 'HEAD') {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value))
        await new Promise<void>((resolve) => outgoing.once('drain', () => resolve()));
    }
  } finally {
    outgoing.end();
  }
}

/** Starts the sandbox as an HTTP server (the demo, end-to-end tests and third-party storefronts use it). */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isInteger(maxBodyBytes) || maxBodyBytes < 1)
    throw new Error(`maxBodyBytes must be a whole number of bytes, got ${maxBodyBytes}`);
  if (options.dataDir && options.reset) rmSync(join(options.dataDir, 'state.json'), { force: true });
  const persistence = options.dataDir ? createFilePersistence(options.dataDir) : undefined;
  const sandbox = createSandbox({ ...options, ...(persistence ? { persistence } : {}) });
  await sandbox.ready;
  const log = options.log ?? ((line: string) => console.log(line));
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    const started = performance.now();
    const refusal = requestRefusal(incoming);
    (refusal
      ? Promise.resolve(refusal)
      : toRequest(incoming, origin, maxBodyBytes).then((request) => sandbox.handle(request))
    )
      .then(async (response) => {
        await send(response, outgoing, incoming);
        if (options.verbose)
          log(
            `${incoming.method} ${incoming.url} ${response.type === 'error' ? 'dropped' : response.status} ${(performance.now() - started).toFixed(1)}ms`,
          );
      })
      .catch(async (error: unknown) => {
        if (error instanceof BodyTooLargeError && !outgoing.headersSent) {
          await refuseTooLarge(incoming, outgoing, maxBodyBytes);
          if (options.verbose)
            log(`${incoming.method} ${incoming.url} 413 (body over ${maxBodyBytes} bytes)`);
          return;
        }
        log(
          `[sandbox] ${incoming.method} ${incoming.url} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!outgoing.headersSent) {
          outgoing.writeHead(500, { 'Content-Type': 'application/json' });
          outgoing.end(
            JSON.stringify({
              response_message: 'The sandbox failed to handle this request',
              response_body: null,
              status_code: 500,
            }),
          );
        } else outgoing.destroy();
      })
      .catch(() => outgoing.destroy());
  });
  // An idle kept-alive connection must outlive the clients' own idle timers, or a client reuses a socket
  // the server has just closed and the request fails with "other side closed" (seen in a test that
  // fetched right after a worker thread had been busy rendering for several seconds: the server closed
  // at 5 s, the busy client had not yet read the close). Node's agent and undici drop idle sockets after
  // 4–5 s, so at 65 s they always close first, as in front of a load balancer.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    port,
    sandbox,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sandbox.flush();
    },
  };
}

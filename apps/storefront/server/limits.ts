// What one client may hold of the server: how many requests at once, and how large and how slow a
// request body may be before the `/api` proxy opens a call to the services host for it.
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';

/** Methods the storefront answers; anything else (TRACE, CONNECT, TRACK…) is a 405. */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The largest body forwarded: the services host's own limit (a 2 MiB profile image as multipart fits). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** How long a body may take to arrive: a 4 MiB image over a slow mobile link, with margin. */
export const BODY_TIMEOUT_MS = 30_000;
/** Requests one client address may have in progress (a browser opens 6 per host; tabs and a NAT more). */
export const MAX_REQUESTS_PER_CLIENT = 64;

/** A plain-text refusal that is never cached; `close` ends the connection after it. */
function refuse(response: Response, status: number, text: string, close = false): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.status(status).type('text/plain').set('Cache-Control', 'no-store');
  if (close) response.set('Connection', 'close');
  response.send(text);
}

/** Refuses a method the storefront does not answer (405), before anything else sees it. */
export const knownMethods: RequestHandler = (request, response, next) => {
  if (METHODS.includes(request.method)) {
    next();
    return;
  }
  response.set('Allow', METHODS.join(', '));
  refuse(response, 405, 'Method not allowed');
};

/**
 * At most `limit` requests in progress per client address (`request.ip`: behind `trust proxy`, the
 * address the load balancer names). One more is a 429, so one client cannot hold every connection to
 * the services host.
 */
export function perClientCap(limit: number): RequestHandler {
  const active = new Map<string, number>();
  return (request, response, next) => {
    const client = request.ip ?? request.socket.remoteAddress ?? '';
    const count = active.get(client) ?? 0;
    if (count >= limit) {
      response.set('Retry-After', '1');
      refuse(response, 429, 'Too many requests at once from this address');
      return;
    }
    active.set(client, count + 1);
    let released = false;
    response.once('close', () => {
      if (released) return;
      released = true;
      const left = (active.get(client) ?? 1) - 1;
      if (left <= 0) active.delete(client);
      else active.set(client, left);
    });
    next();
  };
}

/** The bodies read before proxying, by request. */
const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body `bufferedBody` read for this request, if any. */
export function bufferedBodyOf(request: IncomingMessage): Buffer | undefined {
  return bodies.get(request);
}

/** Replaces the body read for this request (the proxy swapping in the session's real tokens). */
export function replaceBufferedBody(request: IncomingMessage, body: Buffer): void {
  bodies.set(request, body);
}

/**
 * What is read and dropped of a refused body before its answer, so that a client still sending gets
 * that answer: a connection that closes with the answer (the client's `Connection: close`, or ours)
 * resets a client still writing into it, often before it has read the answer (a client writing 12 MiB
 * met `write EPIPE` instead of the 413 on a loaded machine). Past it, or past the body's deadline, the
 * answer goes at once and the connection is closed.
 */
const DRAIN_BYTES = 16 * 1024 * 1024;

/**
 * Reads the whole request body (at most `maxBytes`, within `timeoutMs`) before the next step, so a
 * slow or endless upload never holds a call to the services host. Too large, declared or counted, is a
 * 413 (after the rest is dropped, or at once and closing past DRAIN_BYTES); too slow a 408 (and the
 * connection closed). Nothing of a refused body reaches the services host.
 */
export function bufferedBody({
  maxBytes,
  timeoutMs,
}: {
  maxBytes: number;
  timeoutMs: number;
}): RequestHandler {
  return (request, response, next) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      drop(request, response, timeoutMs, 413, 'The request body is too large', declared > DRAIN_BYTES);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      drop(request, response, timeoutMs, 413, 'The request body is too large', false);
    };
    const onEnd = () => {
      stop();
      bodies.set(request, Buffer.concat(chunks));
      next();
    };
    const onError = () => {
      stop();
      response.destroy();
    };
    const timer = setTimeout(() => {
      stop();
      drop(request, response, timeoutMs, 408, 'The request body did not arrive in time', true);
    }, timeoutMs);
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', onError);
  };
}

/**
 * Answers `status`. With `close`, at once, and the connection ends with the answer. Without, once the
 * rest of the body has been read and dropped (the connection then stays usable); past DRAIN_BYTES or
 * `timeoutMs`, at once and closing.
 */
function drop(
  request: Request,
  response: Response,
  timeoutMs: number,
  status: number,
  text: string,
  close: boolean,
) {
  request.on('error', () => undefined);
  if (close) {
    refuse(response, status, text, true);
    // What still comes is dropped until the connection closes after the answer.
    request.resume();
    return;
  }
  let discarded = 0;
  let answered = false;
  const answer = (closing: boolean) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    request.off('data', onData);
    refuse(response, status, text, closing);
  };
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > DRAIN_BYTES) answer(true);
  };
  const timer = setTimeout(() => answer(true), timeoutMs);
  request.on('data', onData);
  request.once('end', () => answer(false));
  request.once('close', () => clearTimeout(timer));
  request.resume();
}

// The services host on the storefront's own origin (`/api`): no CORS preflight and no second
// connection before the first screen. The forwarding is http-proxy-middleware's; what is ours is which
// headers cross, the time limit's answer, and that the sandbox's control API never does.
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { bufferedBodyOf } from './limits.ts';

export const PROXY_PATH = '/api';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  // Set by this proxy, never taken from the client.
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/** Removes the hop-by-hop headers, including any the `Connection` header names. */
function dropHopByHop(headers: IncomingHttpHeaders): void {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  for (const name of Object.keys(headers))
    if (HOP_BY_HOP.has(name.toLowerCase()) || named.includes(name.toLowerCase())) delete headers[name];
}

/**
 * Whether a path is the sandbox's control API (`/__sandbox/...`: resets, faults, OTPs), percent-encoded
 * or not: that is for tests on the services host itself, never for the storefront's visitors.
 */
function isSandboxControl(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: checked as written.
  }
  return /^\/*__sandbox/i.test(decoded);
}

/** A plain-text refusal that is never cached. */
function refuse(response: Response | IncomingMessage['socket'], status: number, text: string): void {
  if (!('writeHead' in response)) {
    response.destroy();
    return;
  }
  if (response.headersSent) {
    response.destroy();
    return;
  }
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
  });
  response.end(text);
}

/**
 * Express middleware (mounted at `/api`) forwarding to `upstream` (a URL). The upstream answer streams
 * back as it comes; one that does not start within `timeoutMs` is abandoned with a 504, one that fails
 * with a 502, and a shopper who leaves stops the call. The sandbox's control API (`/__sandbox`) is
 * refused (404).
 */
export function servicesProxy({
  upstream,
  timeoutMs,
}: {
  upstream: string;
  timeoutMs: number;
}): RequestHandler[] {
  const timedOut = new WeakSet<IncomingMessage>();
  const calls = new WeakMap<IncomingMessage, ClientRequest>();

  const guard: RequestHandler = (request, response, next) => {
    if (isSandboxControl(request.path)) {
      refuse(response, 404, 'Not found: the services host’s control API is not served here');
      return;
    }
    // What crosses: the client's end-to-end headers and this proxy's own forwarding headers.
    const { headers } = request;
    const host = String(headers.host ?? '');
    dropHopByHop(headers);
    headers['x-forwarded-proto'] = request.protocol;
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
    next();
  };

  const proxy = createProxyMiddleware<Request, Response>({
    target: upstream,
    changeOrigin: true,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (call, request, response) => {
        calls.set(request, call);
        // The body was read whole before the call opened (limits.ts): it goes out with its length.
        const body = bufferedBodyOf(request);
        if (body && body.length > 0) {
          call.removeHeader('transfer-encoding');
          call.setHeader('content-length', body.length);
          call.write(body);
        }
        call.on('timeout', () => timedOut.add(request));
        // A shopper who leaves stops the call; a services host that fails mid-answer cuts the answer.
        response.on('close', () => {
          if (!response.writableFinished) call.destroy();
        });
      },
      proxyRes: (answer, request) => {
        // The limit is on the answer's start: a long answer streams as it comes.
        calls.get(request)?.setTimeout(0);
        dropHopByHop(answer.headers);
        answer.headers['x-content-type-options'] = 'nosniff';
      },
      error: (_error, request, response) =>
        timedOut.has(request)
          ? refuse(response, 504, 'The services host did not answer in time')
          : refuse(response, 502, 'The services host did not answer'),
    },
  });
  return [guard, proxy];
}

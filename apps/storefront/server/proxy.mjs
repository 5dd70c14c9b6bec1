// The services host on the storefront's own origin (`/api`): no CORS preflight and no second
// connection before the first screen. Every upstream call has a time limit and is aborted (its socket
// freed) when the shopper leaves or the services host stops answering.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

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
  'host',
  // Set by this proxy, never taken from the client.
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
]);

/** Headers minus the hop-by-hop ones, including any the `Connection` header names. */
function endToEnd(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.has(name.toLowerCase()) && !named.includes(name.toLowerCase()),
    ),
  );
}

/**
 * Whether a path is the sandbox's control API (`/__sandbox/...`: resets, faults, OTPs), percent-encoded
 * or not: that is for tests on the services host itself, never for the storefront's visitors.
 */
function isSandboxControl(path) {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: checked as written.
  }
  return /^\/*__sandbox/i.test(decoded);
}

/**
 * Express middleware forwarding `/api/...` to `upstream` (a URL). The upstream answer streams back as
 * it comes; one that does not start within `timeoutMs` is abandoned with a 504, one that fails with a
 * 502, and a shopper who leaves stops the call. The sandbox's control API (`/__sandbox`) is refused (404).
 */
export function servicesProxy({ upstream, timeoutMs }) {
  const target = new URL(upstream);
  const secure = target.protocol === 'https:';
  const basePath = target.pathname.replace(/\/$/, '');
  return (request, response) => {
    const url = new URL(request.originalUrl, 'http://x');
    const path = url.pathname.slice(PROXY_PATH.length) || '/';
    if (isSandboxControl(path)) {
      response.writeHead(404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      });
      response.end('Not found: the services host’s control API is not served here');
      return;
    }
    const outgoing = (secure ? httpsRequest : httpRequest)(
      {
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port || (secure ? 443 : 80),
        method: request.method,
        path: `${basePath}${path}${url.search}`,
        headers: {
          ...endToEnd(request.headers),
          host: target.host,
          'x-forwarded-proto': request.protocol,
          'x-forwarded-host': String(request.headers.host ?? ''),
          'x-forwarded-for': request.socket.remoteAddress ?? '',
        },
        timeout: timeoutMs,
      },
      (answer) => {
        outgoing.setTimeout(0);
        response.writeHead(answer.statusCode ?? 502, {
          ...endToEnd(answer.headers),
          'x-content-type-options': 'nosniff',
        });
        answer.pipe(response);
      },
    );
    const fail = (status, text) => {
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
    };
    outgoing.on('timeout', () => {
      outgoing.destroy();
      fail(504, 'The services host did not answer in time');
    });
    outgoing.on('error', () => fail(502, 'The services host did not answer'));
    // A shopper who leaves stops the call; a services host that fails mid-answer cuts the answer.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    request.pipe(outgoing);
  };
}

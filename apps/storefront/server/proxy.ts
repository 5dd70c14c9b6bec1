// The services host on the storefront's own origin (`/api`): no CORS preflight and no second
// connection before the first screen. The forwarding is http-proxy-middleware's; what is ours is which
// headers cross, the time limit's answer, and that the sandbox's control API never does.
import type { ClientRequest, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, type Options, responseInterceptor } from 'http-proxy-middleware';
import { bufferedBodyOf, replaceBufferedBody } from './limits.ts';
import {
  clearedCookieLines,
  isCopyOf,
  realCookieLines,
  realTokens,
  takeGrant,
  withoutRealCookies,
} from './session-tokens.ts';

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
  return routedPath(path).startsWith('/__sandbox');
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
 * A path as the services host routes it: decoded, one slash at a time, its dot segments resolved (as
 * a URL parser there does: `/./__sandbox` and `/x/../__sandbox` are `/__sandbox`), lower case.
 */
function routedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Malformed escapes: compared as written.
  }
  const collapsed = decoded.replace(/\/+/g, '/');
  let resolved = collapsed;
  try {
    resolved = new URL(collapsed, 'http://services-host.invalid').pathname;
  } catch {
    // Not a path a URL takes: compared as written.
  }
  return resolved.toLowerCase();
}

const REFRESH_PATH = '/ums/rest/v3/refresh-token';
const LOGOUT_PATH = '/ums/rest/v3/session-logout';

/**
 * Whether an answer may carry a token grant (sign-in, sign-up, device check, code sign-in, refresh:
 * all POSTs of the accounts service). Only these are read whole; every other answer streams.
 */
const mayCarryGrant = (request: Request) =>
  request.method === 'POST' && routedPath(request.path).startsWith('/ums/');

/**
 * Whether the browser says the call came from another site (`Sec-Fetch-Site`, else `Origin`): such a
 * call never gets the session's tokens attached (SameSite=Strict already keeps the cookies from it).
 */
function crossSite(request: Request): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = request.headers.origin;
  // The page's own origin as the shopper's browser addressed it (behind a proxy: its X-Forwarded-*).
  return origin !== undefined && origin !== `${request.protocol}://${request.host}`;
}

/** What the proxy did with a call's tokens, for its answer. */
interface Swapped {
  /** The page is on https (read before the forwarding headers are replaced). */
  secure: boolean;
  /** The real refresh token sent in a refresh (null when none was swapped in). */
  refresh: string | null;
  logout: boolean;
}

/**
 * Puts the real tokens (HttpOnly cookies) where the page sent its copies: the access token's copy in
 * `Authorization`, the refresh token's in a refresh, the id token's in a sign-out. A copy that is not
 * the cookie's goes on as it is (the services host refuses it, as an expired token). Returns null when
 * a token would be attached to a call from another site (refused), else what was swapped.
 */
function attachTokens(request: Request): Swapped | null {
  const secure = request.protocol === 'https';
  const real = realTokens(request.headers.cookie, secure);
  const path = routedPath(request.path);
  // A sign-out ends the session here too, unless another site sent it (nothing of the shopper's ends).
  const swapped: Swapped = {
    secure,
    refresh: null,
    logout: request.method === 'POST' && path === LOGOUT_PATH && !crossSite(request),
  };
  let attached = false;
  const bearer = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
  if (bearer && isCopyOf(bearer[1], real.access)) {
    request.headers.authorization = `Bearer ${real.access}`;
    attached = true;
  }
  const field = path === REFRESH_PATH ? 'refresh_token' : path === LOGOUT_PATH ? 'id_token_hint' : null;
  const body = bufferedBodyOf(request);
  if (request.method === 'POST' && field && body && body.length > 0) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = null; // Not JSON: the services host says what is wrong with it.
    }
    const record = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
    const copy = record?.[field];
    // A refresh may come with the copy of the token the last refresh replaced (its answer was cut off).
    const held = [...(field === 'refresh_token' ? [real.refresh, real.previousRefresh] : [real.id])].find(
      (token) => typeof copy === 'string' && isCopyOf(copy, token),
    );
    if (record && held) {
      replaceBufferedBody(request, Buffer.from(JSON.stringify({ ...record, [field]: held })));
      if (field === 'refresh_token') swapped.refresh = held;
      attached = true;
    }
  }
  if (attached && crossSite(request)) return null;
  // The real tokens go only where they were swapped in, never as cookies to the services host.
  if (request.headers.cookie !== undefined) {
    const rest = withoutRealCookies(request.headers.cookie);
    if (rest) request.headers.cookie = rest;
    else delete request.headers.cookie;
  }
  return swapped;
}

/**
 * Express middleware (mounted at `/api`) forwarding to `upstream` (a URL). The upstream answer streams
 * back as it comes; one that does not start within `timeoutMs` is abandoned with a 504, one that fails
 * with a 502, and a shopper who leaves stops the call. The sandbox's control API (`/__sandbox`) is
 * refused (404). The session's tokens are the server's (session-tokens.ts): the page's copies are
 * swapped for the real ones here, and the grants in the accounts service's answers are stored as
 * HttpOnly cookies and reach the page only as copies.
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
  const swaps = new WeakMap<IncomingMessage, Swapped>();

  const guard: RequestHandler = (request, response, next) => {
    if (isSandboxControl(request.path)) {
      refuse(response, 404, 'Not found: the services host’s control API is not served here');
      return;
    }
    const swapped = attachTokens(request);
    if (!swapped) {
      refuse(response, 403, 'Forbidden: the session is used only by this site’s own pages');
      return;
    }
    swaps.set(request, swapped);
    // What crosses: the client's end-to-end headers and this proxy's own forwarding headers (the
    // scheme read first: behind a trusted proxy it comes from the X-Forwarded-Proto dropped here).
    const { headers } = request;
    const host = String(headers.host ?? '');
    const protocol = request.protocol;
    dropHopByHop(headers);
    headers['x-forwarded-proto'] = protocol;
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
    next();
  };

  /** The answer's headers as they cross (both proxies). */
  const answerHeaders = (answer: IncomingMessage, request: IncomingMessage) => {
    // The limit is on the answer's start: a long answer streams as it comes.
    calls.get(request)?.setTimeout(0);
    dropHopByHop(answer.headers);
    answer.headers['x-content-type-options'] = 'nosniff';
  };

  const common = (
    proxyRes: NonNullable<NonNullable<Options<Request, Response>['on']>['proxyRes']>,
    selfHandleResponse: boolean,
  ): Options<Request, Response> => ({
    target: upstream,
    changeOrigin: true,
    proxyTimeout: timeoutMs,
    selfHandleResponse,
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
      proxyRes,
      error: (_error, request, response) =>
        timedOut.has(request)
          ? refuse(response, 504, 'The services host did not answer in time')
          : refuse(response, 502, 'The services host did not answer'),
    },
  });

  const streaming = createProxyMiddleware<Request, Response>(common(answerHeaders, false));

  const storeGrants = responseInterceptor<Request, Response>(async (buffer, answer, request, response) => {
    const swapped = swaps.get(request);
    const secure = swapped?.secure ?? false;
    const status = answer.statusCode ?? 0;
    // Any grant is redacted, whatever the status: a usable token never reaches the page.
    const { body, grant } = takeGrant(buffer);
    if (grant) response.setHeader('Cache-Control', 'no-store');
    if (grant && status >= 200 && status < 300)
      response.appendHeader('Set-Cookie', realCookieLines(grant, secure, swapped?.refresh));
    // Signed out, or the real refresh token refused: the session is over here too (as the page's
    // token store clears on both).
    else if (swapped?.logout || (swapped?.refresh && [400, 401, 403].includes(status)))
      response.appendHeader('Set-Cookie', clearedCookieLines(secure));
    return body;
  });
  const intercepting = createProxyMiddleware<Request, Response>(
    common((answer, request, response) => {
      answerHeaders(answer, request);
      return storeGrants(answer, request, response);
    }, true),
  );

  const dispatch: RequestHandler = (request, response, next) =>
    (mayCarryGrant(request) ? intercepting : streaming)(request, response, next);
  return [guard, dispatch];
}

import { MarketApiError } from './errors.ts';
import type { RequestDraft, RequestMiddleware } from './middleware.ts';
import type { RefreshCoordinator, SessionEndReason } from './refresh.ts';
import type { TokenStore } from './tokens.ts';

/** Details given to `onHttpError`. */
export interface HttpErrorEvent {
  status: number;
  method: string;
  url: string;
  responseMessage: string;
}

/** Details given to `onReplayFailed`. */
export interface ReplayFailedEvent {
  method: string;
  url: string;
  /** The replay's status, or 0 when it got no answer. */
  status: number;
}

export interface TransportOptions {
  fetch: (request: Request) => Promise<Response>;
  middleware: readonly RequestMiddleware[];
  tokens: TokenStore;
  refresh: RefreshCoordinator;
  /** Return false to leave a 401 alone (the storefront does so on /signin). */
  shouldRefresh: (request: Request) => boolean;
  onSessionEnded: (reason: SessionEndReason) => void;
  onReplayFailed: (event: ReplayFailedEvent) => void;
  onHttpError: (event: HttpErrorEvent) => void;
}

/**
 * Paths whose 401 means "wrong credentials", never "expired session": they are not refreshed and
 * never end a session.
 */
const CREDENTIAL_PATH =
  /^\/ums\/rest\/v3\/(refresh-token|login|login-otp|signup|otp\/.*|forgot-password|reset-password|device-otp.*|self-unlock|session-logout)$/;

interface Template {
  method: string;
  url: string;
  headers: Headers;
  body: ArrayBuffer | null;
  signal: AbortSignal;
  credentials: RequestCredentials;
}

/**
 * The `fetch` the openapi-fetch client runs on. Buffers the body once (so a replay is
 * byte-identical), runs the middleware chain on every send, turns a 401 into one shared refresh and
 * one replay, and normalises replies: an unusable success reply becomes a thrown `MarketApiError`,
 * an error reply always carries the `{ response_message, response_body }` envelope.
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  async function send(template: Template): Promise<{ response: Response; sentToken: string | null }> {
    const draft: RequestDraft = {
      method: template.method,
      url: new URL(template.url),
      headers: new Headers(template.headers),
    };
    for (const step of options.middleware) step(draft);
    const request = new Request(draft.url, {
      method: template.method,
      headers: draft.headers,
      body: template.body,
      signal: template.signal,
      credentials: template.credentials,
    });
    const sentToken = draft.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
    try {
      return { response: await options.fetch(request), sentToken };
    } catch (cause) {
      throw new MarketApiError({
        kind: 'network',
        status: 0,
        method: template.method,
        url: template.url,
        responseMessage: template.signal.aborted
          ? 'Request cancelled.'
          : 'Service unreachable. Check your connection.',
        cause,
      });
    }
  }

  return async function marketFetch(input: Request): Promise<Response> {
    const method = input.method.toUpperCase();
    const template: Template = {
      method,
      url: input.url,
      headers: new Headers(input.headers),
      body: method === 'GET' || method === 'HEAD' ? null : await input.arrayBuffer(),
      signal: input.signal,
      credentials: input.credentials,
    };
    const pathname = new URL(input.url).pathname;
    const refreshable = !CREDENTIAL_PATH.test(pathname) && options.shouldRefresh(input);

    // An expired access cookie with a live refresh token: renew before sending rather than after a 401.
    const held = options.tokens.get();
    if (refreshable && held && !held.accessToken && held.refreshToken) await options.refresh.refresh(null);

    const first = await send(template);
    if (first.response.status !== 401 || !refreshable) return finish(first.response, template);

    if (!options.tokens.get()) {
      // No session (any more). A guest is told once per 401; a session already ended stays quiet.
      if (first.sentToken === null) options.onSessionEnded('unauthenticated');
      return normalise(first.response, template);
    }

    const outcome = await options.refresh.refresh(first.sentToken);
    if (outcome.kind === 'rejected') return normalise(first.response, template);
    if (outcome.kind === 'unavailable') {
      throw new MarketApiError({
        kind: 'refresh-unavailable',
        status: 401,
        method,
        url: template.url,
        responseMessage: 'Session renewal failed. Try again shortly.',
        cause: outcome.cause,
      });
    }

    let replay: Awaited<ReturnType<typeof send>>;
    try {
      replay = await send(template);
    } catch (error) {
      options.onReplayFailed({ method, url: template.url, status: 0 });
      throw error;
    }
    if (replay.response.status === 401) {
      // No second refresh: the new token was refused too.
      options.onReplayFailed({ method, url: template.url, status: 401 });
      return normalise(replay.response, template);
    }
    return finish(replay.response, template);
  };

  async function finish(response: Response, template: Template): Promise<Response> {
    const normalised = await normalise(response, template);
    if (normalised.status >= 400) {
      const body = (await normalised.clone().json()) as { response_message: string };
      options.onHttpError({
        status: normalised.status,
        method: template.method,
        url: template.url,
        responseMessage: body.response_message,
      });
    }
    return normalised;
  }
}

const JSON_TYPE = /\bjson\b/i;
const TEXT_TYPE = /^text\/|html|xml/i;

async function normalise(response: Response, template: Template): Promise<Response> {
  if (response.status === 204 || template.method === 'HEAD') return response;
  const contentType = response.headers.get('Content-Type') ?? '';
  const isJson = JSON_TYPE.test(contentType);
  if (response.ok && !isJson && contentType !== '' && !TEXT_TYPE.test(contentType)) return response; // files

  const text = await response.text().catch(() => '');
  const parsed = parseJson(text);

  if (response.ok) {
    const problem = !text.trim()
      ? 'empty reply'
      : parsed === undefined
        ? 'invalid JSON'
        : !isEnvelope(parsed)
          ? 'unexpected shape'
          : '';
    if (problem) {
      throw new MarketApiError({
        kind: 'malformed',
        status: response.status,
        method: template.method,
        url: template.url,
        responseMessage: `The server sent an unusable reply (${problem}).`,
      });
    }
    return rebuild(response, text);
  }

  return rebuild(
    response,
    isErrorEnvelope(parsed)
      ? text
      : JSON.stringify({
          response_message: `The request failed (HTTP ${response.status}). Please try again.`,
          response_body: null,
          status_code: response.status,
        }),
  );
}

function rebuild(response: Response, text: string): Response {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  headers.set('Content-Type', 'application/json');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isEnvelope(value: unknown): value is { response_body: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'response_body' in value;
}

function isErrorEnvelope(value: unknown): value is { response_message: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { response_message?: unknown }).response_message === 'string'
  );
}

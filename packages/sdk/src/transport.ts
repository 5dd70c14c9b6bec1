import { MarketApiError, serverText } from './errors.ts';
import type { RequestDraft, RequestMiddleware } from './middleware.ts';
import type { RefreshCoordinator, RefreshOutcome, SessionEndReason } from './refresh.ts';
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
  /**
   * Sends without building a `Request` first (the global `fetch(url, init)`): used when no `fetch`
   * was given, since a `Request` that follows the caller's signal is the costliest step of a call.
   */
  fetchUrl?: (url: URL, init: RequestInit) => Promise<Response>;
  /** Path prefix of the services host (`/api` for `https://host/api`), stripped before path rules. */
  basePath: string;
  middleware: readonly RequestMiddleware[];
  tokens: TokenStore;
  refresh: RefreshCoordinator;
  /** Return false to leave a 401 alone (the storefront does so on /signin). */
  shouldRefresh: (request: Request) => boolean;
  onSessionEnded: (reason: SessionEndReason) => void;
  onReplayFailed: (event: ReplayFailedEvent) => void;
  onHttpError: (event: HttpErrorEvent) => void;
  /** Time limit of each send (the call, then its replay), to the last byte of its answer; 0: none. */
  timeoutMs: number;
}

/**
 * Paths whose 401 means "wrong credentials", never "expired session": they are not refreshed and
 * never end a session.
 */
const CREDENTIAL_PATH =
  /^\/ums\/rest\/v3\/(refresh-token|login|login-otp|signup|otp\/.*|forgot-password|reset-password|device-otp.*|self-unlock|session-logout)$/;

/** Request options carried over to every send (the URL, headers, body and signal are set per send). */
const COPIED_INIT = ['cache', 'credentials', 'keepalive', 'redirect'] as const satisfies ReadonlyArray<
  keyof RequestInit & keyof Request
>;

/** Statuses whose response has no body (a `Response` cannot even be built with one). */
const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The method of the request behind each response the transport produced (for `unwrap`'s errors). */
const requestMethods = new WeakMap<Response, string>();

/** The HTTP method of the request a transport response answers, when known. */
export function methodOf(response: Response): string | undefined {
  return requestMethods.get(response);
}

/**
 * What openapi-fetch builds for each call in place of a `Request` (its `Request` option), and the
 * template every send of the call (the first, and a replay) starts from. Building a platform `Request`
 * per call (with an `AbortSignal` that follows the caller's) costs more than the rest of the SDK's work.
 */
export class CallRequest {
  readonly method: string;
  readonly url: string;
  /** Never edited: every send copies it. */
  readonly headers: Headers;
  body: BodyInit | null;
  /** The caller's signal; none when the call was made without one. */
  readonly signal: AbortSignal | null;
  /** Options carried over to every send. */
  readonly init: RequestInit = {};
  constructor(url: string | URL, init: RequestInit) {
    this.method = (init.method ?? 'GET').toUpperCase();
    this.url = String(url);
    this.headers = new Headers(init.headers);
    this.body = init.body ?? null;
    this.signal = init.signal ?? null;
    for (const key of COPIED_INIT) if (init[key] !== undefined) this.init[key] = init[key] as never;
  }
}

type Template = CallRequest;

/** The transport: the client's `fetch`, and a refresh asked for by the app rather than by a 401. */
export interface Transport {
  (request: CallRequest): Promise<Response>;
  /** Renews the held session now, through the same single-flight refresh a 401 starts. */
  refreshSession(): Promise<RefreshOutcome>;
}

/**
 * The `fetch` the openapi-fetch client runs on. Buffers the body once (so a replay is
 * byte-identical), runs the middleware chain on every send, turns a 401 into one shared refresh and
 * one replay, and normalises replies: an unusable success reply becomes a thrown `MarketApiError`,
 * an error reply always carries the `{ response_message, response_body }` envelope.
 */
export function createTransport(options: TransportOptions): Transport {
  const { tokens } = options;
  // `onSessionEnded` fires on the change from "has a session" to "has none", once.
  let sessionEnded = false;
  function endSession(reason: SessionEndReason): void {
    tokens.clear();
    if (sessionEnded) return;
    sessionEnded = true;
    options.onSessionEnded(reason);
  }

  async function send(template: Template): Promise<{ response: Response; sentToken: string | null }> {
    const draft: RequestDraft = {
      method: template.method,
      url: new URL(template.url),
      headers: new Headers(template.headers),
    };
    for (const step of options.middleware) step(draft);
    const signal =
      options.timeoutMs > 0 ? limitedSignal(options.timeoutMs, template.signal) : template.signal;
    const init: RequestInit = {
      ...template.init,
      method: template.method,
      headers: draft.headers,
      body: template.body,
      ...(signal ? { signal } : {}),
    };
    const sentToken = draft.headers.get('Authorization')?.replace(/^Bearer /, '') ?? null;
    try {
      const response = options.fetchUrl
        ? options.fetchUrl(draft.url, init)
        : options.fetch(new Request(draft.url, init));
      return {
        response: await (signal && signal !== template.signal ? settledBy(response, signal) : response),
        sentToken,
      };
    } catch (cause) {
      // A refusal made before sending (a services host with nothing to resolve it against) stays one.
      throw cause instanceof MarketApiError && cause.kind === 'rule' ? cause : networkError(template, cause);
    }
  }

  async function waitForRefresh(stale: string | null, template: Template) {
    const outcome = await options.refresh.refresh(stale); // bounded by the refresh timeouts
    if (template.signal?.aborted) throw networkError(template, template.signal.reason);
    if (outcome.kind === 'unavailable') {
      throw new MarketApiError({
        kind: 'refresh-unavailable',
        status: 0,
        method: template.method,
        url: template.url,
        description: 'Session renewal failed.',
        cause: outcome.cause,
      });
    }
    if (outcome.kind === 'rejected') endSession('refresh-rejected');
    return outcome;
  }

  async function finish(response: Response, template: Template): Promise<Response> {
    const normalised = await normalise(response, template);
    if (normalised.status >= 400) {
      const body = template.method === 'HEAD' ? null : await normalised.clone().json();
      options.onHttpError({
        status: normalised.status,
        method: template.method,
        url: template.url,
        responseMessage: serverText((body as { response_message?: unknown } | null)?.response_message),
      });
    }
    return normalised;
  }

  /** Whether a 401 of this call may be answered with a refresh (asked only when it matters). */
  function refreshableOf(template: Template): boolean {
    const { pathname } = new URL(template.url);
    const path = pathname.startsWith(options.basePath) ? pathname.slice(options.basePath.length) : pathname;
    return (
      !CREDENTIAL_PATH.test(path) &&
      options.shouldRefresh(new Request(template.url, { method: template.method, headers: template.headers }))
    );
  }

  /**
   * The session's current tokens are replaced by new ones (the claims the server puts in them, such as
   * the shopper's name, are read afresh). A refresh already under way, in this tab or another, is
   * shared. No session: nothing is sent. A refused refresh ends the session as a 401's would.
   */
  async function refreshSession(): Promise<RefreshOutcome> {
    const held = tokens.get();
    if (!held?.refreshToken) return { kind: 'rejected' };
    sessionEnded = false;
    const outcome = await options.refresh.refresh(held.accessToken ?? null);
    if (outcome.kind === 'rejected') endSession('refresh-rejected');
    return outcome;
  }

  return Object.assign(marketFetch, { refreshSession });

  async function marketFetch(input: CallRequest): Promise<Response> {
    const template = input;
    const { method } = template;
    // A stream is read once here, so that a replay sends the same bytes.
    if (template.body instanceof ReadableStream)
      template.body = await new Response(template.body).arrayBuffer();
    let refreshable: boolean | undefined;
    const mayRefresh = () => (refreshable ??= refreshableOf(template));

    const held = tokens.get();
    if (held) sessionEnded = false;
    // An expired access cookie with a live refresh token: renew before sending rather than after a 401.
    if (held && !held.accessToken && held.refreshToken && mayRefresh()) await waitForRefresh(null, template);

    const first = await send(template);
    if (first.response.status !== 401 || !mayRefresh()) return finish(first.response, template);

    if (!tokens.get()) {
      endSession(first.sentToken === null ? 'unauthenticated' : 'ended-elsewhere');
      return normalise(first.response, template);
    }
    const outcome = await waitForRefresh(first.sentToken, template);
    if (outcome.kind === 'rejected') return normalise(first.response, template);
    if (!tokens.get()?.accessToken) {
      endSession('ended-elsewhere'); // signed out in another tab between the refresh and the replay
      return normalise(first.response, template);
    }
    void first.response.body?.cancel().catch(() => {});

    let replay: Awaited<ReturnType<typeof send>>;
    try {
      replay = await send(template);
    } catch (error) {
      if (!template.signal?.aborted) options.onReplayFailed({ method, url: template.url, status: 0 });
      throw error;
    }
    if (replay.response.status === 401) {
      // No second refresh: the new token was refused too.
      options.onReplayFailed({ method, url: template.url, status: 401 });
      return normalise(replay.response, template);
    }
    return finish(replay.response, template);
  }
}

/**
 * A signal that aborts with a `TimeoutError` after `ms`, or with the caller's reason when the caller
 * aborts first. It also covers reading the answer (the body follows the request's signal). Made by
 * hand: in Node a fetch holds `AbortSignal.timeout()`/`any()` signals only weakly, and one collected
 * before it fires never fires. The timer does not keep a Node process alive; firing after the answer
 * was read changes nothing.
 */
function limitedSignal(ms: number, caller: AbortSignal | null | undefined): AbortSignal {
  const controller = new AbortController();
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', () => controller.abort(caller.reason), { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError')),
    ms,
  );
  (timer as { unref?: () => void }).unref?.();
  return controller.signal;
}

/**
 * The answer, or the signal's reason once it aborts, whichever comes first: the limit holds even for a
 * `fetch` that does not honour the signal (or a `Request` whose copy of it was collected). An answer
 * that comes after that is discarded.
 */
function settledBy(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    answer.then(
      (response) => {
        signal.removeEventListener('abort', stop);
        if (signal.aborted) void response.body?.cancel().catch(() => {});
        else resolve(response);
      },
      (cause: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(cause);
      },
    );
  });
}

function networkError(template: Template, cause: unknown): MarketApiError {
  // The call's own time limit (`limitedSignal`), not the caller's abort: a kind of its own.
  if (!template.signal?.aborted && (cause as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new MarketApiError({
      kind: 'timeout',
      status: 0,
      method: template.method,
      url: template.url,
      description: 'The service took too long to answer.',
      cause,
    });
  }
  return new MarketApiError({
    kind: 'network',
    ...(template.signal?.aborted ? { code: 'REQUEST_CANCELLED' as const } : {}),
    status: 0,
    method: template.method,
    url: template.url,
    description: template.signal?.aborted ? 'Request cancelled.' : 'Service unreachable.',
    cause,
  });
}

const JSON_TYPE = /\bjson\b/i;
/** Content types a JSON call can get back when something in between answered instead of the API. */
const PAGE_TYPE = /^(text\/(html|plain)|application\/xhtml\+xml)\b/i;

async function normalise(response: Response, template: Template): Promise<Response> {
  if (template.method === 'HEAD' || NO_BODY_STATUS.has(response.status)) return response;
  const contentType = response.headers.get('Content-Type') ?? '';
  const isJson = JSON_TYPE.test(contentType);
  // Files (PDF invoices, downloads, images, CSV…) pass through untouched.
  if (response.ok && !isJson && contentType !== '' && !PAGE_TYPE.test(contentType)) return response;
  // A JSON success with a body (the common case) is checked as it is read, not copied first.
  if (response.ok && isJson && response.headers.get('Content-Length') !== '0') {
    return checkedOnRead(response, template);
  }

  const text = await readText(response.text.bind(response), template);
  const parsed = parseJson(text);

  if (response.ok) {
    checkSuccess(response, text, parsed, template);
    return rebuild(response, text, template);
  }

  if (isErrorEnvelope(parsed)) return rebuild(response, text, template);
  const fieldErrors = (parsed as { errors?: unknown } | undefined)?.errors;
  const envelope = {
    // The server said nothing: no words of ours stand in for it (`unwrap` describes the failure).
    response_message: '',
    response_body: null,
    status_code: response.status,
    ...(Array.isArray(fieldErrors) ? { errors: fieldErrors } : {}),
  };
  return rebuild(response, JSON.stringify(envelope), template);
}

async function readText(read: () => Promise<string>, template: Template): Promise<string> {
  try {
    return await read();
  } catch (cause) {
    throw networkError(template, cause);
  }
}

/** Throws `MarketApiError` (kind `malformed`) unless a success reply is a JSON envelope. */
function checkSuccess(response: Response, text: string, parsed: unknown, template: Template): void {
  const problem = !text.trim()
    ? 'empty reply'
    : parsed === undefined
      ? 'invalid JSON'
      : !isEnvelope(parsed)
        ? 'unexpected shape'
        : '';
  if (!problem) return;
  throw new MarketApiError({
    kind: 'malformed',
    status: response.status,
    method: template.method,
    url: template.url,
    description: `The server sent an unusable reply (${problem}).`,
  });
}

/** The ways openapi-fetch reads a reply (`parseAs`), each of them checked here. */
const READS = ['json', 'text', 'blob', 'arrayBuffer'] as const;

/**
 * The reply itself, with its first `json()`, `text()`, `blob()` or `arrayBuffer()` checking what it
 * reads: an unusable body rejects with the same `MarketApiError` as above (openapi-fetch passes it on
 * to the caller). No copy of the headers or the body is made, which is most of a call's cost in Node.
 * `clone()` before the first read and `body` (`parseAs: 'stream'`) give the bytes unchecked; a second
 * read fails as on any `Response`.
 */
function checkedOnRead(response: Response, template: Template): Response {
  const readBody = response.text.bind(response);
  let firstRead = true;
  const read = async (): Promise<{ text: string; parsed: unknown }> => {
    if (!firstRead) return { text: await readBody(), parsed: undefined }; // the platform's "body used"
    firstRead = false;
    const text = await readText(readBody, template);
    const parsed = parseJson(text);
    checkSuccess(response, text, parsed, template);
    return { text, parsed };
  };
  for (const name of READS) {
    Object.defineProperty(response, name, {
      configurable: true,
      value: async () => {
        const { text, parsed } = await read();
        if (name === 'json') return parsed;
        return name === 'text' ? text : new Response(text, { headers: response.headers })[name]();
      },
    });
  }
  requestMethods.set(response, template.method);
  return response;
}

function rebuild(response: Response, text: string, template: Template): Response {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  headers.set('Content-Type', 'application/json');
  const rebuilt = new Response(text, { status: response.status, statusText: response.statusText, headers });
  Object.defineProperty(rebuilt, 'url', { value: response.url || template.url });
  requestMethods.set(rebuilt, template.method);
  return rebuilt;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isEnvelope(value: unknown): value is { response_body: unknown } {
  return isObject(value) && 'response_body' in value;
}

function isErrorEnvelope(value: unknown): value is { response_message: string } {
  return isObject(value) && typeof value.response_message === 'string';
}

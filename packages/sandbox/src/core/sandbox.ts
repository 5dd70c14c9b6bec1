import type { components } from '@marketkit/sdk';
import { contractDocument } from '../contract/document.ts';
import { createContractValidator } from '../contract/validator.ts';
import { serveAsset } from '../http/assets.ts';
import { handleGateway } from '../http/gateway.ts';
import {
  envelope,
  errorEnvelope,
  escapeHtml,
  htmlPage,
  isControlPath,
  json,
  withCors,
} from '../http/responses.ts';
import { createDefaultSeed } from '../seed/default-seed.ts';
import type { SandboxSeed } from '../seed/model.ts';
import { contractHandlers } from '../services/index.ts';
import { KEYED_WRITES } from '../services/keyed-writes.ts';
import { defaultPreferences } from '../services/ums.ts';
import { createChangeQueue, PersistenceError } from './change-queue.ts';
import { indexSeed, type Principal, type SandboxConfig, type SandboxContext } from './context.ts';
import { isControlHost } from './control-hosts.ts';
import { hashPassword, peekJwtPayload, randomId } from './crypto.ts';
import { SandboxError } from './errors.ts';
import { createFaults, type FaultRule, type Faults } from './faults.ts';
import type { FileReply, JsonReply, OperationHandler } from './handler-types.ts';
import { createIdempotencyStore, newJournalMark } from './idempotency.ts';
import { resolveBearer } from './sessions.ts';
import { emptyState, type SandboxState, type StatePersistence } from './state.ts';
import { readStateFile } from './state-validation.ts';
import { applyStoreAction, type StoreAction } from './transitions.ts';

type FieldError = components['schemas']['FieldError'];

export interface SandboxOptions {
  /** The stores and catalogue (default: `createDefaultSeed()`). */
  seed?: SandboxSeed;
  /** Where state is kept; without it the sandbox lives in memory (MSW in unit tests). */
  persistence?: StatePersistence;
  /** Access-token lifetime in seconds (default 300). Use a few seconds to watch refreshes happen. */
  accessTokenTtlSeconds?: number;
  /** Refresh-token lifetime in seconds (default 30 days). */
  refreshTokenTtlSeconds?: number;
  /**
   * How long a refresh token that was just rotated away may still be used, in seconds (default 30).
   * Within the window a reuse gets a fresh grant for the same session (an answer lost to a reload, two
   * tabs racing); after it, a reuse ends the session. 0 ends the session on any reuse.
   */
  refreshReuseWindowSeconds?: number;
  /**
   * Answer the control API (`/__sandbox/*`: faults, OTPs, reset, expiring tokens, moving orders).
   * Off by default: those paths answer 403 (`/__sandbox/health` and `/__sandbox/openapi.json` stay
   * open). Turn it on for tests, the demo and local development only.
   */
  controlApi?: boolean;
  /**
   * Host names (besides `localhost`, `*.localhost`, `127.x.x.x` and `[::1]`) the control API answers
   * under, e.g. a container's service name. Any other `Host` gets 403: a page of another site that
   * points its DNS name at this machine cannot use it (DNS rebinding).
   */
  controlHosts?: readonly string[];
  /** The OTP every challenge uses (default `123456`), or `random`. Codes are always logged. */
  otp?: string;
  /** The clock (default: the real one). */
  now?: () => Date;
  /** Log lines (OTPs, refresh-token reuse, payments). Default: console.log. */
  log?: (line: string) => void;
  /** Faults active from the start. */
  faults?: FaultRule[];
  /** Extra latency on every contract call, in milliseconds. */
  latencyMs?: number;
  /** Public origin used in gateway URLs (default: the origin each request was sent to). */
  publicOrigin?: string;
}

/** A running sandbox: answers `Request`s with `Response`s, whatever the transport (MSW or HTTP). */
export interface Sandbox {
  /** Resolves once the state is loaded (or seeded). `handle` waits for it too. */
  readonly ready: Promise<void>;
  /** Answers any request: the contract, `/assets/*`, `/__gateway/*` and the `/__sandbox/*` control API. */
  handle(request: Request): Promise<Response>;
  /** The current state (read it; change it only through requests). */
  state(): SandboxState;
  /** Forgets everything shoppers did and starts again from the seed. */
  reset(): Promise<void>;
  readonly faults: Faults;
  /** Refuses every access token issued so far (and, with `refresh`, ends every session). */
  expireTokens(options?: { refresh?: boolean }): Promise<void>;
  /** Moves an order as the store's back office would (the allowed transitions in `ORDER_TRANSITIONS`). */
  storeAction(orderId: number, action: StoreAction): Promise<void>;
  /**
   * Moves the sandbox's clock forward by `seconds` (more than 0, at most a year): waits the services host
   * keeps — between codes, a refresh token's reuse window, token lifetimes, coupon dates — pass without
   * waiting in real time. The clock never goes back, not even on `reset()`. Returns the sandbox's time.
   */
  advanceClock(seconds: number): Date;
  /** The latest OTP sent to an e-mail or phone number (what a tester would read on their phone). */
  latestOtp(destination: string): string | undefined;
  /** Waits for pending saves. */
  flush(): Promise<void>;
  /** The settings this sandbox runs with (defaults filled in). */
  readonly config: SandboxConfig;
}

const DEFAULT_OTP = '123456';
/** The most `advanceClock` moves at once: a year. */
const MAX_ADVANCE_SECONDS = 366 * 86_400;
/** Default of `refreshReuseWindowSeconds`: Okta's default grace period for rotated refresh tokens. */
const DEFAULT_REFRESH_REUSE_WINDOW_SECONDS = 30;

async function seededState(seed: SandboxSeed, now: Date): Promise<SandboxState> {
  const state = emptyState(randomId(32));
  state.idempotency_journal = newJournalMark();
  let id = 1000;
  for (const store of seed.stores) {
    for (const customer of store.customers) {
      id += 1;
      state.customers.push({
        customer_id: id,
        store: store.name,
        first_name: customer.first_name,
        last_name: customer.last_name,
        email: customer.email,
        phone: customer.phone,
        extension: customer.extension,
        password_hash: customer.password ? await hashPassword(customer.password) : null,
        email_verified: customer.email !== null,
        phone_verified: customer.phone !== null,
        gender: null,
        date_of_birth: null,
        profile_image_path: null,
        created_at: now.toISOString(),
        locked: customer.locked ?? false,
        failed_logins: 0,
        device_verification: customer.device_verification ?? false,
        trusted_devices: [],
        preferences: defaultPreferences(store),
        consents: [],
      });
    }
  }
  state.counters.customer = 5000;
  return state;
}

/** Creates a sandbox. One implementation of the whole contract, for MSW handlers and the HTTP server alike. */
export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const seed = indexSeed(options.seed ?? createDefaultSeed());
  const clock = options.now ?? (() => new Date());
  // What advanceClock added: the sandbox's time is the clock's plus this.
  let advancedMs = 0;
  const now = () => new Date(clock().getTime() + advancedMs);
  const config: SandboxConfig = {
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 300,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 30 * 86_400,
    refreshReuseWindowSeconds: options.refreshReuseWindowSeconds ?? DEFAULT_REFRESH_REUSE_WINDOW_SECONDS,
    otp: options.otp ?? DEFAULT_OTP,
    controlApi: options.controlApi ?? false,
    controlHosts: options.controlHosts ?? [],
    log: options.log ?? ((line) => console.log(line)),
  };
  if (!Number.isFinite(config.refreshReuseWindowSeconds) || config.refreshReuseWindowSeconds < 0)
    throw new Error(`refreshReuseWindowSeconds must be 0 or more, got ${config.refreshReuseWindowSeconds}`);
  const validator = createContractValidator({ rejectUnknownQuery: false });
  const faults = createFaults(options.faults, options.latencyMs ?? 0);
  let state: SandboxState = emptyState('');
  const persistence = options.persistence;
  const keys = createIdempotencyStore();
  // With a journal, a save appends the keys it adds instead of rewriting them all (see idempotency.ts).
  const journaled = typeof persistence?.loadJournal === 'function';

  const serialize = () => {
    if (!journaled) {
      state.idempotency = keys.records();
      return { snapshot: JSON.stringify(state) };
    }
    const { journal, through } = keys.take(state.idempotency_journal.epoch, now());
    state.idempotency = [];
    state.idempotency_journal.through = through;
    return { snapshot: JSON.stringify(state), journal };
  };

  // One change at a time: handlers read, decide and write without interleaving (refresh-token rotation
  // and cart updates depend on it). A change is answered once it is saved; saves are grouped, and a
  // save that fails undoes its changes (they are answered as failed).
  const queue = createChangeQueue({
    persistence,
    serialize,
    restore: (serialized) => {
      state = JSON.parse(serialized) as SandboxState;
      if (journaled) keys.rollback(state.idempotency_journal.through);
      else keys.load(undefined, { epoch: '', through: 0 }, state.idempotency, now());
    },
    log: config.log,
  });
  const { exclusive, change } = queue;

  const ready = (async () => {
    const stored = await persistence?.load();
    if (stored !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(stored);
      } catch {
        parsed = undefined;
      }
      const read = readStateFile(parsed);
      if (!read)
        throw new Error(
          'The saved sandbox state is not a Marketkit sandbox state file; move it away or start with --reset',
        );
      state = read.state;
      for (const { collection, dropped, kept } of read.dropped)
        config.log(
          `[sandbox] the state file had ${dropped} invalid ${dropped === 1 ? 'entry' : 'entries'} in ${collection}: dropped (${kept} kept)`,
        );
      if (!state.idempotency_journal.epoch) state.idempotency_journal = newJournalMark();
      const journal = journaled ? await persistence?.loadJournal?.() : undefined;
      const embedded = state.idempotency.map((record) => ({
        ...record,
        reference:
          // Records of older files kept the whole first answer as `body`.
          'body' in record
            ? KEYED_WRITES[record.operation]?.reference((record as { body: unknown }).body)
            : record.reference,
      }));
      const { ignored } = keys.load(journal, state.idempotency_journal, embedded, now());
      if (ignored > 0)
        config.log(`[sandbox] ${ignored} idempotency journal line(s) of unsaved changes ignored`);
      queue.saved(JSON.stringify(state));
      return;
    }
    state = await seededState(options.seed ?? createDefaultSeed(), now());
    if (persistence) {
      const { snapshot, journal } = serialize();
      await persistence.save(snapshot, journal);
      queue.saved(snapshot);
    }
  })();

  const nextId = (counter: string, start: number) => {
    const value = Math.max(state.counters[counter] ?? start - 1, start - 1) + 1;
    state.counters[counter] = value;
    return value;
  };

  const contextFor = (request: Request, url: URL, principal: Principal | undefined): SandboxContext => ({
    request,
    url,
    origin: options.publicOrigin ?? url.origin,
    now: now(),
    language: (url.searchParams.get('language-code') ?? '').toLowerCase(),
    state,
    seed,
    config,
    principal,
    nextId,
  });

  async function principalFor(
    request: Request,
    security: Record<string, string[]>[],
  ): Promise<Principal | Response | undefined> {
    const authorization = request.headers.get('authorization');
    const allowsBearer = security.some((s) => 'bearerAuth' in s);
    const allowsRealm = security.some((s) => 'realmName' in s);
    const allowsAnonymous = security.some((s) => Object.keys(s).length === 0);
    if (authorization && allowsBearer) {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
      const resolved = token ? await resolveBearer(state, seed, token, now()) : 'malformed';
      if (typeof resolved !== 'string') return resolved;
      const message = {
        malformed: 'The access token is not valid',
        expired: 'Your session has expired',
        revoked: 'Your session has ended; sign in again',
        unknown: 'Your session has ended; sign in again',
      }[resolved];
      return errorEnvelope(401, message, undefined, {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${resolved}"`,
      });
    }
    const realm = request.headers.get('realmname');
    if (realm && allowsRealm) {
      const store = realm.endsWith('-customer')
        ? seed.storeByName(realm.slice(0, -'-customer'.length))
        : undefined;
      if (!store) return errorEnvelope(401, `Unknown store realm ${realm}`);
      return { kind: 'guest', store };
    }
    if (allowsAnonymous || security.length === 0) return undefined;
    return errorEnvelope(
      401,
      allowsRealm ? 'Send a bearer token or the store realm name' : 'Sign in to continue',
      undefined,
      { 'WWW-Authenticate': 'Bearer' },
    );
  }

  async function readBody(request: Request): Promise<{ body?: unknown; error?: Response }> {
    if (request.method === 'GET' || request.method === 'HEAD') return {};
    const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
    if (type === 'multipart/form-data') {
      try {
        return { body: await request.formData() };
      } catch {
        return { error: errorEnvelope(400, 'The form data could not be read') };
      }
    }
    const text = await request.text();
    if (text.length === 0) return {};
    try {
      return { body: JSON.parse(text) };
    } catch {
      return { error: errorEnvelope(400, 'The request body is not valid JSON') };
    }
  }

  async function handleContract(request: Request, url: URL): Promise<Response | undefined> {
    const { body, error } = await readBody(request);
    const checked = validator.checkRequest({
      method: request.method,
      url,
      headers: request.headers,
      body,
      contentType: request.headers.get('content-type'),
    });
    if (!checked.operation) return undefined;
    if (error) return error;
    const operation = checked.operation;
    const problems = checked.violations.filter((v) => v.location !== 'header.authorization');
    if (problems.length > 0) {
      const errors: FieldError[] = problems.map((v) => ({
        field: v.location.replace(/^body\/?/, '').replace(/\//g, '.') || 'body',
        code: v.code ?? 'INVALID',
        ...(v.limit !== undefined ? { limit: v.limit } : {}),
        message: v.message,
      }));
      return errorEnvelope(
        400,
        `The request is not valid: ${errors[0]?.field} ${errors[0]?.message}`,
        errors,
      );
    }
    const handler = contractHandlers[
      operation.operationId as keyof typeof contractHandlers
    ] as unknown as OperationHandler<unknown>;
    const mutating = request.method !== 'GET';
    const run = async (): Promise<Response> => {
      const principal = await principalFor(request, operation.operation.security ?? []);
      if (principal instanceof Response) return principal;
      const keyed = principal?.kind === 'customer' ? KEYED_WRITES[operation.operationId] : undefined;
      const idempotencyKey = keyed ? request.headers.get('idempotency-key') : null;
      let scope = '';
      if (keyed && idempotencyKey && principal?.kind === 'customer') {
        scope = await keyed.scope({ operationId: operation.operationId, path: checked.path, body });
        const seen = keys.find(principal.customer.customer_id, idempotencyKey, now());
        if (seen && (seen.operation !== operation.operationId || seen.scope !== scope))
          throw new SandboxError(422, keyed.refusal);
        // The first answer's outcome again; nothing is changed a second time.
        if (seen) {
          const replayed = keyed.replay(seen, contextFor(request, url, principal));
          return envelope(replayed.body, replayed.message ?? 'Success');
        }
      }
      const context = contextFor(request, url, principal);
      const reply = (await handler({ query: checked.query, path: checked.path, body } as never, context)) as
        | JsonReply<unknown>
        | FileReply;
      if (reply.kind === 'file') {
        return new Response(reply.body as BodyInit, {
          headers: {
            'Content-Type': reply.contentType,
            'Content-Disposition': `attachment; filename="${reply.filename.replace(/["\\\r\n]/g, '')}"`,
            ...(reply.size !== undefined ? { 'Content-Length': String(reply.size) } : {}),
            'Cache-Control': 'private, no-store',
          },
        });
      }
      if (keyed && idempotencyKey && principal?.kind === 'customer')
        keys.remember(
          {
            key: idempotencyKey,
            scope,
            customer_id: principal.customer.customer_id,
            operation: operation.operationId,
            status: 200,
            ...(reply.message !== undefined ? { message: reply.message } : {}),
            reference: keyed.reference(reply.body),
            created_at: context.now.toISOString(),
          },
          context.now,
        );
      return envelope(reply.body, reply.message);
    };
    try {
      // A refused change is saved too: it may have counted a failed sign-in or ended a session.
      return await (mutating ? change(run) : exclusive(run));
    } catch (caught) {
      if (caught instanceof SandboxError)
        return errorEnvelope(caught.status, caught.message, caught.fieldErrors);
      if (caught instanceof PersistenceError) return persistenceFailure(caught);
      config.log(
        `[sandbox] ${operation.operationId} failed: ${caught instanceof Error ? (caught.stack ?? caught.message) : String(caught)}`,
      );
      return errorEnvelope(500, 'The sandbox failed to handle this request');
    }
  }

  function persistenceFailure(error: PersistenceError) {
    config.log(`[sandbox] answered 500: ${error.message}`);
    return errorEnvelope(500, 'The sandbox could not save this change, so nothing was changed; try again');
  }

  const storeOfRequest = (request: Request) => {
    const realm = request.headers.get('realmname');
    if (realm?.endsWith('-customer')) return realm.slice(0, -'-customer'.length);
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const store = token ? peekJwtPayload(token)?.store : undefined;
    return typeof store === 'string' ? store : undefined;
  };

  function spoil(response: Response, kind: NonNullable<FaultRule['malformed']>) {
    switch (kind) {
      case 'empty':
        return new Response('', { status: 200, headers: { 'Content-Type': 'application/json' } });
      case 'html':
        return new Response('<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        });
      case 'truncated':
        return response.text().then(
          (text) =>
            new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
              status: response.status,
              headers: { 'Content-Type': 'application/json' },
            }),
        );
      default:
        return new Response('{"response_message": "Success", "response_body": {', {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        });
    }
  }

  async function control(request: Request, url: URL): Promise<Response | undefined> {
    const path = url.pathname;
    const body = async () => {
      const text = await request.text();
      return text ? (JSON.parse(text) as unknown) : {};
    };
    try {
      if (path === '/__sandbox' && request.method === 'GET') {
        return json(200, {
          stores: seed.stores.map((s) => ({
            name: s.name,
            store_id: s.store_id,
            display_name: s.display_name,
            store_status: s.status,
            settings_unavailable: s.settings_unavailable ?? false,
            products: s.products.length,
          })),
          access_token_ttl_seconds: config.accessTokenTtlSeconds,
          refresh_token_ttl_seconds: config.refreshTokenTtlSeconds,
          refresh_reuse_window_seconds: config.refreshReuseWindowSeconds,
          control_api: config.controlApi,
          otp: config.otp === 'random' ? 'random (see the log)' : config.otp,
          faults: faults.list(),
        });
      }
      if (path === '/__sandbox/reset' && request.method === 'POST') {
        await sandbox.reset();
        return json(200, { reset: true });
      }
      if (path === '/__sandbox/faults') {
        if (request.method === 'GET') return json(200, { faults: faults.list() });
        if (request.method === 'DELETE') {
          faults.clear();
          return json(200, { faults: [] });
        }
        const input = (await body()) as { faults?: FaultRule[] } & FaultRule;
        if (request.method === 'PUT') faults.replace(input.faults ?? []);
        else if (request.method === 'POST') faults.add(input);
        return json(200, { faults: faults.list() });
      }
      const faultId = /^\/__sandbox\/faults\/([^/]+)$/.exec(path)?.[1];
      if (faultId && request.method === 'DELETE')
        return faults.remove(faultId)
          ? json(200, { removed: faultId })
          : json(404, { error: 'No such fault' });
      if (path === '/__sandbox/expire-tokens' && request.method === 'POST') {
        const input = (await body()) as { refresh?: boolean };
        await sandbox.expireTokens({ refresh: input.refresh === true });
        return json(200, { expired: true, refresh: input.refresh === true });
      }
      if (path === '/__sandbox/clock') {
        if (request.method === 'GET') return json(200, { now: now().toISOString() });
        if (request.method === 'POST') {
          const input = (await body()) as { advanceSeconds?: unknown } | null;
          const seconds = input?.advanceSeconds;
          if (typeof seconds !== 'number' || !(seconds > 0 && seconds <= MAX_ADVANCE_SECONDS))
            return json(400, {
              error: `advanceSeconds must be a number of seconds above 0 and at most ${MAX_ADVANCE_SECONDS}`,
            });
          return json(200, { now: sandbox.advanceClock(seconds).toISOString() });
        }
      }
      if (path === '/__sandbox/otp' && request.method === 'GET') {
        const destination = url.searchParams.get('destination') ?? '';
        const code = sandbox.latestOtp(destination);
        return code
          ? json(200, { destination, otp: code })
          : json(404, { error: `No OTP was sent to ${destination}` });
      }
      const orderId = /^\/__sandbox\/orders\/(\d+)\/status$/.exec(path)?.[1];
      if (orderId && request.method === 'POST') {
        await sandbox.storeAction(Number(orderId), (await body()) as StoreAction);
        const order = state.orders.find((o) => o.order_id === Number(orderId));
        return json(200, {
          order_id: order?.order_id,
          order_status: order?.order_status,
          payment_status: order?.payment_status,
          request_status: order?.request_status,
        });
      }
      return undefined;
    } catch (caught) {
      const status =
        caught instanceof SandboxError ? caught.status : caught instanceof PersistenceError ? 500 : 400;
      return json(status, { error: caught instanceof Error ? caught.message : String(caught) });
    }
  }

  function landingPage(url: URL) {
    const rows = seed.stores
      .map(
        (s) =>
          `<tr><td><code>${escapeHtml(s.name)}</code></td><td>${s.store_id}</td><td>${escapeHtml(s.display_name)}</td><td>${s.status ? (s.settings_unavailable ? 'settings fail' : 'open') : 'closed (store_status false)'}</td><td>${s.products.length}</td><td>${s.customers.map((c) => escapeHtml(c.email ?? '')).join('<br>')}</td></tr>`,
      )
      .join('');
    return htmlPage(
      200,
      'Marketkit sandbox',
      `<h1>Marketkit sandbox services host</h1><p>Contract: <a href="${escapeHtml(url.origin)}/__sandbox/openapi.json">openapi.json</a> · control API: <code>/__sandbox</code> (${config.controlApi ? 'on' : 'off; start with <code>--control-api</code>'}). Password of every seeded shopper: <code>Password123</code>; OTP: <code>${escapeHtml(config.otp === 'random' ? 'printed in the log' : config.otp)}</code>.</p><table><tr><th>Store</th><th>Id</th><th>Name</th><th>Status</th><th>Products</th><th>Shoppers</th></tr>${rows}</table>`,
    );
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'OPTIONS') return new Response(null, { status: 204 });
    if (url.pathname.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD')) {
      return serveAsset(url.pathname, seed, state) ?? errorEnvelope(404, 'No such asset');
    }
    if (url.pathname.startsWith('/__gateway/')) {
      return (
        (await handleGateway(request, url, { state: () => state, seed, now, change, log: config.log })) ??
        errorEnvelope(404, 'No such gateway page')
      );
    }
    if (url.pathname === '/__sandbox/openapi.json') return json(200, contractDocument);
    if (url.pathname === '/__sandbox/health') return json(200, { status: 'ok', stores: seed.stores.length });
    if (isControlPath(url.pathname)) {
      if (!config.controlApi)
        return json(403, {
          error:
            'The control API is off. Start the sandbox with --control-api (or controlApi: true) to use /__sandbox/*; never on a shared host.',
        });
      if (!isControlHost(request.headers.get('Host'), config.controlHosts))
        return json(403, {
          error: `The control API answers only this machine's own host names (localhost, 127.0.0.1) and those given as controlHosts (--control-host); not ${request.headers.get('Host')}.`,
        });
      // No CORS answer stops a page of another site from *sending* a form-like POST: refuse its writes.
      const origin = request.headers.get('Origin');
      if (request.method !== 'GET' && origin !== null && origin !== url.origin)
        return json(403, { error: 'The control API takes no writes from pages of another origin.' });
      return (await control(request, url)) ?? errorEnvelope(404, 'No such control endpoint');
    }
    if (url.pathname === '/' && request.method === 'GET') return landingPage(url);

    const fault = faults.take(request.method, url.pathname, storeOfRequest(request));
    if (fault.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    const effect = fault.effect;
    if (effect?.drop) return Response.error();
    if (effect?.status !== undefined) {
      return errorEnvelope(effect.status, effect.message ?? `Injected fault: ${effect.status}`, undefined, {
        'X-Sandbox-Fault': effect.id ?? 'fault',
      });
    }
    const response =
      (await handleContract(request, url)) ??
      errorEnvelope(404, `${request.method} ${url.pathname} is not part of the services host`);
    return effect?.malformed ? spoil(response, effect.malformed) : response;
  }

  const sandbox: Sandbox = {
    ready,
    config,
    faults,
    async handle(request) {
      await ready;
      let response: Response;
      try {
        response = await route(request);
      } catch (caught) {
        if (!(caught instanceof PersistenceError)) throw caught;
        response = persistenceFailure(caught);
      }
      if (response.type === 'error') return response;
      return withCors(request, response);
    },
    state: () => state,
    async reset() {
      await ready;
      const fresh = await seededState(options.seed ?? createDefaultSeed(), now());
      await change(() => {
        state = fresh;
        keys.clear();
      });
      config.log('[sandbox] state reset to the seed');
    },
    async expireTokens(opts = {}) {
      await ready;
      await change(() => {
        state.tokens_not_before = now().getTime() + 1;
        if (opts.refresh)
          for (const session of state.sessions)
            if (!session.revoked_at)
              Object.assign(session, {
                revoked_at: now().toISOString(),
                revoked_reason: 'expired-by-tester',
              });
      });
    },
    async storeAction(orderId, action) {
      await ready;
      await change(() => {
        const order = state.orders.find((o) => o.order_id === orderId);
        if (!order) throw new SandboxError(404, `Order ${orderId} was not found`);
        applyStoreAction(order, action, now());
      });
    },
    advanceClock(seconds) {
      if (!(Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_ADVANCE_SECONDS))
        throw new Error(
          `advanceClock takes seconds above 0 and at most ${MAX_ADVANCE_SECONDS}, got ${seconds}`,
        );
      advancedMs += seconds * 1000;
      config.log(`[sandbox] clock moved ${seconds} s forward: ${now().toISOString()}`);
      return now();
    },
    latestOtp(destination) {
      const wanted = destination.trim().toLowerCase().replace(/\s+/g, '');
      const matches = state.otps.filter(
        (otp) => otp.identifier === wanted || `${otp.extension ?? ''}${otp.identifier}` === wanted,
      );
      return matches[matches.length - 1]?.code;
    },
    flush: () => queue.flush(),
  };
  return sandbox;
}

import {
  type BroadcastChannelLike,
  type CookieJar,
  createMarketClient,
  createMemoryTokenStore,
  type LockManagerLike,
  type MarketClientOptions,
  type TokenGrant,
} from '../src/index.ts';

/** A request as the fake services host saw it. */
export interface SeenRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
  /** The `x-test-id` header, to match replays with first attempts. */
  testId: string | null;
}

type RefreshMode = 'rotate' | 'reject' | 'network-error' | 'server-error' | 'hang' | 'malformed';

/**
 * A small stateful stand-in for the services host, used as the client's injected `fetch`. Access
 * tokens are opaque strings it issued; refresh tokens rotate and a reused one is refused (400).
 */
export function createFakeHost(origin = 'https://services.test') {
  const requests: SeenRequest[] = [];
  const validAccess = new Set<string>();
  const validRefresh = new Set<string>();
  let issued = 0;
  let refreshMode: RefreshMode = 'rotate';
  let refreshCalls = 0;
  let refreshDelayMs = 0;
  const overrides = new Map<string, (request: Request) => Response | Promise<Response>>();
  const refreshSignals: AbortSignal[] = [];

  function grant(): TokenGrant {
    issued += 1;
    const access = `access-${issued}`;
    const refresh = `refresh-${issued}`;
    validAccess.add(access);
    validRefresh.add(refresh);
    return {
      access_token: access,
      refresh_token: refresh,
      id_token: `id-${issued}`,
      expires_in: 300,
      refresh_expires_in: 1800,
    };
  }

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  /** Answers like a server would, except that an aborted request rejects the way `fetch` does. */
  function fetch(request: Request): Promise<Response> {
    if (request.signal.aborted) return Promise.reject(request.signal.reason);
    return new Promise<Response>((resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      answer(request).then(resolve, reject);
    });
  }

  async function answer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : await request.text();
    requests.push({
      method: request.method,
      url,
      headers: request.headers,
      body,
      testId: request.headers.get('x-test-id'),
    });
    await Promise.resolve();

    const override = overrides.get(`${request.method} ${url.pathname}`);
    if (override) return override(request);

    if (url.pathname === '/ums/rest/v3/refresh-token') {
      refreshCalls += 1;
      refreshSignals.push(request.signal);
      if (refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      switch (refreshMode) {
        case 'network-error':
          throw new TypeError('fetch failed');
        case 'server-error':
          return json(503, { response_message: 'Token service down', response_body: null });
        case 'malformed':
          return new Response('<html>oops</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
        case 'hang':
          return new Promise<Response>(() => {}); // never answers; only the caller's abort ends it
        case 'reject':
          return json(400, { response_message: 'Refresh token is not valid', response_body: null });
        case 'rotate': {
          const { refresh_token } = JSON.parse(body) as { refresh_token: string };
          if (!validRefresh.delete(refresh_token)) {
            validRefresh.clear(); // reuse detected: revoke the family
            return json(400, { response_message: 'Refresh token was already used', response_body: null });
          }
          return json(200, { response_message: 'Token refreshed', response_body: grant() });
        }
      }
    }

    const bearer = request.headers.get('Authorization')?.replace(/^Bearer /, '');
    if (url.pathname.startsWith('/cfs/') || url.pathname.startsWith('/ofs/')) {
      if (!bearer || !validAccess.has(bearer)) {
        return json(401, { response_message: 'Access token expired', response_body: null });
      }
    }
    if (url.pathname === '/ums/rest/v3/login') {
      return json(401, { response_message: 'Wrong username or password', response_body: null });
    }
    return json(200, { response_message: 'Success', response_body: { echo: body, path: url.pathname } });
  }

  return {
    origin,
    fetch,
    requests,
    grant,
    /** Makes every access token issued so far invalid (they "expired"). */
    expireAccessTokens: () => validAccess.clear(),
    setRefreshMode: (mode: RefreshMode) => {
      refreshMode = mode;
    },
    setRefreshDelay: (ms: number) => {
      refreshDelayMs = ms;
    },
    override: (key: string, handler: (request: Request) => Response | Promise<Response>) =>
      overrides.set(key, handler),
    refreshSignals,
    get refreshCalls() {
      return refreshCalls;
    },
  };
}

/** A browser-like cookie jar: honours `Expires` on read, keeps the raw strings written for inspection. */
export function createCookieJar(now: () => number = Date.now): CookieJar & { written: string[] } {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return [...values]
        .filter(([, entry]) => entry.expiresAt > now())
        .map(([name, entry]) => `${name}=${entry.value}`)
        .join('; ');
    },
    set cookie(raw: string) {
      written.push(raw);
      const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const expires = attributes.find((attribute) => attribute.toLowerCase().startsWith('expires='));
      values.set(pair.slice(0, separator), {
        value: pair.slice(separator + 1),
        expiresAt: expires ? Date.parse(expires.slice(8)) : Number.POSITIVE_INFINITY,
      });
    },
  };
}

/**
 * Cookies as two tabs of a real browser see them: writes land in the browser's store at once, but a
 * tab's `document.cookie` may keep serving its cached copy until it catches up (seen in Chromium right
 * after a Web Lock handoff). `cookieStore` reads the browser's store directly, like the Cookie Store API.
 */
export function createLaggingCookies() {
  const browser = createCookieJar();
  const tab = () => {
    let cached: string | null = null;
    return {
      get cookie() {
        return cached ?? browser.cookie;
      },
      set cookie(raw: string) {
        cached = null;
        browser.cookie = raw;
      },
      /** From now on this tab serves its cached copy until `catchUp()`. */
      freeze() {
        cached = browser.cookie;
      },
      catchUp() {
        cached = null;
      },
    };
  };
  const cookieStore = {
    async get(name: string) {
      const match = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(browser.cookie);
      return match?.[1] ? { value: match[1] } : null;
    },
  };
  return { browser, tab, cookieStore };
}

/**
 * An in-process stand-in for `BroadcastChannel`: every channel of the hub hears the others' messages
 * (never its own), asynchronously, as structured clones.
 */
export function createBroadcastHub() {
  const listeners = new Map<object, Array<(event: { data: unknown }) => void>>();
  const sent: unknown[] = [];
  return {
    sent,
    channel(): BroadcastChannelLike {
      const self = {};
      listeners.set(self, []);
      return {
        postMessage(message) {
          sent.push(message);
          for (const [owner, handlers] of listeners) {
            if (owner === self) continue;
            const data = structuredClone(message);
            for (const handler of handlers) setTimeout(() => handler({ data }), 0);
          }
        },
        addEventListener(_type, listener) {
          listeners.get(self)?.push(listener);
        },
      };
    },
  };
}

/**
 * An in-process stand-in for the Web Locks API shared by "tabs" of a test: one holder per name, FIFO
 * waiters, and a waiter whose signal aborts leaves the queue (as `navigator.locks` does).
 */
export function createLockManager(): LockManagerLike & {
  grants: number;
  hold(name: string, ms: number): void;
} {
  const queues = new Map<string, Array<() => void>>();
  const busy = new Set<string>();

  function acquire(name: string, signal?: AbortSignal): Promise<void> {
    if (!busy.has(name)) {
      busy.add(name);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = queues.get(name) ?? [];
      queues.set(name, queue);
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(grant);
    });
  }

  function release(name: string): void {
    const next = queues.get(name)?.shift();
    if (next) next();
    else busy.delete(name);
  }

  const manager = {
    grants: 0,
    async request<T>(
      name: string,
      options: { signal?: AbortSignal },
      callback: () => Promise<T>,
    ): Promise<T> {
      await acquire(name, options.signal);
      manager.grants += 1;
      try {
        return await callback();
      } finally {
        release(name);
      }
    },
    /** Another tab holds the lock for `ms`. */
    hold(name: string, ms: number) {
      void manager.request(name, {}, () => new Promise((resolve) => setTimeout(resolve, ms)));
    },
  };
  return manager;
}

/**
 * A real client over the fake host: no page origin, no cookies, no cross-tab lock unless the test
 * passes them, and a fresh memory token store.
 */
export function createTestClient(
  host: ReturnType<typeof createFakeHost>,
  options: Partial<MarketClientOptions> = {},
) {
  return createMarketClient({
    servicesHost: host.origin,
    store: 'demo',
    tokens: createMemoryTokenStore(),
    fetch: host.fetch,
    origin: null,
    cookies: null,
    locks: null,
    ...options,
  });
}

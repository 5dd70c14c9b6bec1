import { describe, expect, it, vi } from 'vitest';
import {
  createCookieTokenStore,
  createMemoryTokenStore,
  isMarketApiError,
  type MarketClientOptions,
  type TokenStore,
} from '../src/index.ts';
import {
  createBroadcastHub,
  createCookieJar,
  createFakeHost,
  createLaggingCookies,
  createLockManager,
  createTestClient,
} from './fake-host.ts';

function signedInClient(overrides: Partial<MarketClientOptions> = {}) {
  const host = createFakeHost();
  const tokens = createMemoryTokenStore();
  tokens.set(host.grant());
  const events = { sessionEnded: vi.fn(), replayFailed: vi.fn(), httpError: vi.fn() };
  const client = createTestClient(host, {
    tokens,
    onSessionEnded: events.sessionEnded,
    onReplayFailed: events.replayFailed,
    onHttpError: events.httpError,
    ...overrides,
  });
  return { host, tokens, client, events };
}

const addToCart = (client: ReturnType<typeof signedInClient>['client'], i: number) =>
  client.POST('/cfs/rest/v3/customer-cart', {
    headers: { 'x-test-id': String(i) },
    body: { customer_cart: [{ product: 1000 + i, cart_quantity: (i % 5) + 1 }] },
  });

describe('401 → refresh → replay', () => {
  it('[R1] 50 concurrent 401s cause exactly one refresh; each request is replayed once with an identical body', async () => {
    const { host, client, tokens, events } = signedInClient();
    host.expireAccessTokens();

    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => addToCart(client, i)));

    expect(host.refreshCalls).toBe(1);
    expect(results.every((result) => result.response.status === 200)).toBe(true);
    expect(tokens.get()?.accessToken).toBe('access-2');
    for (let i = 0; i < 50; i++) {
      const attempts = host.requests.filter((request) => request.testId === String(i));
      expect(attempts).toHaveLength(2);
      const [first, replay] = attempts;
      expect(first?.headers.get('Authorization')).toBe('Bearer access-1');
      expect(replay?.headers.get('Authorization')).toBe('Bearer access-2');
      expect(replay?.body).toBe(first?.body);
      expect(JSON.parse(replay?.body ?? '')).toEqual({
        customer_cart: [{ product: 1000 + i, cart_quantity: (i % 5) + 1 }],
      });
    }
    expect(events.sessionEnded).not.toHaveBeenCalled();
    expect(events.httpError).not.toHaveBeenCalled();
  });

  it('[R2] a refused refresh ends the session once and never refreshes again', async () => {
    const { host, client, tokens, events } = signedInClient();
    host.expireAccessTokens();
    host.setRefreshMode('reject');

    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => addToCart(client, i)));
    expect(results.every((result) => result.response.status === 401)).toBe(true);
    expect(host.refreshCalls).toBe(1);
    expect(events.sessionEnded).toHaveBeenCalledTimes(1);
    expect(events.sessionEnded).toHaveBeenCalledWith('refresh-rejected');
    expect(tokens.get()).toBeNull();

    // Later calls go out as a guest; nothing loops.
    await addToCart(client, 99);
    await client.GET('/pbs/rest/v3/languages');
    expect(host.refreshCalls).toBe(1);
    expect(host.requests.at(-1)?.headers.get('realmname')).toBe('demo-customer');
  });

  it.each([
    ['network-error', 'the token endpoint is unreachable'],
    ['server-error', 'the token endpoint answers 5xx'],
    ['malformed', 'the token endpoint answers an HTML page'],
  ] as const)('[R3] keeps the session when %s (%s)', async (mode, _situation) => {
    const { host, client, tokens, events } = signedInClient();
    host.expireAccessTokens();
    host.setRefreshMode(mode);

    const error = await addToCart(client, 1).catch((caught: unknown) => caught);
    expect(isMarketApiError(error) && [error.kind, error.status]).toEqual(['refresh-unavailable', 0]);
    expect(host.refreshCalls).toBe(1);
    expect(host.requests.filter((request) => request.testId === '1')).toHaveLength(1); // no replay
    expect(tokens.get()?.refreshToken).toBe('refresh-1');
    expect(events.sessionEnded).not.toHaveBeenCalled();

    // Once the endpoint is back, the same session recovers.
    host.setRefreshMode('rotate');
    const retry = await addToCart(client, 2);
    expect(retry.response.status).toBe(200);
  });

  it('[R4] aborts a refresh that hangs after the configured bound and keeps the session', async () => {
    const { host, client, tokens, events } = signedInClient({ refreshTimeoutMs: 50 });
    host.expireAccessTokens();
    host.setRefreshMode('hang');

    const error = await addToCart(client, 1).catch((caught: unknown) => caught);
    expect(isMarketApiError(error) && error.kind).toBe('refresh-unavailable');
    expect(tokens.get()?.refreshToken).toBe('refresh-1');
    expect(events.sessionEnded).not.toHaveBeenCalled();
  });

  it('a 401 on the replay fires onReplayFailed and never starts a second refresh', async () => {
    const { host, client, events } = signedInClient();
    host.expireAccessTokens();
    let cartCalls = 0;
    host.override('GET /cfs/rest/v3/customer-cart', () => {
      cartCalls += 1;
      return new Response(JSON.stringify({ response_message: 'Not allowed', response_body: null }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    });

    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(401);
    expect(cartCalls).toBe(2);
    expect(host.refreshCalls).toBe(1);
    expect(events.replayFailed).toHaveBeenCalledTimes(1);
    expect(events.replayFailed).toHaveBeenCalledWith(expect.objectContaining({ status: 401, method: 'GET' }));
  });

  it('a 401 for a token that was replaced meanwhile is replayed with the new token, without a refresh', async () => {
    const { host, client, tokens } = signedInClient();
    let calls = 0;
    host.override('GET /cfs/rest/v3/ai-configuration', () => {
      calls += 1;
      if (calls === 1) {
        tokens.set(host.grant()); // another tab refreshed while this request was in flight
        return new Response(JSON.stringify({ response_message: 'expired', response_body: null }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return new Response(
        JSON.stringify({ response_message: 'ok', response_body: { ai_configuration: [] } }),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      );
    });
    const result = await client.GET('/cfs/rest/v3/ai-configuration');
    expect(result.response.status).toBe(200);
    expect(host.refreshCalls).toBe(0);
    expect(host.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('a guest 401 ends the (absent) session without a refresh call', async () => {
    const host = createFakeHost();
    const sessionEnded = vi.fn();
    const client = createTestClient(host, { onSessionEnded: sessionEnded });
    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(401);
    expect(host.refreshCalls).toBe(0);
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('unauthenticated');
  });

  it('leaves a 401 alone when shouldRefresh says so (the sign-in page) and reports it as an HTTP error', async () => {
    const { host, client, tokens, events } = signedInClient({ shouldRefresh: () => false });
    host.expireAccessTokens();
    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(401);
    expect(host.refreshCalls).toBe(0);
    expect(tokens.get()?.accessToken).toBe('access-1');
    expect(events.httpError).toHaveBeenCalledWith(expect.objectContaining({ status: 401 }));
  });

  it('asks shouldRefresh only when a 401 comes, with the Request of the call', async () => {
    const asked: Request[] = [];
    const { host, client } = signedInClient({
      shouldRefresh: (request) => {
        asked.push(request);
        return true;
      },
    });
    await client.GET('/cfs/rest/v3/customer-cart');
    expect(asked).toHaveLength(0);
    host.expireAccessTokens();
    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(200);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toBeInstanceOf(Request);
    expect([asked[0]?.method, new URL(asked[0]?.url ?? '').pathname]).toEqual([
      'GET',
      '/cfs/rest/v3/customer-cart',
    ]);
  });

  it.each([
    [
      'a multipart form',
      () => {
        const form = new FormData();
        form.set('image', new Blob(['\x89PNG fake bytes'], { type: 'image/png' }), 'me.png');
        return form;
      },
    ],
    ['a stream', () => new Blob(['{"streamed":true}']).stream()],
  ])('replays %s body with the same content after a refresh', async (kind, makeBody) => {
    const { host, client } = signedInClient();
    host.expireAccessTokens();
    const result = await client.POST('/cfs/rest/v3/customer-cart', {
      headers: { 'x-test-id': 'upload' },
      body: makeBody() as never,
      bodySerializer: (body) => body as never,
      ...({ duplex: 'half' } as object),
    });
    expect(result.response.status).toBe(200);
    const attempts = host.requests.filter((request) => request.testId === 'upload');
    expect(attempts).toHaveLength(2);
    // A form is encoded again for each send: the same parts, under a boundary of its own.
    const parts = (body = '') => body.replaceAll(/-+formdata-[\w-]+/g, '--boundary');
    const [first, replay] = attempts.map((attempt) => parts(attempt.body));
    expect(first).toMatch(
      kind === 'a stream' ? /^\{"streamed":true\}$/ : /filename="me.png"[\s\S]*PNG fake bytes/,
    );
    expect(replay).toBe(first);
  });

  it('never treats a wrong password (401 from login) as an expired session', async () => {
    const { host, client, tokens, events } = signedInClient();
    const result = await client.POST('/ums/rest/v3/login', {
      body: { username: 'a@b.test', password: 'wrong-password' },
    });
    expect(result.response.status).toBe(401);
    expect(result.error?.response_message).toBe('Wrong username or password');
    expect(host.refreshCalls).toBe(0);
    expect(tokens.get()).not.toBeNull();
    expect(events.sessionEnded).not.toHaveBeenCalled();
  });

  it('renews before sending when the access cookie expired but the refresh token is alive', async () => {
    let now = Date.parse('2026-11-21T10:00:00Z');
    const jar = createCookieJar(() => now);
    const host = createFakeHost();
    const tokens = createCookieTokenStore({ document: jar, now: () => now });
    tokens.set({ ...host.grant(), expires_in: 60 });
    now += 61_000; // the access cookie is gone, the refresh cookie is not
    expect(tokens.get()).toEqual({ accessToken: null, refreshToken: 'refresh-1', idToken: 'id-1' });

    const client = createTestClient(host, { tokens });
    const result = await client.GET('/cfs/rest/v3/customer-cart');
    expect(result.response.status).toBe(200);
    expect(host.refreshCalls).toBe(1);
    expect(
      host.requests.filter((request) => request.url.pathname === '/cfs/rest/v3/customer-cart'),
    ).toHaveLength(1);
  });
});

describe('two tabs of the same store', () => {
  function tab(
    host: ReturnType<typeof createFakeHost>,
    tokens: TokenStore,
    locks: ReturnType<typeof createLockManager>,
  ) {
    return createTestClient(host, { tokens, locks });
  }

  it('[R5] refresh once, not twice, with rotating refresh tokens; both tabs stay signed in', async () => {
    const host = createFakeHost();
    const jar = createCookieJar();
    const shared = createCookieTokenStore({ document: jar }); // both tabs read the same cookies
    shared.set(host.grant());
    const locks = createLockManager();
    const [tabA, tabB] = [
      tab(host, createCookieTokenStore({ document: jar }), locks),
      tab(host, createCookieTokenStore({ document: jar }), locks),
    ];
    host.expireAccessTokens();

    const [a, b] = await Promise.all([
      tabA.GET('/cfs/rest/v3/customer-cart'),
      tabB.GET('/cfs/rest/v3/customer-cart'),
    ]);
    expect([a.response.status, b.response.status]).toEqual([200, 200]);
    expect(host.refreshCalls).toBe(1);
    expect(shared.get()?.refreshToken).toBe('refresh-2');
  });

  it('without the lock, the same race would reuse the rotated refresh token (what the lock prevents)', async () => {
    const host = createFakeHost();
    const jar = createCookieJar();
    createCookieTokenStore({ document: jar }).set(host.grant());
    const tabs = [0, 1].map(() =>
      createTestClient(host, { tokens: createCookieTokenStore({ document: jar }) }),
    );
    host.expireAccessTokens();
    await Promise.all(tabs.map((client) => client.GET('/cfs/rest/v3/customer-cart')));
    expect(host.refreshCalls).toBe(2);
  });

  it('[R5] a tab whose cookies lag, with no Cookie Store API, takes the grant the other tab shares under the lock', async () => {
    const host = createFakeHost();
    host.setRefreshDelay(10);
    const cookies = createLaggingCookies();
    const [tabA, tabB] = [cookies.tab(), cookies.tab()];
    const locks = createLockManager();
    const hub = createBroadcastHub();
    const store = (document: typeof tabA) => createCookieTokenStore({ document, cookieStore: null });
    store(tabA).set(host.grant());
    const clients = [tabA, tabB].map((document) =>
      createTestClient(host, { tokens: store(document), locks, refreshChannel: hub.channel() }),
    );
    host.expireAccessTokens();
    tabB.freeze(); // tab B's document.cookie keeps showing access-1/refresh-1

    const [a, b] = await Promise.all(clients.map((client) => client.GET('/cfs/rest/v3/customer-cart')));
    expect(host.refreshCalls).toBe(1);
    expect([a?.response.status, b?.response.status]).toEqual([200, 200]);
    expect(hub.sent).toEqual([expect.objectContaining({ replaced: 'refresh-1' })]);
  });

  it('a shared grant is taken only by a tab that still holds the token it replaced', async () => {
    const host = createFakeHost();
    const hub = createBroadcastHub();
    const tokens = createMemoryTokenStore({
      access_token: 'mine',
      refresh_token: 'my-refresh',
      expires_in: 300,
    });
    createTestClient(host, { tokens, refreshChannel: hub.channel() });
    const other = hub.channel();
    other.postMessage({
      type: 'marketkit:tokens-refreshed',
      replaced: 'someone-elses-refresh',
      grant: { access_token: 'theirs', refresh_token: 'their-refresh', expires_in: 300 },
    });
    other.postMessage({ type: 'marketkit:tokens-refreshed', replaced: 'my-refresh', grant: null });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tokens.get()?.accessToken).toBe('mine');
    other.postMessage({
      type: 'marketkit:tokens-refreshed',
      replaced: 'my-refresh',
      grant: { access_token: 'new', refresh_token: 'new-refresh', expires_in: 300 },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(tokens.get()).toMatchObject({ accessToken: 'new', refreshToken: 'new-refresh' });
  });

  it.each([
    ['with the Cookie Store API', true, 1],
    ['without it (what the stale cache does)', false, 2],
  ] as const)(
    'a tab whose document.cookie lags behind refreshes %s',
    async (_how, withCookieStore, expectedRefreshes) => {
      const host = createFakeHost();
      host.setRefreshDelay(10);
      const cookies = createLaggingCookies();
      const [tabA, tabB] = [cookies.tab(), cookies.tab()];
      const locks = createLockManager();
      const store = (document: typeof tabA) =>
        createCookieTokenStore({ document, cookieStore: withCookieStore ? cookies.cookieStore : null });
      store(tabA).set(host.grant());
      const clients = [tabA, tabB].map((document) =>
        createTestClient(host, { tokens: store(document), locks }),
      );
      host.expireAccessTokens();
      tabB.freeze(); // tab B keeps seeing access-1/refresh-1 while tab A refreshes

      const [a, b] = await Promise.all(clients.map((client) => client.GET('/cfs/rest/v3/customer-cart')));
      expect(host.refreshCalls).toBe(expectedRefreshes);
      if (withCookieStore) {
        expect([a?.response.status, b?.response.status]).toEqual([200, 200]);
        expect(host.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer access-2');
      }
    },
  );
});

import { describe, expect, it, vi } from 'vitest';
import { createMemoryTokenStore, isMarketApiError, type MarketClientOptions } from '../src/index.ts';
import { createFakeHost, createLockManager, createTestClient } from './fake-host.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signedIn(options: Partial<MarketClientOptions> = {}) {
  const host = createFakeHost();
  const tokens = createMemoryTokenStore();
  tokens.set(host.grant());
  const sessionEnded = vi.fn();
  const replayFailed = vi.fn();
  const client = createTestClient(host, {
    tokens,
    onSessionEnded: sessionEnded,
    onReplayFailed: replayFailed,
    ...options,
  });
  return { host, tokens, client, sessionEnded, replayFailed };
}

const cart = (client: ReturnType<typeof signedIn>['client'], init: { signal?: AbortSignal } = {}) =>
  client.GET('/cfs/rest/v3/customer-cart', init);

describe('session end is reported exactly once', () => {
  it('[R2] a refused refresh followed by more calls as a guest still counts one end', async () => {
    const { host, client, sessionEnded } = signedIn();
    host.expireAccessTokens();
    host.setRefreshMode('reject');
    await Promise.all([cart(client), cart(client), cart(client)]);
    await cart(client); // a guest now: 401 again
    await client.GET('/pbs/rest/v3/languages');
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('refresh-rejected');
    expect(host.refreshCalls).toBe(1);
  });

  it('five concurrent guest 401s report one end', async () => {
    const host = createFakeHost();
    const sessionEnded = vi.fn();
    const client = createTestClient(host, { onSessionEnded: sessionEnded });
    await Promise.all(Array.from({ length: 5 }, () => client.GET('/cfs/rest/v3/customer-cart')));
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('unauthenticated');
  });

  it('a later session that ends is reported again', async () => {
    const { host, client, tokens, sessionEnded } = signedIn();
    host.setRefreshMode('reject');
    host.expireAccessTokens();
    await cart(client);
    tokens.set(host.grant()); // signed in again
    host.expireAccessTokens();
    await cart(client);
    expect(sessionEnded).toHaveBeenCalledTimes(2);
  });

  it('tokens cleared by another tab while a request is in flight end this tab once, without a refresh', async () => {
    const { host, client, tokens, sessionEnded } = signedIn();
    host.override('GET /cfs/rest/v3/customer-cart', () => {
      tokens.clear(); // the other tab signed out
      return json(401, { response_message: 'Session ended', response_body: null });
    });
    const result = await cart(client);
    expect(result.response.status).toBe(401);
    expect(host.refreshCalls).toBe(0);
    expect(sessionEnded).toHaveBeenCalledExactlyOnceWith('ended-elsewhere');
  });
});

describe('a refresh never overrides what another tab did meanwhile', () => {
  it('a sign-out during a successful refresh is not undone', async () => {
    const { host, client, tokens, sessionEnded } = signedIn();
    host.expireAccessTokens();
    host.setRefreshDelay(20);
    const call = cart(client);
    await new Promise((resolve) => setTimeout(resolve, 5));
    tokens.clear(); // signed out in the other tab while the refresh is on the wire
    const result = await call;
    expect(result.response.status).toBe(401);
    expect(tokens.get()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a sign-in during a refused refresh is kept and used', async () => {
    const { host, client, tokens } = signedIn();
    host.expireAccessTokens();
    host.setRefreshMode('reject');
    host.setRefreshDelay(20);
    const call = cart(client);
    await new Promise((resolve) => setTimeout(resolve, 5));
    tokens.set(host.grant()); // signed in again in the other tab
    const result = await call;
    expect(result.response.status).toBe(200);
    expect(tokens.get()?.accessToken).toBe('access-2');
    expect(host.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('a 401 for an older token that arrives during a newer refresh waits for it', async () => {
    const { host, client, tokens, replayFailed } = signedIn();
    host.setRefreshDelay(20);
    let lateCalls = 0;
    host.override('GET /cfs/rest/v3/ai-configuration', (request) => {
      lateCalls += 1;
      return request.headers.get('Authorization') === 'Bearer access-3'
        ? json(200, { response_message: 'ok', response_body: { ai_configuration: [] } })
        : json(401, { response_message: 'expired', response_body: null });
    });
    tokens.set(host.grant()); // access-2 replaced access-1…
    host.expireAccessTokens(); // …and expired too; a refresh to access-3 starts:
    const refreshing = cart(client);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const late = await client.GET('/cfs/rest/v3/ai-configuration');
    await refreshing;
    expect(late.response.status).toBe(200);
    expect(lateCalls).toBe(2);
    expect(host.refreshCalls).toBe(1);
    expect(replayFailed).not.toHaveBeenCalled();
  });
});

describe('cancelled requests', () => {
  it('a request aborted while it waits for the refresh is not replayed and is not a replay failure', async () => {
    const { host, client, replayFailed } = signedIn();
    host.expireAccessTokens();
    host.setRefreshDelay(30);
    const controller = new AbortController();
    const call = cart(client, { signal: controller.signal }).catch((error: unknown) => error);
    setTimeout(() => controller.abort(), 5);
    const error = await call;
    expect(isMarketApiError(error) && [error.kind, error.responseMessage]).toEqual(['network', '']);
    expect(isMarketApiError(error) && error.message).toContain('Request cancelled.');
    expect(replayFailed).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(
      host.requests.filter((request) => request.url.pathname === '/cfs/rest/v3/customer-cart'),
    ).toHaveLength(1);
  });
});

describe('bounded waits', () => {
  it('[R4] aborts the refresh call itself when it hangs', async () => {
    const { host, client, tokens } = signedIn({ refreshTimeoutMs: 40 });
    host.expireAccessTokens();
    host.setRefreshMode('hang');
    const error = await cart(client).catch((caught: unknown) => caught);
    expect(isMarketApiError(error) && error.kind).toBe('refresh-unavailable');
    expect(host.refreshSignals[0]?.aborted).toBe(true);
    expect(tokens.get()?.refreshToken).toBe('refresh-1');
  });

  it('gives up waiting for a lock another tab holds too long, keeping the session', async () => {
    const locks = createLockManager();
    const { host, client, tokens } = signedIn({ locks, refreshTimeoutMs: 40 });
    locks.hold('marketkit-refresh:https://services.test:demo', 200);
    host.expireAccessTokens();
    const error = await cart(client).catch((caught: unknown) => caught);
    expect(isMarketApiError(error) && error.kind).toBe('refresh-unavailable');
    expect(host.refreshCalls).toBe(0);
    expect(tokens.get()).not.toBeNull();
  });

  it('bounds the lock wait and the refresh call separately', async () => {
    // On the fake clock: on a loaded machine a 35 ms wait on the real one can take more than 50 ms.
    vi.useFakeTimers();
    try {
      const locks = createLockManager();
      const { host, client } = signedIn({ locks, refreshTimeoutMs: 50 });
      locks.hold('marketkit-refresh:https://services.test:demo', 30);
      host.setRefreshDelay(35); // 30 + 35 > 50, each < 50
      host.expireAccessTokens();
      const pending = cart(client);
      await vi.advanceTimersByTimeAsync(200);
      const result = await pending;
      expect(result.response.status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports the token endpoint being down on an expired access cookie instead of going out as a guest', async () => {
    const host = createFakeHost();
    const tokens = createMemoryTokenStore();
    tokens.set(host.grant());
    const held = tokens.get();
    const expiredCookie = { ...tokens, get: () => (held ? { ...held, accessToken: null } : null) };
    host.setRefreshMode('network-error');
    const client = createTestClient(host, { tokens: expiredCookie });
    const error = await client.GET('/pbs/rest/v3/languages').catch((caught: unknown) => caught);
    expect(isMarketApiError(error) && error.kind).toBe('refresh-unavailable');
    expect(host.requests.filter((request) => request.url.pathname === '/pbs/rest/v3/languages')).toHaveLength(
      0,
    );
  });
});

describe('credential endpoints behind a base path', () => {
  it('a wrong password at https://host/api/ums/rest/v3/login never refreshes', async () => {
    const host = createFakeHost();
    const tokens = createMemoryTokenStore();
    tokens.set(host.grant());
    host.override('POST /api/ums/rest/v3/login', () =>
      json(401, { response_message: 'Wrong password', response_body: null }),
    );
    const client = createTestClient(host, { servicesHost: `${host.origin}/api`, tokens });
    const result = await client.POST('/ums/rest/v3/login', {
      body: { username: 'a@b.test', password: 'wrong-password' },
    });
    expect(result.error?.response_message).toBe('Wrong password');
    expect(host.refreshCalls).toBe(0);
  });
});

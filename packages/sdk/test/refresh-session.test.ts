import { describe, expect, it, vi } from 'vitest';
import { createCookieTokenStore, createMemoryTokenStore, type MarketClientOptions } from '../src/index.ts';
import { createCookieJar, createFakeHost, createLockManager, createTestClient } from './fake-host.ts';

function signedIn(options: Partial<MarketClientOptions> = {}) {
  const host = createFakeHost();
  const tokens = createMemoryTokenStore();
  tokens.set(host.grant());
  const events = { sessionEnded: vi.fn(), tokensRefreshed: vi.fn() };
  const client = createTestClient(host, {
    tokens,
    onSessionEnded: events.sessionEnded,
    onTokensRefreshed: events.tokensRefreshed,
    ...options,
  });
  return { host, tokens, client, events };
}

describe('client.refreshSession(): a refresh the app asks for (new claims after a profile change)', () => {
  it('replaces live tokens through the refresh call, stores them and reports them', async () => {
    const { host, client, tokens, events } = signedIn();
    // The access token still works: nothing but the app's wish asks for new tokens.
    expect(await client.refreshSession()).toEqual({ kind: 'refreshed', accessToken: 'access-2' });
    expect(host.refreshCalls).toBe(1);
    expect(tokens.get()).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(events.tokensRefreshed).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ access_token: 'access-2' }),
    );
    const cart = await client.GET('/cfs/rest/v3/customer-cart');
    expect(cart.response.status).toBe(200);
    expect(host.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer access-2');
  });

  it('shares the refresh a 401 started: one refresh call, one grant', async () => {
    const { host, client, events } = signedIn();
    host.expireAccessTokens();
    host.setRefreshDelay(10);
    const [cart, outcome] = await Promise.all([
      client.GET('/cfs/rest/v3/customer-cart'),
      client.refreshSession(),
    ]);
    expect(cart.response.status).toBe(200);
    expect(outcome).toEqual({ kind: 'refreshed', accessToken: 'access-2' });
    expect(host.refreshCalls).toBe(1);
    expect(events.tokensRefreshed).toHaveBeenCalledOnce();
  });

  it('takes the lock across tabs: another tab’s 401 at the same moment refreshes once, with rotation', async () => {
    const host = createFakeHost();
    const jar = createCookieJar();
    createCookieTokenStore({ document: jar }).set(host.grant());
    const locks = createLockManager();
    const [asking, failing] = [0, 1].map(() =>
      createTestClient(host, { tokens: createCookieTokenStore({ document: jar }), locks }),
    );
    host.setRefreshDelay(10);
    const outcome = asking?.refreshSession();
    host.expireAccessTokens();
    const cart = await failing?.GET('/cfs/rest/v3/customer-cart');
    expect(await outcome).toEqual({ kind: 'refreshed', accessToken: 'access-2' });
    expect(cart?.response.status).toBe(200);
    // The rotated refresh token was never sent again (the host would have refused it).
    expect(host.refreshCalls).toBe(1);
    expect(locks.grants).toBe(2);
  });

  it('sends nothing without a session', async () => {
    const host = createFakeHost();
    const sessionEnded = vi.fn();
    const client = createTestClient(host, { onSessionEnded: sessionEnded });
    expect(await client.refreshSession()).toEqual({ kind: 'rejected' });
    expect(host.requests).toEqual([]);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('a refused refresh token ends the session, once', async () => {
    const { host, client, tokens, events } = signedIn();
    host.setRefreshMode('reject');
    expect(await client.refreshSession()).toEqual({ kind: 'rejected' });
    expect(await client.refreshSession()).toEqual({ kind: 'rejected' });
    expect(tokens.get()).toBeNull();
    expect(host.refreshCalls).toBe(1);
    expect(events.sessionEnded).toHaveBeenCalledExactlyOnceWith('refresh-rejected');
  });

  it.each(['network-error', 'server-error'] as const)(
    'keeps the session when the token service is unreachable (%s)',
    async (mode) => {
      const { host, client, tokens, events } = signedIn();
      host.setRefreshMode(mode);
      const outcome = await client.refreshSession();
      expect(outcome.kind).toBe('unavailable');
      expect(tokens.get()).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      expect(events.sessionEnded).not.toHaveBeenCalled();
    },
  );
});

// @vitest-environment jsdom
import { type TokenGrant, type TokenStore, unwrap } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useCart, useMarket, useSession } from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

// The session has one home: the token store. The hooks read it (useSyncExternalStore) and nothing
// keeps a copy in step.
setupSandbox();

async function login(): Promise<TokenGrant> {
  const response = await fetch(`${HOST}/ums/rest/v3/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
    body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
  });
  return ((await response.json()) as { response_body: TokenGrant }).response_body;
}

const useTwoReaders = () => ({
  header: useSession(),
  page: useSession(),
  cart: useCart(),
  market: useMarket(),
});

describe('the session read from the token store', () => {
  it('every reader follows a sign-in and a sign-out made on the token store itself (the bare SDK)', async () => {
    const device = newDevice();
    const view = renderWithMarket(useTwoReaders, device);
    expect([view.result.current.header.status, view.result.current.page.status]).toEqual(['guest', 'guest']);

    const grant = await login();
    act(() => device.tokens.set(grant));
    expect([view.result.current.header.status, view.result.current.page.status]).toEqual([
      'signed-in',
      'signed-in',
    ]);
    expect(view.result.current.header.user?.displayName).toBe('Asha Shopper');
    // The server cart is read for the signed-in shopper.
    await waitFor(() => expect(view.result.current.cart.source).toBe('server'));
    await waitFor(() => expect(view.result.current.cart.state).not.toBe('loading'));
    const { market } = view.result.current;
    expect(market.queryClient.getQueryData(market.keys.cart())).toBeDefined();

    // Signed out elsewhere (another tab, a script on the SDK): the shopper's answers go with them.
    act(() => device.tokens.clear());
    expect([view.result.current.header.status, view.result.current.page.status]).toEqual(['guest', 'guest']);
    expect(market.queryClient.getQueryData(market.keys.cart())).toBeUndefined();
  });

  it('a sign-in through the hooks lands in the token store, and the client sends it', async () => {
    const device = newDevice();
    const view = renderWithMarket(useTwoReaders, device);
    const result = await act(() =>
      view.result.current.header.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    // The SDK's result shape, the session the stored token describes.
    expect(result).toEqual({ status: 'signed-in', session: view.result.current.market.client.session() });
    expect(device.tokens.get()?.accessToken).toBeTruthy();
    expect(view.result.current.page.status).toBe('signed-in');
    const profile = await unwrap(view.result.current.market.client.GET('/ums/rest/v3/profile', {}));
    expect(profile.email).toBe('shopper@example.com');
    expect(await act(() => view.result.current.page.signOut())).toEqual({ confirmed: true });
    expect(device.tokens.get()).toBeNull();
    expect(view.result.current.header.status).toBe('guest');
  });

  it('a token store of your own without subscribe: changes made through the client and the hooks are seen', async () => {
    const box: { held: ReturnType<TokenStore['get']> } = { held: null };
    const own: TokenStore = {
      get: () => box.held,
      set: (grant) => {
        box.held = {
          accessToken: grant.access_token,
          refreshToken: grant.refresh_token ?? null,
          idToken: grant.id_token ?? null,
        };
      },
      clear: () => {
        box.held = null;
      },
    };
    const view = renderWithMarket(useTwoReaders, { storage: newDevice().storage, tokens: own });
    const grant = await login();
    // Through the client (what the SDK's refresh and sign-in use).
    act(() => view.result.current.market.client.tokens.set(grant));
    expect(view.result.current.header.status).toBe('signed-in');
    expect(box.held?.accessToken).toBe(grant.access_token);
    await act(() => view.result.current.page.signOut());
    expect(view.result.current.header.status).toBe('guest');
    expect(box.held).toBeNull();
  });

  it('another shopper signing in on the same device drops the last one’s answers', async () => {
    const device = newDevice();
    const view = renderWithMarket(useTwoReaders, device);
    act(() => device.tokens.set({ access_token: token({ sub: 'u-1', name: 'One' }), expires_in: 300 }));
    const { market } = view.result.current;
    market.queryClient.setQueryData(market.keys.profile(), { first_name: 'One' });
    market.queryClient.setQueryData(market.keys.languages(), { data: [] });
    act(() => device.tokens.set({ access_token: token({ sub: 'u-1', name: 'One again' }), expires_in: 300 }));
    // A refreshed token of the same shopper keeps their answers.
    expect(market.queryClient.getQueryData(market.keys.profile())).toEqual({ first_name: 'One' });
    act(() => device.tokens.set({ access_token: token({ sub: 'u-2', name: 'Two' }), expires_in: 300 }));
    expect(view.result.current.header.user?.displayName).toBe('Two');
    expect(market.queryClient.getQueryData(market.keys.profile())).toBeUndefined();
    // The store's own answers stay.
    expect(market.queryClient.getQueryData(market.keys.languages())).toEqual({ data: [] });
  });
});

describe('two tabs of one device', () => {
  it('a sign-out in one ends the other’s session, reported once as ended-elsewhere when its signal arrives', async () => {
    // Two providers on one token store and one storage: two tabs sharing cookies and localStorage.
    const device = newDevice();
    const endedA = vi.fn();
    const endedB = vi.fn();
    const tabA = renderWithMarket(useTwoReaders, device, '/', { onSessionEnded: endedA });
    const tabB = renderWithMarket(useTwoReaders, device, '/', { onSessionEnded: endedB });
    await act(() =>
      tabA.result.current.header.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    expect(tabB.result.current.header.status).toBe('signed-in');
    await act(() => tabA.result.current.header.signOut());
    // The cookies changed under tab B at once (the Cookie Store API's change event).
    expect(tabB.result.current.header.status).toBe('guest');
    expect(endedB).not.toHaveBeenCalled();
    // Then tab A's signal (a storage event in every other tab).
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'marketkit_session_signal' }));
    });
    await waitFor(() => expect(endedB).toHaveBeenCalledWith('ended-elsewhere'));
    expect(endedB).toHaveBeenCalledTimes(1);
    // Tab A signed out itself: nothing ended without asking there.
    expect(endedA).not.toHaveBeenCalled();
  });
});

/** An unsigned token with these claims (the hooks decode, the server verifies). */
const token = (claims: Record<string, unknown>) =>
  `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

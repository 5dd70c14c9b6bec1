// @vitest-environment jsdom
import {
  createMarketClient,
  createMemoryTokenStore,
  isMarketApiError,
  type MarketClient,
  unwrap,
} from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { parseListingFilters } from '../../src/core/index.ts';
import {
  createMarketQueryClient,
  useAskAi,
  useDevices,
  useMarket,
  usePolicy,
  useSession,
  useStoreFaqs,
} from '../../src/react/index.ts';
import { type Device, HOST, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

const { sandbox, calls } = setupSandbox();

/** The seeded shopper signed in on a device through the hooks; `hook` runs beside the session. */
async function signedIn<T>(hook: () => T, device: Device = newDevice(), store = 'demo') {
  const view = renderWithMarket(
    () => ({ session: useSession(), market: useMarket(), value: hook() }),
    device,
    '/loginSessions',
    { store },
  );
  await act(() =>
    view.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
  );
  return view;
}

/** The same shopper signed in on another device (a second SDK client): its own session. */
async function otherDevice(store = 'demo') {
  const ended = vi.fn();
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({
    servicesHost: HOST,
    store,
    tokens,
    locks: null,
    onSessionEnded: ended,
  });
  const grant = await unwrap(
    client.POST('/ums/rest/v3/login', {
      body: { username: 'shopper@example.com', password: 'Password123', device_name: 'Asha’s tablet' },
    }),
  );
  if (grant.login_status !== 'SUCCESS') throw new Error('the seeded shopper needs no device check');
  tokens.set(grant);
  return { client, ended };
}

/** Whether a client's session still works: its next call either answers or fails its refresh. */
async function stillSignedIn(client: MarketClient) {
  try {
    await unwrap(client.GET('/ums/rest/v3/devices'));
    return true;
  } catch (error) {
    if (isMarketApiError(error)) return false;
    throw error;
  }
}

describe('useDevices', () => {
  it('lists both signed-in devices, this one first and marked current', async () => {
    const view = await signedIn(useDevices);
    await otherDevice();
    act(() => view.result.current.value.reload());
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(2));
    const [first, second] = view.result.current.value.devices;
    expect(first?.is_current).toBe(true);
    expect(second?.is_current).toBe(false);
    expect(second?.device_name).toBe('Asha’s tablet');
    expect(first?.device_id).not.toBe(second?.device_id);
    expect(view.result.current.value.error).toBeNull();
  });

  it('signs the other device out: the list shows one and that device’s refresh then fails', async () => {
    const other = await otherDevice();
    const view = await signedIn(useDevices);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(2));
    const target = view.result.current.value.devices.find((device) => !device.is_current);
    if (!target) throw new Error('no other device');

    await act(() => view.result.current.value.signOutDevice(target.device_id));

    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(1));
    expect(view.result.current.value.devices[0]?.is_current).toBe(true);
    expect(view.result.current.session.status).toBe('signed-in');
    expect(await stillSignedIn(other.client)).toBe(false);
    expect(calls).toContain('POST /ums/rest/v3/refresh-token');
    expect(other.ended).toHaveBeenCalledOnce();
    expect(other.client.tokens.get()).toBeNull();
  });

  it('signs this device out: the local session ends as a sign-out does', async () => {
    const other = await otherDevice();
    const view = await signedIn(useDevices);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(2));
    const here = view.result.current.value.devices.find((device) => device.is_current);
    if (!here) throw new Error('no current device');

    await act(() => view.result.current.value.signOutDevice(here.device_id));

    expect(view.result.current.session.status).toBe('guest');
    expect(view.result.current.market.client.tokens.get()).toBeNull();
    expect(await stillSignedIn(other.client)).toBe(true);
  });

  it('"sign out all other devices" keeps this session and ends every other one', async () => {
    const first = await otherDevice();
    const second = await otherDevice();
    const view = await signedIn(useDevices);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(3));

    let revoked = 0;
    await act(async () => {
      revoked = await view.result.current.value.signOutOtherDevices();
    });

    expect(revoked).toBe(2);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(1));
    expect(view.result.current.session.status).toBe('signed-in');
    expect(await stillSignedIn(view.result.current.market.client)).toBe(true);
    expect(await stillSignedIn(first.client)).toBe(false);
    expect(await stillSignedIn(second.client)).toBe(false);
  });

  it('signing out everywhere ends this session too, on the server and locally', async () => {
    const other = await otherDevice();
    const device = newDevice();
    const view = await signedIn(useDevices, device);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(2));
    const before = device.tokens.get();
    if (!before?.accessToken) throw new Error('not signed in');
    const grant = {
      access_token: before.accessToken,
      refresh_token: before.refreshToken,
      id_token: before.idToken,
      expires_in: 300,
    };

    let revoked = 0;
    await act(async () => {
      revoked = await view.result.current.value.signOutEverywhere();
    });

    expect(revoked).toBe(2);
    expect(view.result.current.session.status).toBe('guest');
    expect(device.tokens.get()).toBeNull();
    await waitFor(() => expect(view.result.current.value.devices).toEqual([]));
    expect(await stillSignedIn(other.client)).toBe(false);
    // The tokens this device had are dead on the server too: refused, and the refresh fails.
    calls.length = 0;
    const replay = createMarketClient({
      servicesHost: HOST,
      store: 'demo',
      tokens: createMemoryTokenStore(grant),
      locks: null,
    });
    expect(replay.tokens.get()?.accessToken).toBe(grant.access_token);
    expect(await stillSignedIn(replay)).toBe(false);
    expect(calls).toEqual(['GET /ums/rest/v3/devices', 'POST /ums/rest/v3/refresh-token']);
  });

  it('a refused sign-out rejects with the server’s words and changes nothing', async () => {
    const other = await otherDevice();
    const view = await signedIn(useDevices);
    await waitFor(() => expect(view.result.current.value.devices).toHaveLength(2));
    sandbox.faults.add({ path: '/ums/rest/v3/logout', status: 503, message: 'Sessions are busy' });

    await expect(view.result.current.value.signOutOtherDevices()).rejects.toThrow('Sessions are busy');

    expect(view.result.current.value.devices).toHaveLength(2);
    expect(view.result.current.session.status).toBe('signed-in');
    expect(await stillSignedIn(other.client)).toBe(true);
  });

  it('asks nothing for a guest', async () => {
    const view = renderWithMarket(() => useDevices(), newDevice());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.result.current.devices).toEqual([]);
    expect(calls.filter((call) => call.includes('/devices'))).toEqual([]);
  });
});

describe('store policies and FAQs', () => {
  it('usePolicy gives one policy by its slug with its HTML', async () => {
    const view = renderWithMarket(() => usePolicy('returns'), newDevice());
    await waitFor(() => expect(view.result.current.data).toBeDefined());
    expect(view.result.current.data?.slug).toBe('returns');
    expect(view.result.current.data?.title).toBe('Returns and refunds');
    expect(view.result.current.data?.content_html).toContain('<h2>Returns</h2>');
  });

  it('an unknown slug fails with the server’s 404, asked once (4xx are not retried)', async () => {
    const view = renderWithMarket(() => usePolicy('no-such-policy'), newDevice(), '/', {
      queryClient: createMarketQueryClient(),
    });
    await waitFor(() => expect(view.result.current.error).not.toBeNull());
    const error = view.result.current.error;
    expect(isMarketApiError(error) && error.status).toBe(404);
    expect(isMarketApiError(error) && error.responseMessage).toBe('There is no policy called no-such-policy');
    expect(calls.filter((call) => call === 'GET /pbs/rest/v3/policies/no-such-policy')).toHaveLength(1);
  });

  it('usePolicy(null) asks nothing', async () => {
    const view = renderWithMarket(() => usePolicy(null), newDevice());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.result.current.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('a policy read while signed in outlives the sign-out (it is the store’s, not the shopper’s)', async () => {
    const view = await signedIn(() => usePolicy('privacy'));
    await waitFor(() => expect(view.result.current.value.data?.title).toBe('Privacy policy'));
    const market = view.result.current.market;
    act(() => market.endSession());
    expect(market.queryClient.getQueryData(market.keys.policy('privacy'))).toMatchObject({ slug: 'privacy' });
  });

  it('useStoreFaqs gives the store-wide questions in their order', async () => {
    const view = renderWithMarket(() => useStoreFaqs(), newDevice());
    await waitFor(() => expect(view.result.current.data).toBeDefined());
    const faqs = view.result.current.data ?? [];
    expect(faqs.length).toBe(5);
    expect(faqs.every((faq) => faq.product_id === null)).toBe(true);
    expect(faqs.map((faq) => faq.sort_order)).toEqual([1, 2, 3, 4, 5]);
    expect(faqs[0]?.question).toBe('How long does delivery take?');
    expect(calls).toEqual(['GET /pbs/rest/v3/faqs']);
  });
});

describe('useAskAi', () => {
  it('answers with text and products, and a follow-up continues the same conversation', async () => {
    const view = await signedIn(useAskAi);
    let first: Awaited<ReturnType<ReturnType<typeof useAskAi>['ask']>> | undefined;
    await act(async () => {
      first = await view.result.current.value.ask('  Do you have a skillet?  ');
    });
    expect(first?.answer).toContain('Cast Iron Skillet');
    expect(first?.products.map((product) => product.product_name)).toContain('Cast Iron Skillet');
    expect(first?.products[0]?.product_id).toBeGreaterThan(0);
    await waitFor(() => expect(view.result.current.value.exchanges).toHaveLength(1));
    expect(view.result.current.value.exchanges[0]?.question).toBe('Do you have a skillet?');
    expect(view.result.current.value.pending).toBeNull();

    await act(() => view.result.current.value.ask('and earbuds?'));
    await waitFor(() => expect(view.result.current.value.exchanges).toHaveLength(2));
    const exchanges = view.result.current.value.exchanges;
    expect(exchanges.map((exchange) => exchange.question)).toEqual([
      'Do you have a skillet?',
      'and earbuds?',
    ]);
    expect(exchanges[1]?.answer.conversation_id).toBe(first?.conversation_id);
    expect(exchanges[1]?.answer.products.map((product) => product.product_name)).toContain(
      'Pulse Wireless Earbuds',
    );
  });

  it("its category links open that category's listing (the parameter the listing reads)", async () => {
    const view = await signedIn(useAskAi);
    let answer: Awaited<ReturnType<ReturnType<typeof useAskAi>['ask']>> | undefined;
    await act(async () => {
      answer = await view.result.current.value.ask('cookware please');
    });
    const categories = answer?.categories ?? [];
    expect(categories.map((category) => category.category_name)).toContain('Cookware');
    for (const category of categories) {
      const link = new URL(category.link, 'https://shop.example');
      expect(link.pathname).toBe('/productListing');
      expect(parseListingFilters(link.searchParams).category).toBe(category.category_id);
    }
  });

  it('shows the question while it is on its way', async () => {
    const view = await signedIn(useAskAi);
    sandbox.faults.add({ path: '/dm_ml/rest/v3/ask-ai', latencyMs: 100 });
    let asking: Promise<unknown> = Promise.resolve();
    act(() => {
      asking = view.result.current.value.ask('skillet');
    });
    await waitFor(() => expect(view.result.current.value.pending).toBe('skillet'));
    await act(() => asking);
    expect(view.result.current.value.pending).toBeNull();
    await waitFor(() => expect(view.result.current.value.exchanges).toHaveLength(1));
  });

  it('a store with the assistant off refuses: the server’s message, and nothing joins the conversation', async () => {
    const view = await signedIn(useAskAi, newDevice(), 'souq');
    let refusal: unknown;
    await act(async () => {
      refusal = await view.result.current.value.ask('skillet').catch((error: unknown) => error);
    });
    expect(isMarketApiError(refusal) && refusal.status).toBe(403);
    expect(isMarketApiError(refusal) && refusal.responseMessage).toBe(
      'The shopping assistant is not enabled for this store',
    );
    expect(view.result.current.value.exchanges).toEqual([]);
    expect(view.result.current.value.pending).toBeNull();
  });

  it('the conversation is shared by the screens of one app and forgotten when the session ends', async () => {
    const device = newDevice();
    const view = await signedIn(() => ({ page: useAskAi(), widget: useAskAi() }), device);
    await act(() => view.result.current.value.page.ask('skillet'));
    await waitFor(() => expect(view.result.current.value.widget.exchanges).toHaveLength(1));

    act(() => view.result.current.value.widget.clear());
    await waitFor(() => expect(view.result.current.value.page.exchanges).toEqual([]));

    await act(() => view.result.current.value.page.ask('skillet'));
    await waitFor(() => expect(view.result.current.value.page.exchanges).toHaveLength(1));
    act(() => view.result.current.market.endSession());
    await waitFor(() => expect(view.result.current.value.page.exchanges).toEqual([]));
  });
});

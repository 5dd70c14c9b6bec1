import { createMarketClient, createMemoryTokenStore, type MarketClient, unwrap } from '@marketkit/sdk';

/** The seeded shopper, signed in through the SDK: tests set their scene with the typed client. */
export async function signedInShopper(servicesHost: string, store: string): Promise<MarketClient> {
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({ servicesHost, store, tokens, locks: null });
  const grant = await unwrap(
    client.POST('/ums/rest/v3/login', { body: { username: 'shopper@example.com', password: 'Password123' } }),
  );
  if (grant.login_status !== 'SUCCESS') throw new Error('The seeded shopper needs no device check');
  tokens.set(grant);
  return client;
}

import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import { isMarketApiError } from '@marketkit/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatReport, runShopperJourney } from '../src/shopper-journey.ts';

const SHOPPER = { username: 'shopper@example.com', password: 'Password123' };
/** The one-time code of every sandbox challenge (its default). */
const SANDBOX_OTP = '123456';
// The compiled command (`pnpm test` compiles it first), run by the same Node.js as the tests.
const COMMAND = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const run = promisify(execFile);

let server: SandboxServer;

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, log: () => {} });
});
afterEach(async () => {
  await server.sandbox.reset();
});
afterAll(async () => {
  await server?.close();
});

interface Envelope<T> {
  response_body: T;
}

/** The services host asked directly over HTTP, without the SDK, to check what the example reports. */
async function hostGet<T>(path: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as Envelope<T>).response_body;
}

async function shopperCart() {
  const login = await fetch(`${server.url}/ums/rest/v3/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
    body: JSON.stringify(SHOPPER),
  });
  const { access_token } = ((await login.json()) as Envelope<{ access_token: string }>).response_body;
  return hostGet<{
    Products: { product: number; cart_quantity: number }[];
    summary: { total: number; currency_code: string };
  }>('/cfs/rest/v3/customer-cart', { Authorization: `Bearer ${access_token}` });
}

const guest = { realmname: 'demo-customer' };

describe('the shopper journey on @marketkit/sdk', () => {
  it('reports the store, its categories and first products, then the cart the shopper filled', async () => {
    const report = await runShopperJourney({
      servicesHost: server.url,
      store: 'demo',
      ...SHOPPER,
      quantity: 2,
    });

    const categories = await hostGet<{ data: { category_name: string; children: unknown[] }[] }>(
      '/pbs/rest/v3/categories?page_number=-1',
      guest,
    );
    const products = await hostGet<{ data: { product_id: number; final_price: number }[] }>(
      '/pbs/rest/v3/products?page_number=1&page_limit=10',
      guest,
    );
    expect(report.store).toEqual({ name: 'demo', displayName: expect.any(String), id: expect.any(Number) });
    expect(report.categories.map((c) => c.name)).toEqual(categories.data.map((c) => c.category_name));
    expect(report.categories.some((c) => c.children.length > 0)).toBe(true);
    expect(report.products.map((p) => p.id)).toEqual(products.data.map((p) => p.product_id));
    expect(report.shopper).toBe('Asha Shopper');
    expect(report.signedOut).toBe(true);

    const price = products.data.find((p) => p.product_id === report.added.productId)?.final_price;
    expect(price).toBeDefined();
    expect(report.cart.lines).toEqual([
      {
        productId: report.added.productId,
        name: report.added.name,
        quantity: 2,
        lineTotal: (price ?? Number.NaN) * 2,
      },
    ]);
    const cart = await shopperCart();
    expect(cart.Products).toEqual([
      expect.objectContaining({ product: report.added.productId, cart_quantity: 2 }),
    ]);
    expect(report.cart.total).toBe(cart.summary.total);
    expect(report.cart.currency).toBe(cart.summary.currency_code);
  });

  it('signs in with the SDK alone: its token store holds the session the services host then ends', async () => {
    const seen: { path: string; authorization: string | null }[] = [];
    const report = await runShopperJourney({
      servicesHost: server.url,
      store: 'demo',
      ...SHOPPER,
      fetch: (request) => {
        seen.push({
          path: new URL(request.url).pathname,
          authorization: request.headers.get('Authorization'),
        });
        return fetch(request);
      },
    });
    const bearer = seen.find((call) => call.path === '/cfs/rest/v3/customer-cart')?.authorization;
    expect(bearer).toMatch(/^Bearer \S+/);
    // The sign-out forgets the tokens first, then names the session by its ID token: the call itself
    // carries no bearer (the services host allows that, so an expired session can still be ended).
    expect(seen.at(-1)).toEqual({ path: '/ums/rest/v3/session-logout', authorization: null });
    expect(report.signedOut).toBe(true);
    // The session is over at the services host: its token is refused now.
    const after = await fetch(`${server.url}/cfs/rest/v3/customer-cart`, {
      headers: { Authorization: bearer ?? '' },
    });
    expect(after.status).toBe(401);
  });

  it('verifies the device when the account asks for it, with the code the shopper was sent', async () => {
    const asked: string[] = [];
    const report = await runShopperJourney({
      servicesHost: server.url,
      store: 'demo',
      username: 'secure@example.com',
      password: 'Password123',
      askCode: async (verification) => {
        asked.push(verification.masked_destination);
        return SANDBOX_OTP;
      },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\*/);
    expect(report.shopper).toBe('Sam Secure');
    expect(report.cart.lines).toHaveLength(1);
  });

  it('stops, saying why, when the device must be verified and there is no one to ask', async () => {
    await expect(
      runShopperJourney({
        servicesHost: server.url,
        store: 'demo',
        username: 'secure@example.com',
        password: 'Password123',
      }),
    ).rejects.toThrow(/^Sign-in needs a device verification \(code sent to .+\)$/);
  });

  it('rejects a wrong password with the SDK error code, before anything else is done as the shopper', async () => {
    const failure = await runShopperJourney({
      servicesHost: server.url,
      store: 'demo',
      ...SHOPPER,
      password: 'not-the-password',
    }).catch((error: unknown) => error);
    expect(isMarketApiError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401, kind: 'http' });
    expect(await shopperCart()).toMatchObject({ Products: [] });
  });

  it('refuses to go on when the store is closed', async () => {
    await expect(
      runShopperJourney({ servicesHost: server.url, store: 'closed', ...SHOPPER }),
    ).rejects.toThrow('The store closed is not open');
  });
});

describe('the compiled command on Node.js', () => {
  it('prints the journey and the cart total the services host holds', async () => {
    const { stdout, stderr } = await run(process.execPath, [
      COMMAND,
      '--host',
      server.url,
      '--quantity',
      '3',
    ]);

    expect(stderr).toBe('');
    const cart = await shopperCart();
    const [line] = cart.Products;
    expect(line?.cart_quantity).toBe(3);
    expect(stdout).toMatch(/^Store: .+ \(demo, id \d+\)\nCategories:\n/);
    expect(stdout).toContain(`Added 3 × `);
    expect(stdout).toMatch(/\nSigned in as \S/);
    expect(stdout.trimEnd().split('\n').slice(-2)).toEqual([
      `Cart total: ${cart.summary.currency_code} ${cart.summary.total.toFixed(2)}`,
      'Signed out',
    ]);
  });

  it('prints the same text as formatReport', async () => {
    const { stdout } = await run(process.execPath, [COMMAND, '--host', server.url]);
    await server.sandbox.reset();
    const report = await runShopperJourney({ servicesHost: server.url, store: 'demo', ...SHOPPER });
    expect(stdout).toBe(`${formatReport(report)}\n`);
  });

  it('exits with 1 before any call when --quantity is not a whole number of 1 or more', async () => {
    for (const quantity of ['0', '1.5', 'two']) {
      const failure = await run(process.execPath, [
        COMMAND,
        '--host',
        server.url,
        '--quantity',
        quantity,
      ]).then(
        () => null,
        (error: { code?: number; stderr?: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toBe('--quantity takes a whole number of 1 or more\n');
    }
    expect(await shopperCart()).toMatchObject({ Products: [] });
  });

  it('takes the device verification code from MARKETKIT_OTP', async () => {
    const { stdout } = await run(process.execPath, [COMMAND, '--host', server.url], {
      env: { ...process.env, MARKETKIT_USERNAME: 'secure@example.com', MARKETKIT_OTP: SANDBOX_OTP },
    });
    expect(stdout).toContain('\nSigned in as Sam Secure\n');
  });

  it('ends by itself on a Node.js with navigator.locks (the refresh channel holds no process open)', async () => {
    // Newer Node.js releases have navigator.locks; the SDK then shares refreshes over a BroadcastChannel.
    const locks =
      'data:text/javascript,Object.defineProperty(globalThis,"navigator",{configurable:true,value:' +
      '{locks:{request:(name,options,callback)=>callback()}}})';
    // A process that never ends is killed rather than left behind; the test then fails. The slowest of
    // these runs took 10.7 s at a load of 28 (vitest.timeouts.ts): 40 s is nearly four times that, and
    // comes before the test's own 60 s, so a hang is reported as a kill.
    const ended = await run(process.execPath, ['--import', locks, COMMAND, '--host', server.url], {
      timeout: 40_000,
    }).catch((error: { killed?: boolean }) => error);
    expect(ended).not.toMatchObject({ killed: true });
    expect((ended as { stdout?: string }).stdout).toContain('\nSigned out\n');
  });

  it('exits with 1 and the services host’s message when the password is wrong', async () => {
    const failure = await run(process.execPath, [COMMAND, '--host', server.url], {
      env: { ...process.env, MARKETKIT_PASSWORD: 'not-the-password' },
    }).then(
      () => null,
      (error: { code?: number; stdout?: string; stderr?: string }) => error,
    );

    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr).toMatch(
      /\/ums\/rest\/v3\/login → 401: Incorrect e-mail, phone number or password\n$/,
    );
    expect(await shopperCart()).toMatchObject({ Products: [] });
  });
});

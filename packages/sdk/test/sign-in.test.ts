import { describe, expect, it, vi } from 'vitest';
import {
  createMarketClient,
  createMemoryTokenStore,
  MarketApiError,
  type SignInResult,
  type TokenGrant,
} from '../src/index.ts';
import { createFakeHost, createTestClient } from './fake-host.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An unsigned JWT with these claims (the SDK reads claims, it never verifies). */
const jwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'none' })}.${base64url(claims)}.sig`;

const ASHA = { sub: '5001', name: 'Asha Shopper', email: 'shopper@example.com' };

function success(overrides: Partial<TokenGrant> = {}) {
  return {
    login_status: 'SUCCESS',
    access_token: jwt(ASHA),
    refresh_token: 'refresh-asha',
    id_token: jwt({ ...ASHA, typ: 'ID' }),
    expires_in: 300,
    refresh_expires_in: 1800,
    ...overrides,
  };
}

const CHALLENGE = {
  login_status: 'DEVICE_VERIFICATION_REQUIRED',
  otp_reference: 'otp-ref-1',
  masked_destination: 's***@example.com',
  expires_in: 300,
  resend_after: 30,
};

function setUp(options: Parameters<typeof createTestClient>[1] = {}) {
  const host = createFakeHost();
  const sessionEnded = vi.fn();
  const client = createTestClient(host, { onSessionEnded: sessionEnded, ...options });
  const bodies = (path: string) =>
    host.requests.filter((r) => r.url.pathname === path).map((r) => JSON.parse(r.body) as unknown);
  return { host, client, sessionEnded, bodies };
}

async function failure(promise: Promise<unknown>): Promise<MarketApiError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof MarketApiError)) throw new Error(`expected a MarketApiError, got ${outcome}`);
  return outcome;
}

describe('client.signIn', () => {
  it('signs in with a password: the grant goes to client.tokens, the session comes from the token', async () => {
    const { host, client, bodies } = setUp();
    host.override('POST /ums/rest/v3/login', () =>
      json(200, { response_message: 'Signed in', response_body: success() }),
    );

    const result = await client.signIn({ username: 'shopper@example.com', password: 'Password123' });

    expect(result).toEqual({
      status: 'signed-in',
      session: { displayName: 'Asha Shopper', claims: ASHA },
    } satisfies SignInResult);
    expect(bodies('/ums/rest/v3/login')).toEqual([
      { username: 'shopper@example.com', password: 'Password123' },
    ]);
    expect(host.requests[0]?.headers.get('realmname')).toBe('demo-customer');
    expect(client.tokens.get()).toEqual({
      accessToken: jwt(ASHA),
      refreshToken: 'refresh-asha',
      idToken: jwt({ ...ASHA, typ: 'ID' }),
    });
    expect(client.session()).toEqual({ displayName: 'Asha Shopper', claims: ASHA });

    await client.GET('/pbs/rest/v3/languages');
    expect(host.requests.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${jwt(ASHA)}`);
  });

  it('signs in with a one-time code through login-otp', async () => {
    const { host, client, bodies } = setUp();
    host.override('POST /ums/rest/v3/login-otp', () =>
      json(200, { response_message: 'Signed in', response_body: success() }),
    );

    const result = await client.signIn({ otp: '123456', otp_reference: 'otp-ref-9', device_id: 'node-1' });

    expect(result.status).toBe('signed-in');
    expect(bodies('/ums/rest/v3/login-otp')).toEqual([
      { otp: '123456', otp_reference: 'otp-ref-9', device_id: 'node-1' },
    ]);
    expect(client.tokens.get()?.accessToken).toBe(jwt(ASHA));
  });

  it('an untrusted device gets the challenge and nothing stored; verifyDevice finishes the sign-in', async () => {
    const { host, client, bodies } = setUp();
    host.override('POST /ums/rest/v3/login', () =>
      json(200, { response_message: 'Confirm this device', response_body: CHALLENGE }),
    );
    host.override('POST /ums/rest/v3/device-otp/validate', () =>
      json(200, { response_message: 'Signed in', response_body: success() }),
    );

    const first = await client.signIn({ username: 'secure@example.com', password: 'Password123' });
    expect(first).toEqual({
      status: 'device-verification-required',
      verification: {
        otp_reference: 'otp-ref-1',
        masked_destination: 's***@example.com',
        expires_in: 300,
        resend_after: 30,
      },
    });
    expect(client.tokens.get()).toBeNull();
    expect(client.session()).toBeNull();

    if (first.status !== 'device-verification-required') throw new Error('unreachable');
    const second = await client.verifyDevice({
      otp: '123456',
      otp_reference: first.verification.otp_reference,
      device_id: 'node-1',
      device_name: 'Node.js',
      trust_device: true,
    });
    expect(second).toEqual({ status: 'signed-in', session: { displayName: 'Asha Shopper', claims: ASHA } });
    expect(bodies('/ums/rest/v3/device-otp/validate')).toEqual([
      {
        otp: '123456',
        otp_reference: 'otp-ref-1',
        device_id: 'node-1',
        device_name: 'Node.js',
        trust_device: true,
      },
    ]);
    expect(client.tokens.get()?.refreshToken).toBe('refresh-asha');
  });

  it('replaces the session held whole: nothing of the previous grant is kept', async () => {
    const { host, client } = setUp();
    client.tokens.set(host.grant());
    host.override('POST /ums/rest/v3/login', () =>
      json(200, {
        response_message: 'Signed in',
        response_body: success({ refresh_token: null, id_token: null }),
      }),
    );
    await client.signIn({ username: 'shopper@example.com', password: 'Password123' });
    expect(client.tokens.get()).toEqual({ accessToken: jwt(ASHA), refreshToken: null, idToken: null });
  });

  it.each([
    [401, 'INVALID_CREDENTIALS', 'Incorrect e-mail, phone number or password'],
    [400, 'BAD_REQUEST', 'password must NOT have fewer than 8 characters'],
    [423, 'ACCOUNT_LOCKED', 'Your account is locked after too many attempts.'],
    [429, 'RATE_LIMITED', 'Too many attempts'],
    [503, 'SERVER_ERROR', 'Down for maintenance'],
  ])(
    'an answer %i rejects with code %s and the server message; the tokens held stay, no refresh, no session end',
    async (status, code, message) => {
      const { host, client, sessionEnded } = setUp();
      const held = host.grant();
      client.tokens.set(held);
      host.override('POST /ums/rest/v3/login', () =>
        json(status, { response_message: message, response_body: null }),
      );

      const error = await failure(client.signIn({ username: 'shopper@example.com', password: 'nope' }));

      expect(error).toMatchObject({ kind: 'http', code, status, responseMessage: message, method: 'POST' });
      expect(client.tokens.get()?.accessToken).toBe(held.access_token);
      expect(host.refreshCalls).toBe(0);
      expect(sessionEnded).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['SUCCESS without an access token', { login_status: 'SUCCESS', expires_in: 300 }],
    ['an unknown status', { login_status: 'MAYBE', access_token: 'x', expires_in: 300 }],
    ['a challenge without its reference', { login_status: 'DEVICE_VERIFICATION_REQUIRED' }],
    ['no body', null],
  ])('an answer with %s rejects with MALFORMED_REPLY and stores nothing', async (_, body) => {
    const { host, client } = setUp();
    host.override('POST /ums/rest/v3/login', () =>
      json(200, { response_message: 'Signed in', response_body: body }),
    );
    const error = await failure(client.signIn({ username: 'shopper@example.com', password: 'Password123' }));
    expect(error).toMatchObject({ kind: 'malformed', code: 'MALFORMED_REPLY' });
    expect(client.tokens.get()).toBeNull();
  });

  it('an unreachable host rejects with NETWORK_ERROR', async () => {
    const { host, client } = setUp();
    host.override('POST /ums/rest/v3/login', () => Promise.reject(new TypeError('fetch failed')));
    const error = await failure(client.signIn({ username: 'shopper@example.com', password: 'Password123' }));
    expect(error).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR' });
  });

  it('reads an opaque (non-JWT) token as a session without claims', async () => {
    const { host, client } = setUp();
    host.override('POST /ums/rest/v3/login', () =>
      json(200, {
        response_message: 'Signed in',
        response_body: success({ access_token: 'opaque', id_token: null }),
      }),
    );
    const result = await client.signIn({ username: 'shopper@example.com', password: 'Password123' });
    expect(result).toEqual({ status: 'signed-in', session: { displayName: '', claims: {} } });
  });
});

describe('client.session', () => {
  it('reads the id token when the access token has expired, and null for a guest', () => {
    const { client } = setUp();
    expect(client.session()).toBeNull();
    client.tokens.set({
      access_token: 'gone',
      refresh_token: 'r',
      id_token: jwt({ given_name: 'Asha' }),
      expires_in: 300,
    });
    expect(client.session()?.displayName).toBe('Asha');
    const tokens = createMemoryTokenStore();
    tokens.set({ access_token: jwt({ preferred_username: 'asha' }), expires_in: 300 });
    expect(createTestClient(createFakeHost(), { tokens }).session()?.displayName).toBe('asha');
  });
});

describe('client.signOut', () => {
  async function signedIn() {
    const setup = setUp();
    setup.host.override('POST /ums/rest/v3/login', () =>
      json(200, { response_message: 'Signed in', response_body: success() }),
    );
    await setup.client.signIn({ username: 'shopper@example.com', password: 'Password123' });
    return setup;
  }

  it('ends the session at the services host with the id token, then clears the tokens', async () => {
    const { host, client, bodies, sessionEnded } = await signedIn();
    host.override('POST /ums/rest/v3/session-logout', () =>
      json(200, { response_message: 'Signed out', response_body: { success: true } }),
    );

    expect(await client.signOut()).toEqual({ confirmed: true });
    expect(bodies('/ums/rest/v3/session-logout')).toEqual([{ id_token_hint: jwt({ ...ASHA, typ: 'ID' }) }]);
    // The tokens went before the call: it names the session by its ID token and carries no bearer.
    expect(host.requests.at(-1)?.headers.get('Authorization')).toBeNull();
    expect(client.tokens.get()).toBeNull();
    expect(client.session()).toBeNull();
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it.each([
    [
      'refused',
      () => json(400, { response_message: 'The id token is not valid', response_body: null }),
      'BAD_REQUEST',
    ],
    [
      'a 401 (never refreshed)',
      () => json(401, { response_message: 'Expired', response_body: null }),
      'UNAUTHORIZED',
    ],
    ['unreachable', () => Promise.reject(new TypeError('fetch failed')), 'NETWORK_ERROR'],
    [
      'an HTML page',
      () => new Response('<html></html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
      'MALFORMED_REPLY',
    ],
  ] as const)(
    'clears the tokens even when the logout call is %s, and says it was not confirmed',
    async (_, answer, code) => {
      const { host, client } = await signedIn();
      host.override('POST /ums/rest/v3/session-logout', answer);

      const result = await client.signOut();

      expect(result).toMatchObject({ confirmed: false, error: { code } });
      expect(client.tokens.get()).toBeNull();
      expect(host.refreshCalls).toBe(0);
    },
  );

  it('sends nothing without an id token, and still clears what is held', async () => {
    const { host, client } = setUp();
    expect(await client.signOut()).toEqual({ confirmed: false, error: null });
    client.tokens.set({ access_token: 'a', refresh_token: 'r', expires_in: 300 });
    expect(await client.signOut()).toEqual({ confirmed: false, error: null });
    expect(client.tokens.get()).toBeNull();
    expect(host.requests).toEqual([]);
  });
});

describe('the SDK in Node.js, with its defaults', () => {
  it('touches no browser global: made with a host, a store and a memory store, it signs in and calls', async () => {
    for (const name of ['document', 'location', 'localStorage', 'sessionStorage', 'window'])
      expect(name in globalThis, name).toBe(false);
    const host = createFakeHost();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) => host.fetch(new Request(input, init)));
    try {
      const client = createMarketClient({
        servicesHost: host.origin,
        store: 'demo',
        tokens: createMemoryTokenStore(),
      });
      host.override('POST /ums/rest/v3/login', () =>
        json(200, { response_message: 'Signed in', response_body: success() }),
      );
      const signedIn = await client.signIn({ username: 'shopper@example.com', password: 'Password123' });
      expect(signedIn.status).toBe('signed-in');
      const { response } = await client.GET('/pbs/rest/v3/languages');
      expect(response.status).toBe(200);
      expect(host.requests.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${jwt(ASHA)}`);
      expect(host.requests.at(-1)?.headers.has('X-XSRF-TOKEN')).toBe(false);
    } finally {
      fetch.mockRestore();
    }
  });
});

import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/index.ts';
import { createSandboxHandlers } from '../src/msw.ts';
import { createClock } from './support.ts';

const HOST = 'http://localhost:4010';
const clock = createClock();
const sandbox = createSandbox({ now: clock.now, accessTokenTtlSeconds: 5, log: () => {}, controlApi: true });
const server = setupServer(...createSandboxHandlers(sandbox));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  sandbox.faults.clear();
  await sandbox.reset();
});
afterAll(() => server.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${HOST}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', realmname: 'demo-customer', ...headers },
    body: JSON.stringify(body),
  });

async function signIn() {
  const response = await post('/ums/rest/v3/login', {
    username: 'shopper@example.com',
    password: 'Password123',
  });
  const body = (await response.json()) as {
    response_body: { access_token: string; refresh_token: string; id_token: string; expires_in: number };
  };
  return body.response_body;
}

const refresh = (token: string, realm = 'demo-customer') =>
  post('/ums/rest/v3/refresh-token', { refresh_token: token, realm_name: realm });
const profile = (accessToken: string) =>
  fetch(`${HOST}/ums/rest/v3/profile`, { headers: { Authorization: `Bearer ${accessToken}` } });

describe('refresh tokens', () => {
  it('rotate on every refresh', async () => {
    const first = await signIn();
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = ((await rotated.json()) as { response_body: { refresh_token: string } }).response_body;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await refresh(second.refresh_token)).status).toBe(200);
  });

  it('refuses an unknown token, a token of another store and an expired one', async () => {
    expect((await refresh('rt.not-a-token')).status).toBe(400);
    const session = await signIn();
    expect((await refresh(session.refresh_token, 'souq-customer')).status).toBe(400);
    clock.advance(31 * 86_400_000);
    expect((await refresh(session.refresh_token)).status).toBe(400);
  });
});

describe('refresh-token reuse window', () => {
  /** A sandbox of its own, called through `handle()`, with long-lived access tokens. */
  function sandboxWith(refreshReuseWindowSeconds?: number) {
    const own = createClock();
    const instance = createSandbox({
      now: own.now,
      log: () => {},
      ...(refreshReuseWindowSeconds !== undefined ? { refreshReuseWindowSeconds } : {}),
    });
    const call = (path: string, init: RequestInit = {}) =>
      instance.handle(new Request(`${HOST}${path}`, init));
    const postJson = (path: string, body: unknown) =>
      call(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
        body: JSON.stringify(body),
      });
    type Tokens = { access_token: string; refresh_token: string };
    const tokensOf = async (response: Response) => {
      expect(response.status).toBe(200);
      return ((await response.json()) as { response_body: Tokens }).response_body;
    };
    return {
      clock: own,
      signIn: async () =>
        tokensOf(
          await postJson('/ums/rest/v3/login', { username: 'shopper@example.com', password: 'Password123' }),
        ),
      refresh: (token: string) =>
        postJson('/ums/rest/v3/refresh-token', { refresh_token: token, realm_name: 'demo-customer' }),
      tokensOf,
      profileStatus: async (accessToken: string) =>
        (await call('/ums/rest/v3/profile', { headers: { Authorization: `Bearer ${accessToken}` } })).status,
    };
  }

  it('[R6] gives a token rotated away within the window a fresh grant for the same session, and every token handed out keeps working', async () => {
    const host = sandboxWith(); // the default window, 30 s
    const signedIn = await host.signIn();
    const first = await host.tokensOf(await host.refresh(signedIn.refresh_token));
    // The answer carrying `first` was lost (a reload): the page refreshes again with the old token.
    host.clock.advance(10_000);
    const again = await host.tokensOf(await host.refresh(signedIn.refresh_token));
    expect(again.refresh_token).not.toBe(first.refresh_token);
    expect(await host.profileStatus(again.access_token)).toBe(200);
    // The reuse rotated nothing away but the old token: the one that was current (held by another
    // tab, or by a page that did get the answer) still works, long after the window, and so does the
    // one the reuse handed out.
    host.clock.advance(120_000);
    const fromFirst = await host.tokensOf(await host.refresh(first.refresh_token));
    expect(await host.profileStatus(fromFirst.access_token)).toBe(200);
    const fromAgain = await host.tokensOf(await host.refresh(again.refresh_token));
    expect(await host.profileStatus(fromAgain.access_token)).toBe(200);
    // Each of them, once used, is rotated away like any other: back after the window, it ends the session.
    host.clock.advance(31_000);
    expect((await host.refresh(again.refresh_token)).status).toBe(400);
    expect(await host.profileStatus(fromFirst.access_token)).toBe(401);
  });

  it('lets two tabs that refresh with the same token at once both end up with working tokens', async () => {
    const host = sandboxWith();
    const signedIn = await host.signIn();
    const [tabA, tabB] = await Promise.all([
      host.refresh(signedIn.refresh_token).then(host.tokensOf),
      host.refresh(signedIn.refresh_token).then(host.tokensOf),
    ]);
    expect(tabA.refresh_token).not.toBe(tabB.refresh_token);
    for (const tab of [tabA, tabB]) {
      expect(await host.profileStatus(tab.access_token)).toBe(200);
      const next = await host.tokensOf(await host.refresh(tab.refresh_token));
      expect(await host.profileStatus(next.access_token)).toBe(200);
    }
  });

  it('ends the whole session when a rotated token comes back after the window (400)', async () => {
    const host = sandboxWith(30);
    const signedIn = await host.signIn();
    const current = await host.tokensOf(await host.refresh(signedIn.refresh_token));
    host.clock.advance(30_000);
    const reused = await host.refresh(signedIn.refresh_token);
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { response_message: string }).response_message).toMatch(/already used/);
    // Theft is assumed: the current refresh token and the session's access tokens stop working too.
    expect((await host.refresh(current.refresh_token)).status).toBe(400);
    expect(await host.profileStatus(current.access_token)).toBe(401);
  });

  it('with a window of 0, lets exactly one of two simultaneous refreshes win and ends the session', async () => {
    const host = sandboxWith(0);
    const signedIn = await host.signIn();
    const results = await Promise.all([
      host.refresh(signedIn.refresh_token),
      host.refresh(signedIn.refresh_token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = results.find((r) => r.status === 200);
    const tokens = await host.tokensOf(winner ?? new Response(null, { status: 500 }));
    expect(await host.profileStatus(tokens.access_token)).toBe(401);
  });

  it('refuses a negative window', () => {
    expect(() => createSandbox({ refreshReuseWindowSeconds: -1, log: () => {} })).toThrow(/0 or more/);
  });
});

describe('access tokens', () => {
  it('are signed JWTs naming the customer, valid for the configured lifetime', async () => {
    const session = await signIn();
    expect(session.expires_in).toBe(5);
    const [header, payload] = session.access_token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      name: 'Asha Shopper',
      given_name: 'Asha',
      preferred_username: 'shopper@example.com',
      realm: 'demo-customer',
    });
    expect((await profile(session.access_token)).status).toBe(200);
    clock.advance(6_000);
    const expired = await profile(session.access_token);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('are refused when tampered with', async () => {
    const session = await signIn();
    const [header, payload, signature] = session.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
    expect((await profile(`${header}.${forged}.${signature}`)).status).toBe(401);
  });

  it('all expire at once on request, while refresh tokens keep working', async () => {
    const session = await signIn();
    await fetch(`${HOST}/__sandbox/expire-tokens`, { method: 'POST' });
    expect((await profile(session.access_token)).status).toBe(401);
    const renewed = (
      (await (await refresh(session.refresh_token)).json()) as { response_body: { access_token: string } }
    ).response_body;
    expect((await profile(renewed.access_token)).status).toBe(200);
  });
});

describe('sign-in', () => {
  it('answers wrong credentials 401 (as the contract says), locks an account after five wrong passwords (423) and unlocks it with an OTP', async () => {
    const unknown = await post('/ums/rest/v3/login', {
      username: 'nobody@example.com',
      password: 'x'.repeat(8),
    });
    expect(unknown.status).toBe(401);
    expect(((await unknown.json()) as { response_message: string }).response_message).toBe(
      'Incorrect e-mail, phone number or password',
    );
    for (let i = 0; i < 4; i += 1)
      expect(
        (await post('/ums/rest/v3/login', { username: 'shopper@example.com', password: 'wrong-password' }))
          .status,
      ).toBe(401);
    expect(
      (await post('/ums/rest/v3/login', { username: 'shopper@example.com', password: 'wrong-password' }))
        .status,
    ).toBe(423);
    expect(
      (await post('/ums/rest/v3/login', { username: 'shopper@example.com', password: 'Password123' })).status,
    ).toBe(423);
    const challenge = (
      (await (
        await post('/ums/rest/v3/otp/generate', {
          identifier: 'shopper@example.com',
          identifier_type: 'email',
          purpose: 'self_unlock',
        })
      ).json()) as { response_body: { otp_reference: string } }
    ).response_body;
    const proof = (
      (await (
        await post('/ums/rest/v3/otp/validate', { otp_reference: challenge.otp_reference, otp: '123456' })
      ).json()) as { response_body: { verification_token: string } }
    ).response_body;
    expect(
      (await post('/ums/rest/v3/self-unlock', { verification_token: proof.verification_token })).status,
    ).toBe(200);
    expect(
      (await post('/ums/rest/v3/login', { username: 'shopper@example.com', password: 'Password123' })).status,
    ).toBe(200);
  });

  it('refuses a verification token twice and a wrong OTP five times', async () => {
    const challenge = (
      (await (
        await post('/ums/rest/v3/otp/generate', {
          identifier: '7000000001',
          identifier_type: 'phone',
          purpose: 'signup',
        })
      ).json()) as { response_body: { otp_reference: string } }
    ).response_body;
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post('/ums/rest/v3/otp/validate', { otp_reference: challenge.otp_reference, otp: '654321' }))
          .status,
      ).toBe(400);
    expect(
      (await post('/ums/rest/v3/otp/validate', { otp_reference: challenge.otp_reference, otp: '123456' }))
        .status,
    ).toBe(429);
  });

  it('[clock] the control API moves the clock forward: the wait between codes passes without waiting', async () => {
    const before = (await (await fetch(`${HOST}/__sandbox/clock`)).json()) as { now: string };
    const challenge = (
      (await (
        await post('/ums/rest/v3/otp/generate', {
          identifier: '7000000002',
          identifier_type: 'phone',
          purpose: 'signup',
        })
      ).json()) as { response_body: { otp_reference: string } }
    ).response_body;
    const regenerate = () => post('/ums/rest/v3/otp/regenerate', { otp_reference: challenge.otp_reference });
    expect((await regenerate()).status, 'too early').toBe(429);
    const advance = (advanceSeconds: unknown) =>
      fetch(`${HOST}/__sandbox/clock`, { method: 'POST', body: JSON.stringify({ advanceSeconds }) });
    for (const wrong of [0, -5, '31', null, Number.MAX_SAFE_INTEGER])
      expect((await advance(wrong)).status, `advanceSeconds ${String(wrong)}`).toBe(400);
    expect((await regenerate()).status, 'still too early: a refused move changed nothing').toBe(429);
    const moved = (await (await advance(31)).json()) as { now: string };
    // 31 s ahead, plus the real time the calls above took.
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBeGreaterThanOrEqual(31_000);
    expect(Date.parse(moved.now) - Date.parse(before.now)).toBeLessThan(31_000 + 60_000);
    expect((await regenerate()).status, 'the wait is over').toBe(200);
    // The clock never goes back, not even with the state.
    await sandbox.reset();
    const afterReset = ((await (await fetch(`${HOST}/__sandbox/clock`)).json()) as { now: string }).now;
    expect(Date.parse(afterReset)).toBeGreaterThanOrEqual(Date.parse(moved.now));
    expect(() => sandbox.advanceClock(Number.NaN)).toThrow(/advanceClock takes seconds/);
  });

  it('names the invalid field when the body breaks the contract', async () => {
    const response = await post('/ums/rest/v3/otp/generate', {
      identifier: 'x',
      identifier_type: 'fax',
      purpose: 'signup',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string }[]; response_body: null };
    expect(body.response_body).toBeNull();
    expect(body.errors.map((e) => e.field)).toContain('identifier_type');
  });

  it.each<[string, string, Record<string, unknown>, { field: string; code: string; limit?: number }]>([
    [
      'a password shorter than 8 characters',
      '/ums/rest/v3/login',
      { username: 'asha@example.com', password: 'short' },
      { field: 'password', code: 'TOO_SHORT', limit: 8 },
    ],
    [
      'a missing value names itself',
      '/ums/rest/v3/login',
      { password: 'long enough' },
      { field: 'username', code: 'REQUIRED' },
    ],
    [
      'a value outside the list',
      '/ums/rest/v3/otp/generate',
      { identifier: 'a@example.com', identifier_type: 'fax', purpose: 'signup' },
      { field: 'identifier_type', code: 'NOT_ALLOWED' },
    ],
    [
      'a code not in its form',
      '/ums/rest/v3/otp/validate',
      { otp_reference: 'ref', otp: '12ab' },
      { field: 'otp', code: 'INVALID_FORMAT' },
    ],
    [
      'a value the request does not take names itself',
      '/ums/rest/v3/login',
      { username: 'asha@example.com', password: 'long enough', colour: 'red' },
      { field: 'colour', code: 'UNKNOWN_FIELD' },
    ],
  ])('a contract 400 gives each field its code: %s', async (_case, path, body, expected) => {
    const response = await post(path, body);
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { errors: { field: string; code: string; limit?: number }[] };
    expect(reply.errors).toContainEqual(expect.objectContaining(expected));
  });
});

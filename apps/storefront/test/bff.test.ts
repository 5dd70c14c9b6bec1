import { request as httpRequest } from 'node:http';
import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorefrontServer } from '../server/start.ts';

// The session's tokens as the server-rendered storefront keeps them (server/session-tokens.ts): the
// real ones in HttpOnly cookies of its own, the page holding copies the services host refuses, and the
// `/api` proxy swapping one for the other. Over the real build (`pnpm build` first) and the sandbox.

let sandbox: SandboxServer;
let server: Awaited<ReturnType<typeof startStorefrontServer>>;
/** Behind a proxy that ends TLS (`X-Forwarded-Proto: https`): the page is on https. */
let behindTls: Awaited<ReturnType<typeof startStorefrontServer>>;

// Pages wait for the sandbox as long as a loaded two-core machine needs (with the default 500 ms a
// page rendered beside a browser suite came without the store's answers, so without its header).
const WAITS = { dataTimeoutMs: 30_000, upstreamTimeoutMs: 30_000 };

beforeAll(async () => {
  sandbox = await startSandboxServer({ port: 0, log: () => {} });
  server = await startStorefrontServer({ servicesHost: sandbox.url, ...WAITS });
  behindTls = await startStorefrontServer({ servicesHost: sandbox.url, trustProxy: true, ...WAITS });
});

afterAll(async () => {
  await server.close();
  await behindTls.close();
  await sandbox.close();
});

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
  json: () => { response_body?: Record<string, unknown> } & Record<string, unknown>;
}

/** A call to `base` (the storefront as the demo store's host, or the sandbox) on a connection of its own. */
function call(
  base: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: unknown },
) {
  const url = new URL(path, base);
  const sent = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        agent: false,
        headers: {
          host: base === sandbox.url ? url.host : `demo.localhost:${url.port}`,
          realmname: 'demo-customer',
          ...(sent ? { 'content-type': 'application/json', 'content-length': String(sent.length) } : {}),
          ...headers,
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: answer.statusCode ?? 0,
            setCookie: answer.headers['set-cookie'] ?? [],
            body: text,
            json: () => JSON.parse(text),
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent);
  });
}
const storefront = (path: string, options: Parameters<typeof call>[2] = {}) =>
  call(`http://127.0.0.1:${server.port}`, `/api${path}`, options);
const upstream = (path: string, options: Parameters<typeof call>[2] = {}) => call(sandbox.url, path, options);

/** The cookies an answer set, by name (value, and the line's attributes). */
const cookiesOf = (answer: Answer) =>
  Object.fromEntries(
    answer.setCookie.map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at), { value: decodeURIComponent(pair.slice(at + 1)), line }];
    }),
  );

const CREDENTIALS = { username: 'shopper@example.com', password: 'Password123' };

/** A sign-in through `/api`: the real tokens (HttpOnly cookies) and the page's copies (the body). */
async function signIn() {
  const answer = await storefront('/ums/rest/v3/login', { method: 'POST', body: CREDENTIALS });
  expect(answer.status).toBe(200);
  const set = cookiesOf(answer);
  const page = answer.json().response_body as Record<string, string>;
  const real = {
    access: set.mk_access?.value ?? '',
    refresh: set.mk_refresh?.value ?? '',
    id: set.mk_id?.value ?? '',
  };
  const copies = {
    access: page.access_token ?? '',
    refresh: page.refresh_token ?? '',
    id: page.id_token ?? '',
  };
  const cookie = `access_token=${copies.access}; mk_access=${real.access}; mk_refresh=${real.refresh}; mk_id=${real.id}`;
  return { answer, real, copies, cookie };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/api keeps the session’s tokens out of the page (backend-for-frontend)', () => {
  it('[K1] a sign-in sets the real tokens HttpOnly; the page gets copies the services host refuses', async () => {
    const { answer, real, copies } = await signIn();
    for (const name of ['mk_access', 'mk_refresh', 'mk_id']) {
      const line = cookiesOf(answer)[name]?.line ?? '';
      expect(line, name).toMatch(/; HttpOnly/);
      expect(line, name).toMatch(/; SameSite=Strict/);
      expect(line, name).toMatch(/; Path=\//);
    }
    expect(cookiesOf(answer).mk_access?.line).toMatch(/Max-Age=300;/);
    expect(cookiesOf(answer).mk_refresh?.line).toMatch(/Max-Age=\d{6,};/);
    for (const token of Object.values(real)) expect(answer.body).not.toContain(token);
    expect(answer.json().response_body).toMatchObject({ login_status: 'SUCCESS', expires_in: 300 });
    // What the page got reads as the session (claims) but the services host refuses it.
    expect(JSON.parse(Buffer.from(copies.access.split('.')[1] ?? '', 'base64url').toString())).toMatchObject({
      sub: expect.any(String),
      exp: expect.any(Number),
    });
    expect((await upstream('/ums/rest/v3/profile', { headers: bearer(copies.access) })).status).toBe(401);
    expect((await upstream('/ums/rest/v3/profile', { headers: bearer(real.access) })).status).toBe(200);
    const refreshWithCopy = await upstream('/ums/rest/v3/refresh-token', {
      method: 'POST',
      body: { refresh_token: copies.refresh, realm_name: 'demo-customer' },
    });
    expect(refreshWithCopy.status).toBeGreaterThanOrEqual(400);
    expect(refreshWithCopy.body).not.toContain('access_token');
  });

  it('[K2] a call with the page’s copy reaches the services host with the real token; a copy that is not the cookie’s is not swapped', async () => {
    const { copies, cookie } = await signIn();
    const mine = await storefront('/ums/rest/v3/profile', { headers: { ...bearer(copies.access), cookie } });
    expect(mine.status).toBe(200);
    // Without the HttpOnly cookie (a script that took the copy elsewhere), or with another session's.
    expect((await storefront('/ums/rest/v3/profile', { headers: bearer(copies.access) })).status).toBe(401);
    const other = await signIn();
    const crossed = await storefront('/ums/rest/v3/profile', {
      headers: { ...bearer(other.copies.access), cookie },
    });
    expect(crossed.status).toBe(401);
  });

  it('[K3] a token-using call the browser marks as another site’s is refused, nothing attached', async () => {
    const { copies, cookie } = await signIn();
    const forged = await storefront('/ums/rest/v3/profile', {
      headers: { ...bearer(copies.access), cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    const foreignOrigin = await storefront('/ums/rest/v3/profile', {
      headers: { ...bearer(copies.access), cookie, origin: 'https://evil.example' },
    });
    expect(foreignOrigin.status).toBe(403);
    // Nor does another site end the session: its sign-out clears nothing.
    const forcedOut = await storefront('/ums/rest/v3/session-logout', {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      body: { id_token_hint: 'x' },
    });
    expect(forcedOut.setCookie).toEqual([]);
  });

  it('[K2] a refresh through /api rotates the HttpOnly cookies; a stale copy is refused and clears nothing', async () => {
    const { real, copies, cookie } = await signIn();
    const refreshed = await storefront('/ums/rest/v3/refresh-token', {
      method: 'POST',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      body: { refresh_token: copies.refresh, realm_name: 'demo-customer' },
    });
    expect(refreshed.status).toBe(200);
    const set = cookiesOf(refreshed);
    expect(set.mk_access?.value).toMatch(/\..+\./);
    expect(set.mk_access?.value).not.toBe(real.access);
    expect(set.mk_refresh?.value).not.toBe(real.refresh);
    expect(set.mk_refresh?.line).toMatch(/; HttpOnly/);
    for (const token of [set.mk_access?.value, set.mk_refresh?.value, set.mk_id?.value])
      expect(refreshed.body).not.toContain(token);
    const page = refreshed.json().response_body as Record<string, string>;
    expect(page.refresh_token).not.toBe(copies.refresh);
    // The new real token works at the services host; the rotated one does not.
    expect(
      (await upstream('/ums/rest/v3/profile', { headers: bearer(set.mk_access?.value ?? '') })).status,
    ).toBe(200);
    // The old copy against the new cookie: not swapped, refused, and the new session is kept.
    const newCookie = `mk_access=${set.mk_access?.value}; mk_refresh=${set.mk_refresh?.value}; mk_id=${set.mk_id?.value}`;
    const stale = await storefront('/ums/rest/v3/refresh-token', {
      method: 'POST',
      headers: { cookie: newCookie },
      body: { refresh_token: copies.refresh, realm_name: 'demo-customer' },
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.setCookie).toEqual([]);
  });

  it('[R6] a refresh whose answer the page never stored: the next one, with the old copy, renews the session', async () => {
    const { real, copies, cookie } = await signIn();
    const lost = await storefront('/ums/rest/v3/refresh-token', {
      method: 'POST',
      headers: { cookie },
      body: { refresh_token: copies.refresh, realm_name: 'demo-customer' },
    });
    expect(lost.status).toBe(200);
    // The browser took the answer's cookies; the page went before it stored the copies.
    const set = cookiesOf(lost);
    expect(set.mk_refresh_prev?.value).toBe(real.refresh);
    expect(set.mk_refresh_prev?.line).toMatch(/; HttpOnly/);
    const jar = `mk_access=${set.mk_access?.value}; mk_refresh=${set.mk_refresh?.value}; mk_id=${set.mk_id?.value}; mk_refresh_prev=${set.mk_refresh_prev?.value}`;
    const next = await storefront('/ums/rest/v3/refresh-token', {
      method: 'POST',
      headers: { cookie: jar },
      body: { refresh_token: copies.refresh, realm_name: 'demo-customer' },
    });
    // Within the services host's reuse window: a fresh grant for the same session.
    expect(next.status).toBe(200);
    expect(cookiesOf(next).mk_refresh?.line).toMatch(/; HttpOnly/);
    expect(next.body).not.toContain(cookiesOf(next).mk_refresh?.value);
  });

  it('sign-out ends the session at the services host and clears the HttpOnly cookies', async () => {
    const { real, copies, cookie } = await signIn();
    const out = await storefront('/ums/rest/v3/session-logout', {
      method: 'POST',
      headers: { cookie },
      body: { id_token_hint: copies.id },
    });
    expect(out.status).toBeLessThan(300);
    const set = cookiesOf(out);
    for (const name of ['mk_access', 'mk_refresh', 'mk_id']) {
      expect(set[name]?.value, name).toBe('');
      expect(set[name]?.line, name).toMatch(/Expires=Thu, 01 Jan 1970/);
    }
    expect((await upstream('/ums/rest/v3/profile', { headers: bearer(real.access) })).status).toBe(401);
  });

  it('a server-rendered page reads the session from the HttpOnly token, while the page holds its copy', async () => {
    const { real, copies } = await signIn();
    const signedIn = async (cookie: string) => {
      const answer = await call(`http://127.0.0.1:${server.port}`, '/', { headers: { cookie } });
      expect(answer.status).toBe(200);
      for (const token of Object.values(real)) expect(answer.body).not.toContain(token);
      return /aria-label="Account menu of [^"]+"/.test(answer.body);
    };
    expect(await signedIn(`access_token=${copies.access}; mk_access=${real.access}`)).toBe(true);
    // A copy alone is no session (nothing vouches for it), nor is a real token the page let go of.
    expect(await signedIn(`access_token=${copies.access}`)).toBe(false);
    expect(await signedIn(`mk_access=${real.access}`)).toBe(false);
  });

  it('a page asked for with real tokens the page let go of (a sign-out that never reached the server) clears them', async () => {
    const { real, copies } = await signIn();
    const realCookies = `mk_access=${real.access}; mk_refresh=${real.refresh}; mk_id=${real.id}`;
    const page = (cookie: string) =>
      call(`http://127.0.0.1:${server.port}`, '/productListing', { headers: { cookie } });
    // The page's copies are gone (it signed out): the real ones are deleted with the page's answer.
    const letGo = await page(realCookies);
    expect(letGo.status).toBe(200);
    const set = cookiesOf(letGo);
    for (const name of ['mk_access', 'mk_refresh', 'mk_id', 'mk_refresh_prev']) {
      expect(set[name]?.value, name).toBe('');
      expect(set[name]?.line, name).toMatch(/Expires=Thu, 01 Jan 1970/);
    }
    // With its copy of the refresh token the session is the page's: nothing is cleared.
    const held = await page(`refresh_token=${copies.refresh}; access_token=${copies.access}; ${realCookies}`);
    expect(Object.keys(cookiesOf(held))).not.toContain('mk_refresh');
  });

  it('[K1] on https the real tokens are __Host- cookies, Secure, and the page’s copies swap back', async () => {
    const https = (path: string, options: Parameters<typeof call>[2] = {}) =>
      call(`http://127.0.0.1:${behindTls.port}`, `/api${path}`, {
        ...options,
        headers: { 'x-forwarded-proto': 'https', ...options.headers },
      });
    const answer = await https('/ums/rest/v3/login', { method: 'POST', body: CREDENTIALS });
    expect(answer.status).toBe(200);
    const set = cookiesOf(answer);
    expect(Object.keys(set).sort()).toEqual(['__Host-mk_access', '__Host-mk_id', '__Host-mk_refresh']);
    for (const { line } of Object.values(set)) {
      expect(line).toMatch(/; HttpOnly; Secure; SameSite=Strict/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
    }
    const copy = (answer.json().response_body as Record<string, string>).access_token ?? '';
    const cookie = `__Host-mk_access=${set['__Host-mk_access']?.value}`;
    expect((await https('/ums/rest/v3/profile', { headers: { ...bearer(copy), cookie } })).status).toBe(200);
    // The plain name is not read on https (another host of the site could have set it).
    const plain = `mk_access=${set['__Host-mk_access']?.value}`;
    expect(
      (await https('/ums/rest/v3/profile', { headers: { ...bearer(copy), cookie: plain } })).status,
    ).toBe(401);
  });

  it('a failed sign-in sets nothing', async () => {
    const failed = await storefront('/ums/rest/v3/login', {
      method: 'POST',
      body: { ...CREDENTIALS, password: 'wrong-password' },
    });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.setCookie).toEqual([]);
  });
});

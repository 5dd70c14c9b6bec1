import { describe, expect, it } from 'vitest';
import { createCookieTokenStore, createMemoryTokenStore, resolveAssetUrl } from '../src/index.ts';
import { createCookieJar, createLaggingCookies } from './fake-host.ts';

const grant = {
  access_token: 'a.b.c',
  refresh_token: 'r-1',
  id_token: 'i-1',
  expires_in: 300,
  refresh_expires_in: 172800,
};

describe('cookie token store', () => {
  const now = Date.parse('2026-11-21T10:00:00Z');

  it('writes SameSite=Strict cookies whose lifetime in days is seconds / 86400', () => {
    const jar = createCookieJar(() => now);
    createCookieTokenStore({ document: jar, now: () => now, secure: false }).set(grant);
    const [access, refresh, id] = jar.written;
    expect(access).toBe(
      `access_token=a.b.c; Path=/; Expires=${new Date(now + 300_000).toUTCString()}; SameSite=Strict`,
    );
    expect(refresh).toBe(
      `refresh_token=r-1; Path=/; Expires=${new Date(now + 172_800_000).toUTCString()}; SameSite=Strict`,
    );
    expect(id).toContain('id_token=i-1;');
    expect(jar.written.every((cookie) => !cookie.includes('Secure'))).toBe(true);
  });

  it('a lifetime of 0 (offline sessions) gives session cookies, never an immediate deletion', () => {
    const jar = createCookieJar(() => now);
    const store = createCookieTokenStore({ document: jar, now: () => now });
    store.set({ ...grant, refresh_expires_in: 0 });
    expect(jar.written[1]).toBe('refresh_token=r-1; Path=/; SameSite=Strict');
    expect(store.get()?.refreshToken).toBe('r-1');
  });

  it('adds Secure when asked (the default on https pages)', () => {
    const jar = createCookieJar(() => now);
    createCookieTokenStore({ document: jar, now: () => now, secure: true }).set(grant);
    expect(jar.written.every((cookie) => cookie.endsWith('; SameSite=Strict; Secure'))).toBe(true);
  });

  it('reads the tokens back and clears them all', () => {
    const jar = createCookieJar(() => now);
    const store = createCookieTokenStore({ document: jar, now: () => now });
    expect(store.get()).toBeNull();
    store.set(grant);
    expect(store.get()).toEqual({ accessToken: 'a.b.c', refreshToken: 'r-1', idToken: 'i-1' });
    store.clear();
    expect(store.get()).toBeNull();
    expect(jar.cookie).toBe('');
  });

  it('keeps the refresh and id tokens when a grant omits them', () => {
    const jar = createCookieJar(() => now);
    const store = createCookieTokenStore({ document: jar, now: () => now });
    store.set(grant);
    store.set({ access_token: 'new', expires_in: 300 });
    expect(store.get()).toEqual({ accessToken: 'new', refreshToken: 'r-1', idToken: 'i-1' });
  });

  it('reads document.cookie once per run of code, however often asked (a render asks per component); its own writes, the next run and a clock a second on read again', async () => {
    let clock = now;
    const jar = createCookieJar(() => clock);
    let reads = 0;
    const counted = {
      get cookie() {
        reads += 1;
        return jar.cookie;
      },
      set cookie(raw: string) {
        jar.cookie = raw;
      },
    };
    const store = createCookieTokenStore({ document: counted, now: () => clock });
    store.set(grant);
    await Promise.resolve();
    reads = 0;
    for (let ask = 0; ask < 20; ask += 1) expect(store.get()?.accessToken).toBe('a.b.c');
    expect(reads).toBe(1);

    store.set({ access_token: 'new', expires_in: 300 });
    expect(store.get()?.accessToken).toBe('new');

    await Promise.resolve();
    reads = 0;
    store.get();
    store.get();
    expect(reads).toBe(1);

    clock += 1000;
    store.get();
    expect(reads).toBe(2);
  });

  it('fails clearly outside a browser without a document', () => {
    expect(() => createCookieTokenStore()).toThrow(/needs options.document/);
  });
});

describe('memory token store', () => {
  it('holds, merges and clears tokens', () => {
    const store = createMemoryTokenStore(grant);
    expect(store.get()).toEqual({ accessToken: 'a.b.c', refreshToken: 'r-1', idToken: 'i-1' });
    store.set({ access_token: 'x', expires_in: 1 });
    expect(store.get()?.refreshToken).toBe('r-1');
    store.clear();
    expect(store.get()).toBeNull();
  });
});

describe('token store subscriptions', () => {
  const stores = {
    memory: () => createMemoryTokenStore(),
    cookies: () => createCookieTokenStore({ document: createCookieJar(), cookieStore: null }),
  };

  it.each(Object.entries(stores))(
    '%s: tells its listeners once per change, gives the same object while nothing changed, and stops when asked',
    (_name, make) => {
      const store = make();
      const heard: (string | null)[] = [];
      const stop = store.subscribe?.(() => heard.push(store.get()?.accessToken ?? null));
      expect(store.get()).toBeNull();
      store.set(grant);
      const first = store.get();
      expect(store.get()).toBe(first); // stable: useSyncExternalStore would loop otherwise
      store.set(grant); // the same tokens again: nothing changed
      expect(store.get()).toBe(first);
      store.set({ access_token: 'a.b.d', expires_in: 300 });
      expect(store.get()).toEqual({ accessToken: 'a.b.d', refreshToken: 'r-1', idToken: 'i-1' });
      store.clear();
      store.clear();
      expect(heard).toEqual(['a.b.c', 'a.b.d', null]);
      stop?.();
      store.set(grant);
      expect(heard).toHaveLength(3);
    },
  );

  it("cookies: another tab's sign-in is heard through the Cookie Store API's change events while anyone listens", async () => {
    const cookies = createLaggingCookies();
    type Listener = (event: { changed?: { name: string }[]; deleted?: { name: string }[] }) => void;
    const listeners = new Set<Listener>();
    const reads: string[] = [];
    const cookieStore = {
      get: (name: string) => {
        reads.push(name);
        return cookies.cookieStore.get(name);
      },
      addEventListener: (_type: 'change', listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: 'change', listener: Listener) => listeners.delete(listener),
    };
    const tabA = cookies.tab();
    const mine = createCookieTokenStore({ document: tabA, cookieStore });
    const other = createCookieTokenStore({ document: cookies.tab(), cookieStore: null });
    expect(listeners.size).toBe(0); // nothing is listened to until someone subscribes
    let heard = 0;
    let told = () => {};
    const stop = mine.subscribe?.(() => {
      heard += 1;
      told();
    });
    expect(listeners.size).toBe(1);

    // A change of a cookie the store does not read is ignored (not even read).
    for (const listener of listeners) listener({ changed: [{ name: 'mk_ln' }] });
    expect(reads).toEqual([]);

    tabA.freeze(); // this tab's document.cookie lags behind
    const hearing = new Promise<void>((resolve) => {
      told = resolve;
    });
    other.set(grant);
    for (const listener of listeners) listener({ changed: [{ name: 'access_token' }] });
    await hearing;
    expect(heard).toBe(1);
    expect(mine.get()?.accessToken).toBe('a.b.c');

    stop?.();
    expect(listeners.size).toBe(0);
  });

  it('cookies: sync() tells the listeners what another tab changed, even without the Cookie Store API', async () => {
    const jar = createCookieJar();
    const mine = createCookieTokenStore({ document: jar, cookieStore: null });
    const other = createCookieTokenStore({ document: jar, cookieStore: null });
    other.set(grant);
    let heard = 0;
    mine.subscribe?.(() => {
      heard += 1;
    });
    await mine.sync?.();
    expect(heard).toBe(1);
    expect(mine.get()?.accessToken).toBe('a.b.c');
    await mine.sync?.();
    expect(heard).toBe(1);
    other.clear();
    await mine.sync?.();
    expect(heard).toBe(2);
    expect(mine.get()).toBeNull();
  });
});

describe('asset URLs', () => {
  it.each([
    ['/assets/p/12.webp', 'https://services.test/assets/p/12.webp'],
    ['assets/logo.svg', 'https://services.test/assets/logo.svg'],
    ['  /assets/a b.png ', 'https://services.test/assets/a%20b.png'],
    ['https://cdn.test/x.png', 'https://cdn.test/x.png'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['/\\evil.test/x.png', null],
    // Reads as a path but names another host (what a path joined twice gives): never followed.
    ['//cdn.test/x.png', null],
    ['java\tscript:alert(1)', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%s → %s', (path, expected) => {
    expect(resolveAssetUrl('https://services.test', path)).toBe(expected);
  });

  it('keeps a base path on the services host', () => {
    expect(resolveAssetUrl('https://host.test/api/', '/assets/x.png')).toBe(
      'https://host.test/api/assets/x.png',
    );
  });
});

import { grantOf } from './session.ts';
import type { TokenGrant, TokenStore } from './tokens.ts';

/** The part of the Web Locks API the refresh needs; injectable for tests and non-browser hosts. */
export interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** The part of `BroadcastChannel` the refresh needs; injectable for tests. */
export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** What a tab tells the others when it has stored a refreshed grant. */
interface GrantMessage {
  type: 'marketkit:tokens-refreshed';
  /** The refresh token the grant replaced: only a tab still holding it takes the grant. */
  replaced: string;
  grant: TokenGrant;
}

const isGrantMessage = (data: unknown): data is GrantMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as GrantMessage).type === 'marketkit:tokens-refreshed' &&
  typeof (data as GrantMessage).replaced === 'string' &&
  typeof (data as GrantMessage).grant?.access_token === 'string';

/** Why the session ended. */
export type SessionEndReason =
  /** A guest (no tokens at all) was refused with 401. */
  | 'unauthenticated'
  /** The token endpoint refused the refresh token (expired, revoked, reused). */
  | 'refresh-rejected'
  /** The tokens disappeared while a request was in flight (signed out in another tab). */
  | 'ended-elsewhere';

export type RefreshOutcome =
  | { kind: 'refreshed'; accessToken: string }
  | { kind: 'rejected' }
  | { kind: 'unavailable'; cause: unknown };

export interface RefreshCoordinatorOptions {
  tokens: TokenStore;
  /** Sends the refresh call; answers the raw `Response`. */
  requestRefresh: (
    body: { refresh_token: string; realm_name: string },
    signal: AbortSignal,
  ) => Promise<Response>;
  realm: string;
  /** Cross-tab lock; defaults to `navigator.locks` when present. `null` disables it. */
  locks?: LockManagerLike | null;
  /**
   * Where a refreshed grant is shared with the store's other tabs, under the lock, the moment it is
   * stored: a tab whose cookies lag behind takes it instead of refreshing again with the rotated
   * token. Defaults to a `BroadcastChannel` named after the lock when the lock is the browser's own
   * (`navigator.locks`); `null` disables it.
   */
  channel?: BroadcastChannelLike | null;
  /** Lock name; include the store so tenants never wait on each other. */
  lockName: string;
  /** Bound on waiting for the lock, and separately on the refresh call, in ms. */
  timeoutMs: number;
  onTokensRefreshed?: (grant: TokenGrant) => void;
}

export interface RefreshCoordinator {
  /**
   * Gets a usable access token after a 401 that was sent with `staleAccessToken` (or with none).
   * One refresh runs at a time and concurrent callers share it; a caller whose token was already
   * replaced gets the new one without another refresh. A rejected outcome clears the tokens unless
   * another tab signed in or out meanwhile.
   */
  refresh(staleAccessToken: string | null): Promise<RefreshOutcome>;
}

/**
 * The platform's `BroadcastChannel`, never holding a process open: a Node.js that has `navigator.locks`
 * (newer releases do) keeps running while a listening channel is referenced, so a script never ends.
 */
function defaultChannel(name: string): BroadcastChannelLike {
  const channel = new BroadcastChannel(name);
  (channel as { unref?: () => void }).unref?.();
  return channel;
}

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  const { tokens, timeoutMs } = options;
  const locks =
    options.locks === undefined
      ? ((globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks ?? null)
      : options.locks;
  let inFlight: Promise<RefreshOutcome> | null = null;
  const channel =
    options.channel !== undefined
      ? options.channel
      : options.locks === undefined && locks && typeof BroadcastChannel === 'function'
        ? defaultChannel(options.lockName)
        : null;
  // Another tab stored a grant that replaced the refresh token this tab still holds: take it.
  channel?.addEventListener('message', ({ data }) => {
    if (isGrantMessage(data) && tokens.get()?.refreshToken === data.replaced) tokens.set(data.grant);
  });

  function alreadyReplaced(stale: string | null): RefreshOutcome | null {
    const current = tokens.get()?.accessToken;
    return current && current !== stale ? { kind: 'refreshed', accessToken: current } : null;
  }

  /** What the store says now, when another tab changed it under us. */
  const fromStore = (): RefreshOutcome => alreadyReplaced(null) ?? { kind: 'rejected' };

  /**
   * Waits (briefly) until the browser's cookie store shows the new tokens before the lock is released:
   * a cookie write settles asynchronously, and the next tab to take the lock must find the new tokens
   * rather than refresh again with the old, rotated refresh token. A read-back that stays stale is
   * dropped (`set` again), so it can never stand in for the new tokens.
   */
  async function settled(grant: TokenGrant, previous: string | null) {
    if (!tokens.sync) return;
    let seen: string | null = null;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await tokens.sync();
      seen = tokens.get()?.accessToken ?? null;
      if (seen === grant.access_token) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Still the tokens we replaced: a stale read, not another tab's doing. Write them again.
    if (seen === previous) tokens.set(grant);
  }

  async function runRefresh(stale: string | null): Promise<RefreshOutcome> {
    // Re-read under the lock: another tab (or an earlier refresh here) may have done the work. Its
    // message, posted before it let the lock go, is delivered first (a task of its own).
    if (channel) await new Promise((resolve) => setTimeout(resolve, 0));
    await tokens.sync?.();
    const replaced = alreadyReplaced(stale);
    if (replaced) return replaced;
    const refreshToken = tokens.get()?.refreshToken;
    if (!refreshToken) return { kind: 'rejected' };
    const stillOurs = () => tokens.get()?.refreshToken === refreshToken;

    let response: Response;
    try {
      response = await withTimeout(timeoutMs, (signal) =>
        options.requestRefresh({ refresh_token: refreshToken, realm_name: options.realm }, signal),
      );
    } catch (cause) {
      return { kind: 'unavailable', cause };
    }
    if ([400, 401, 403].includes(response.status)) {
      void response.body?.cancel().catch(() => {});
      if (!stillOurs()) return fromStore();
      tokens.clear();
      return { kind: 'rejected' };
    }
    const grant = response.ok ? await readGrant(response) : null;
    if (!response.ok) void response.body?.cancel().catch(() => {});
    if (!grant) return { kind: 'unavailable', cause: new Error(`refresh answered ${response.status}`) };
    if (!stillOurs()) return fromStore(); // signed out (or in again) meanwhile: never resurrect
    const previous = tokens.get()?.accessToken ?? null;
    // Stored before anything else reads the answer, and told to the other tabs at once (still under
    // the lock): a tab that reloads or closes now has kept the rotated grant in its cookies.
    tokens.set(grant);
    channel?.postMessage({
      type: 'marketkit:tokens-refreshed',
      replaced: refreshToken,
      grant,
    } satisfies GrantMessage);
    await settled(grant, previous);
    // Signed out (or in as someone else) while the write settled: never resurrect this grant.
    if (tokens.get()?.accessToken !== grant.access_token) return fromStore();
    options.onTokensRefreshed?.(grant);
    return { kind: 'refreshed', accessToken: grant.access_token };
  }

  async function refreshAcrossTabs(stale: string | null): Promise<RefreshOutcome> {
    if (!locks) return runRefresh(stale);
    const waiting = new AbortController();
    const timer = setTimeout(
      () =>
        waiting.abort(new DOMException(`refresh lock not granted within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    try {
      return await locks.request(options.lockName, { signal: waiting.signal }, () => {
        clearTimeout(timer);
        return runRefresh(stale);
      });
    } catch (cause) {
      return { kind: 'unavailable', cause };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    refresh(stale) {
      if (inFlight) return inFlight;
      const replaced = alreadyReplaced(stale);
      if (replaced) return Promise.resolve(replaced);
      inFlight = refreshAcrossTabs(stale).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

/**
 * Runs `work` with an abort signal and settles within `ms` whether or not `work` honours the signal
 * (a hung refresh must never hold every waiting request hostage).
 */
function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const reason = new DOMException('refresh timed out', 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  const running = Promise.resolve().then(() => work(controller.signal));
  return Promise.race([running, expired]).finally(() => clearTimeout(timer));
}

async function readGrant(response: Response): Promise<TokenGrant | null> {
  try {
    return grantOf(((await response.json()) as { response_body?: unknown } | null)?.response_body);
  } catch {
    return null;
  }
}

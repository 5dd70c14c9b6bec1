import type { TokenGrant, TokenStore } from './tokens.ts';

/** The part of the Web Locks API the refresh needs; injectable for tests and non-browser hosts. */
export interface LockManagerLike {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

/** Why the session ended. */
export type SessionEndReason =
  /** A guest (no tokens at all) was refused with 401. */
  | 'unauthenticated'
  /** The token endpoint refused the refresh token (expired, revoked, reused). */
  | 'refresh-rejected';

export type RefreshOutcome =
  | { kind: 'refreshed'; accessToken: string }
  | { kind: 'rejected' }
  | { kind: 'unavailable'; cause: unknown };

export interface RefreshCoordinatorOptions {
  tokens: TokenStore;
  /** Sends the refresh call; answers the raw `Response` (the transport's plain fetch). */
  requestRefresh: (
    body: { refresh_token: string; realm_name: string },
    signal: AbortSignal,
  ) => Promise<Response>;
  realm: string;
  /** Cross-tab lock; defaults to `navigator.locks` when present. `null` disables it. */
  locks?: LockManagerLike | null;
  /** Lock name; include the store so tenants never wait on each other. */
  lockName: string;
  /** Bound on waiting for the lock and on the refresh call, in ms. */
  timeoutMs: number;
  onSessionEnded: (reason: SessionEndReason) => void;
  onTokensRefreshed?: (grant: TokenGrant) => void;
}

export interface RefreshCoordinator {
  /**
   * Gets a usable access token after a 401 that was sent with `staleAccessToken` (or with none).
   * One refresh runs at a time; concurrent callers share it; a caller whose token was already
   * replaced gets the new one without another refresh.
   */
  refresh(staleAccessToken: string | null): Promise<RefreshOutcome>;
}

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  const locks =
    options.locks === undefined
      ? ((globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks ?? null)
      : options.locks;
  let inFlight: Promise<RefreshOutcome> | null = null;

  function alreadyReplaced(stale: string | null): RefreshOutcome | null {
    const current = options.tokens.get()?.accessToken;
    return current && current !== stale ? { kind: 'refreshed', accessToken: current } : null;
  }

  async function runRefresh(stale: string | null): Promise<RefreshOutcome> {
    // Re-read under the lock: another tab (or an earlier refresh here) may have done the work.
    const replaced = alreadyReplaced(stale);
    if (replaced) return replaced;
    const refreshToken = options.tokens.get()?.refreshToken;
    if (!refreshToken) {
      options.tokens.clear();
      options.onSessionEnded('refresh-rejected');
      return { kind: 'rejected' };
    }
    let response: Response;
    try {
      response = await withTimeout(options.timeoutMs, (signal) =>
        options.requestRefresh({ refresh_token: refreshToken, realm_name: options.realm }, signal),
      );
    } catch (cause) {
      return { kind: 'unavailable', cause };
    }
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      options.tokens.clear();
      options.onSessionEnded('refresh-rejected');
      return { kind: 'rejected' };
    }
    const grant = response.ok ? await readGrant(response) : null;
    if (!grant) return { kind: 'unavailable', cause: new Error(`refresh answered ${response.status}`) };
    options.tokens.set(grant);
    options.onTokensRefreshed?.(grant);
    return { kind: 'refreshed', accessToken: grant.access_token };
  }

  async function refreshAcrossTabs(stale: string | null): Promise<RefreshOutcome> {
    if (!locks) return runRefresh(stale);
    try {
      // Waiting for the lock and the refresh inside it, each bounded by timeoutMs.
      return await withTimeout(options.timeoutMs * 2, (signal) =>
        locks.request(options.lockName, { signal }, () => runRefresh(stale)),
      );
    } catch (cause) {
      return { kind: 'unavailable', cause };
    }
  }

  return {
    refresh(stale) {
      const replaced = alreadyReplaced(stale);
      if (replaced) return Promise.resolve(replaced);
      inFlight ??= refreshAcrossTabs(stale).finally(() => {
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
      const reason = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
      controller.abort(reason);
      reject(reason);
    }, ms);
  });
  return Promise.race([work(controller.signal), expired]).finally(() => clearTimeout(timer));
}

async function readGrant(response: Response): Promise<TokenGrant | null> {
  try {
    const body = (await response.json()) as { response_body?: Partial<TokenGrant> | null };
    const grant = body?.response_body;
    if (!grant || typeof grant.access_token !== 'string' || grant.access_token === '') return null;
    return {
      access_token: grant.access_token,
      refresh_token: typeof grant.refresh_token === 'string' ? grant.refresh_token : null,
      id_token: typeof grant.id_token === 'string' ? grant.id_token : null,
      expires_in: typeof grant.expires_in === 'number' && grant.expires_in > 0 ? grant.expires_in : 300,
      refresh_expires_in: typeof grant.refresh_expires_in === 'number' ? grant.refresh_expires_in : null,
    };
  } catch {
    return null;
  }
}

import type { components } from '@marketkit/sdk';
import type { SeedStore } from '../seed/model.ts';
import type { Principal, SandboxContext, SeedIndex } from './context.ts';
import { randomId, sha256Hex, signJwt, verifyJwt } from './crypto.ts';
import { badRequest } from './errors.ts';
import type { CustomerRecord, SandboxState, SessionRecord } from './state.ts';

type TokenSet = components['schemas']['TokenSet'];

export interface DeviceInfo {
  device_id?: string | undefined;
  device_name?: string | undefined;
}

function claimsFor(
  context: SandboxContext,
  store: SeedStore,
  customer: CustomerRecord,
  session: SessionRecord,
) {
  const name = `${customer.first_name} ${customer.last_name}`.trim();
  return {
    iss: `${context.origin}/realms/${store.name}-customer`,
    sub: String(customer.customer_id),
    aud: 'storefront',
    sid: session.session_id,
    store: store.name,
    store_id: store.store_id,
    realm: `${store.name}-customer`,
    name,
    given_name: customer.first_name,
    family_name: customer.last_name,
    preferred_username: customer.email ?? `${customer.extension}${customer.phone ?? ''}`,
    ...(customer.email ? { email: customer.email } : {}),
  };
}

async function tokensFor(
  context: SandboxContext,
  store: SeedStore,
  customer: CustomerRecord,
  session: SessionRecord,
  refreshToken: string,
): Promise<TokenSet> {
  const nowMs = context.now.getTime();
  const iat = Math.floor(nowMs / 1000);
  const ttl = context.config.accessTokenTtlSeconds;
  const claims = claimsFor(context, store, customer, session);
  const refreshExpiresIn = Math.max(
    1,
    Math.floor((new Date(session.refresh_expires_at).getTime() - nowMs) / 1000),
  );
  return {
    token_type: 'Bearer',
    access_token: await signJwt(context.state.signing_secret, {
      ...claims,
      typ: 'Bearer',
      iat,
      iat_ms: nowMs,
      exp: iat + ttl,
      jti: randomId(9),
    }),
    id_token: await signJwt(context.state.signing_secret, {
      ...claims,
      typ: 'ID',
      iat,
      iat_ms: nowMs,
      exp: iat + refreshExpiresIn,
      jti: randomId(9),
    }),
    refresh_token: refreshToken,
    expires_in: ttl,
    refresh_expires_in: refreshExpiresIn,
  };
}

const describeDevice = (userAgent: string) => {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : /node/i.test(userAgent)
            ? 'Node.js'
            : 'Browser';
  const os = /Windows/.test(userAgent)
    ? 'Windows'
    : /Android/.test(userAgent)
      ? 'Android'
      : /iPhone|iPad/.test(userAgent)
        ? 'iOS'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'unknown OS';
  return `${browser} on ${os}`;
};

/** Signs a customer in on a device: a new session with a fresh refresh token. */
export async function startSession(
  context: SandboxContext,
  store: SeedStore,
  customer: CustomerRecord,
  device: DeviceInfo,
): Promise<TokenSet> {
  const refreshToken = `rt.${randomId(32)}`;
  const userAgent = context.request.headers.get('user-agent') ?? 'unknown';
  const nowIso = context.now.toISOString();
  const session: SessionRecord = {
    session_id: randomId(12),
    customer_id: customer.customer_id,
    store: store.name,
    device_id: device.device_id ?? `web-${randomId(9)}`,
    device_name: device.device_name ?? describeDevice(userAgent),
    user_agent: userAgent,
    ip_address: context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || '127.0.0.1',
    signed_in_at: nowIso,
    last_active_at: nowIso,
    refresh_hash: await sha256Hex(refreshToken),
    used_refresh_hashes: [],
    refresh_expires_at: new Date(
      context.now.getTime() + context.config.refreshTokenTtlSeconds * 1000,
    ).toISOString(),
    revoked_at: null,
    revoked_reason: null,
  };
  context.state.sessions.push(session);
  customer.failed_logins = 0;
  return tokensFor(context, store, customer, session, refreshToken);
}

export function revokeSession(session: SessionRecord, now: Date, reason: string) {
  if (session.revoked_at) return false;
  session.revoked_at = now.toISOString();
  session.revoked_reason = reason;
  return true;
}

/** Most rotated-away tokens a session remembers for reuse detection. */
const USED_REFRESH_HASHES_KEPT = 50;

/** Marks the session's current refresh token as rotated away, now. */
/** Marks `hash` as rotated away now: reusable for the window, then a sign of theft. */
function supersede(session: SessionRecord, hash: string, now: Date, windowMs: number) {
  session.used_refresh_hashes.push(hash);
  if (session.used_refresh_hashes.length > USED_REFRESH_HASHES_KEPT) session.used_refresh_hashes.shift();
  const recent = (session.recent_refresh_hashes ?? []).filter(
    (entry) => now.getTime() - Date.parse(entry.superseded_at) < windowMs,
  );
  if (windowMs > 0) recent.push({ hash, superseded_at: now.toISOString() });
  session.recent_refresh_hashes = recent;
}

/** How many tokens minted by reuses within the window a session keeps live beside its current one. */
const EXTRA_REFRESH_HASHES_KEPT = 8;

/** Whether `hash` is a live refresh token of the session (its current one, or one a reuse minted). */
const isLive = (session: SessionRecord, hash: string) =>
  session.refresh_hash === hash || (session.extra_refresh_hashes ?? []).includes(hash);

/** The session whose refresh token `hash` was rotated away less than the reuse window ago. */
function sessionInReuseWindow(state: SandboxState, hash: string, now: Date, windowMs: number) {
  return state.sessions.find((s) =>
    (s.recent_refresh_hashes ?? []).some(
      (entry) => entry.hash === hash && now.getTime() - Date.parse(entry.superseded_at) < windowMs,
    ),
  );
}

/**
 * Rotates a refresh token. A token rotated away less than `refreshReuseWindowSeconds` ago still gets a
 * fresh grant for its session (its answer may have been lost to a reload, or two tabs raced): a new
 * token that lives beside the current one, which is not rotated away (whoever holds it keeps a working
 * token, however long it waits). Reuse after the window is a sign of theft: the whole session is
 * revoked and the call refused (400), as is an unknown, expired or foreign-realm token.
 */
export async function rotateRefreshToken(
  context: SandboxContext,
  refreshToken: string,
  realmName: string,
): Promise<TokenSet> {
  const hash = await sha256Hex(refreshToken);
  const state = context.state;
  const windowMs = context.config.refreshReuseWindowSeconds * 1000;
  const current = state.sessions.find((s) => isLive(s, hash));
  const graced = current ? undefined : sessionInReuseWindow(state, hash, context.now, windowMs);
  if (graced && !graced.revoked_at)
    context.config.log(
      `[sandbox] refresh token reused within the ${context.config.refreshReuseWindowSeconds} s window: session ${graced.session_id} gets a fresh grant`,
    );
  const session = current ?? graced;
  if (!session) {
    const reused = state.sessions.find((s) => s.used_refresh_hashes.includes(hash));
    if (reused) {
      revokeSession(reused, context.now, 'refresh-token-reuse');
      context.config.log(`[sandbox] refresh token reused: session ${reused.session_id} revoked`);
      throw badRequest('This refresh token was already used; the session has been ended for safety');
    }
    throw badRequest('The refresh token is not valid');
  }
  if (session.revoked_at) throw badRequest('The session has ended; sign in again');
  if (`${session.store}-customer` !== realmName)
    throw badRequest('The refresh token belongs to another store');
  if (new Date(session.refresh_expires_at) <= context.now)
    throw badRequest('The refresh token has expired; sign in again');
  const store = context.seed.storeByName(session.store);
  const customer = state.customers.find((c) => c.customer_id === session.customer_id);
  if (!store || !customer) throw badRequest('The session has ended; sign in again');
  const next = `rt.${randomId(32)}`;
  const nextHash = await sha256Hex(next);
  if (session.refresh_hash === hash) {
    supersede(session, hash, context.now, windowMs);
    session.refresh_hash = nextHash;
  } else {
    // A reuse within the window (or a token one minted): the new token lives beside the current one,
    // which its holder (another tab, the page that got the answer) keeps using. Nothing is superseded
    // but the token presented.
    const extras = (session.extra_refresh_hashes ?? []).filter((extra) => extra !== hash);
    if (current) supersede(session, hash, context.now, windowMs);
    extras.push(nextHash);
    while (extras.length > EXTRA_REFRESH_HASHES_KEPT) {
      const dropped = extras.shift();
      if (dropped) supersede(session, dropped, context.now, windowMs);
    }
    session.extra_refresh_hashes = extras;
  }
  session.last_active_at = context.now.toISOString();
  return tokensFor(context, store, customer, session, next);
}

/** Why a bearer token was refused, for the log and the 401 message. */
export type BearerRefusal = 'malformed' | 'expired' | 'revoked' | 'unknown';

/** Resolves a bearer token to a signed-in customer, or says why it cannot. */
export async function resolveBearer(
  state: SandboxState,
  seed: SeedIndex,
  token: string,
  now: Date,
): Promise<Principal | BearerRefusal> {
  const claims = await verifyJwt(state.signing_secret, token);
  if (claims?.typ !== 'Bearer') return 'malformed';
  if (claims.exp * 1000 <= now.getTime()) return 'expired';
  const issuedMs = typeof claims.iat_ms === 'number' ? claims.iat_ms : claims.iat * 1000;
  if (issuedMs < state.tokens_not_before) return 'expired';
  const session = state.sessions.find((s) => s.session_id === claims.sid);
  if (!session || session.revoked_at) return 'revoked';
  const store = seed.storeByName(session.store);
  const customer = state.customers.find((c) => c.customer_id === session.customer_id);
  if (!store || !customer) return 'unknown';
  session.last_active_at = now.toISOString();
  return { kind: 'customer', store, customer, session };
}

/** Reads an id token (signature checked, expiry ignored: sign-out must work with an old one). */
export async function sessionOfIdToken(state: SandboxState, idToken: string) {
  const claims = await verifyJwt(state.signing_secret, idToken);
  if (claims?.typ !== 'ID') return undefined;
  return state.sessions.find((s) => s.session_id === claims.sid);
}

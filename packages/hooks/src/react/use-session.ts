import type { RequestBody, SignInResult, SignOutResult } from '@marketkit/sdk';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type SessionUser, sessionFromToken } from '../core/index.ts';
import { deviceIdentity, keepDeviceId, proposedDeviceIdentity } from './device.ts';
import { useMarket } from './provider.tsx';
import { useAccessToken } from './use-store-sync.ts';

/** The SDK's own results: `useSession()` signs in and out through `client.signIn`/`signOut`. */
export type { SignInResult, SignOutResult } from '@marketkit/sdk';

/** What `useSession()` gives. */
export interface UseSessionResult {
  /** `signed-in` while the token store holds a session (an access token, or a refresh token renewing it). */
  status: 'guest' | 'signed-in';
  /** The signed-in shopper as the access token describes them (display name, claims); null for a guest. */
  user: SessionUser | null;
  /**
   * Password sign-in, through the SDK's `client.signIn` (this device's id and name are added). Resolves
   * `{ status: 'signed-in', session }` with the tokens stored (every hook follows at once, and the
   * store's other tabs too; a grant replaces the session held whole) or
   * `{ status: 'device-verification-required', verification }` with nothing stored. Rejects with a
   * `MarketApiError`, the tokens held left as they were: `code` `INVALID_CREDENTIALS` (wrong
   * identifier or password), `ACCOUNT_LOCKED` (unlock with `useAuthFlows().unlock`), `BAD_REQUEST`
   * with `fieldErrors`, `NETWORK_ERROR`, `MALFORMED_REPLY` (an answer without tokens).
   */
  signIn(credentials: RequestBody<'login'>): Promise<SignInResult>;
  /** OTP sign-in with a challenge from `useAuthFlows().sendCode` (purpose `login`): as `signIn`. */
  signInWithOtp(input: RequestBody<'loginWithOtp'>): Promise<SignInResult>;
  /** Finishes a `device-verification-required` sign-in with the code sent; this device's id and name are added. */
  verifyDevice(
    input: Omit<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'> &
      Partial<Pick<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'>>,
  ): Promise<SignInResult>;
  /** Creates the account (after `useAuthFlows().checkCode`) and signs in: as `signIn`. */
  signUp(input: RequestBody<'signup'>): Promise<SignInResult>;
  /**
   * Signs out through the SDK's `client.signOut`: the tokens, the per-user storage and the shopper's
   * cached answers are cleared before the logout call is under way, whatever its answer (the call
   * is sent with `keepalive`, so a page load started meanwhile does not cut it off). Resolves
   * `{ confirmed: true }` when the services host ended the session, else `{ confirmed: false, error }`
   * (`error: null`: there was nothing to send). Never rejects.
   */
  signOut(): Promise<SignOutResult>;
  /**
   * True while the status is `guest` but a refresh token is held: a page opened after the access
   * token (and its cookie) lapsed. The session is still valid; `renew()` makes it whole.
   */
  renewable: boolean;
  /**
   * Renews the session with the refresh token (the same single refresh, across tabs, that a 401
   * starts). `renewed`: the status becomes `signed-in`; `rejected`: the refresh token was refused (the
   * tokens are gone); `unavailable`: the token endpoint could not be reached (the tokens are kept).
   */
  renew(): Promise<'renewed' | 'rejected' | 'unavailable'>;
}

/** Whether only a refresh token is held (no access token): read on the server as false. */
const onlyRefreshToken = (held: { accessToken: string | null; refreshToken: string | null } | null) =>
  Boolean(held?.refreshToken) && !held?.accessToken;

/** On a server (and while hydrating) no refresh token is read. */
const notRenewable = () => false;

/** The shopper's session. */
export function useSession(): UseSessionResult {
  const market = useMarket();
  const accessToken = useAccessToken(market);
  const decoded = useMemo(() => sessionFromToken(accessToken), [accessToken]);

  // The SDK stores the grant; the provider's other readers and tabs hear of it here.
  const signedIn = useCallback(
    (result: SignInResult) => {
      if (result.status === 'signed-in') market.announceSession();
      return result;
    },
    [market],
  );

  // Every sign-in names this device. A new id is kept once the credentials are taken (signed in, or
  // the device to verify), so a trusted device stays trusted and a refused sign-in stores nothing.
  const signIn = useCallback(
    async (body: RequestBody<'login'> | RequestBody<'loginWithOtp'>) => {
      const device = proposedDeviceIdentity(market);
      const result = await market.client.signIn({ ...device, ...body });
      keepDeviceId(market, device.device_id);
      return signedIn(result);
    },
    [market, signedIn],
  );

  const signOut = useCallback(() => {
    // The SDK reads the id token and starts its call first; then this shopper's data goes at once.
    const outcome = market.client.signOut();
    market.endSession();
    return outcome;
  }, [market]);

  // One reader per market: a new one each render would make React read the cookies again after
  // every commit of every component that asks for the session.
  const readRenewable = useCallback(() => onlyRefreshToken(market.client.tokens.get()), [market]);
  const renewable = useSyncExternalStore(market.session.subscribe, readRenewable, notRenewable);
  const renew = useCallback(async () => {
    const outcome = await market.client.refreshSession();
    return outcome.kind === 'refreshed' ? 'renewed' : outcome.kind;
  }, [market]);

  return {
    status: decoded.status === 'signed-in' ? 'signed-in' : 'guest',
    renewable: decoded.status !== 'signed-in' && renewable,
    renew,
    user: decoded.status === 'signed-in' ? decoded.user : null,
    signIn,
    // The SDK's one sign-in takes a password or an OTP challenge alike.
    signInWithOtp: signIn,
    verifyDevice: useCallback(
      async (body) => signedIn(await market.client.verifyDevice({ ...deviceIdentity(market), ...body })),
      [market, signedIn],
    ),
    signUp: useCallback(async (body) => signedIn(await market.client.signUp(body)), [market, signedIn]),
    signOut,
  };
}

import { type RequestBody, type ResponseBody, unwrap } from '@marketkit/sdk';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { type SessionUser, sessionFromToken } from '../core/index.ts';
import { deviceIdentity } from './device.ts';
import { useMarket } from './provider.tsx';
import { useAccessToken } from './use-store-sync.ts';

/** The services host's answer to a sign-in (password, one-time code, device check, sign-up). */
export type LoginResult = ResponseBody<'login'>;

/** What `useSession()` gives. */
export interface UseSessionResult {
  /** `signed-in` while the token store holds a session (an access token, or a refresh token renewing it). */
  status: 'guest' | 'signed-in';
  /** The signed-in shopper as the access token describes them (display name, claims); null for a guest. */
  user: SessionUser | null;
  /**
   * Password sign-in. Resolves with the server's answer: on `login_status: 'SUCCESS'` the tokens are
   * stored (every hook follows at once, and the store's other tabs too); other statuses (a device to
   * verify…) store nothing. Rejects with a `MarketApiError` (wrong password: `UNAUTHORIZED`…).
   */
  signIn(credentials: RequestBody<'login'>): Promise<LoginResult>;
  /** OTP sign-in with a challenge from `useAuthFlows().sendCode` (purpose `login`). */
  signInWithOtp(input: RequestBody<'loginWithOtp'>): Promise<LoginResult>;
  /** Finishes a device verification (`DEVICE_VERIFICATION_REQUIRED`); this device's id and name are added. */
  verifyDevice(
    input: Omit<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'> &
      Partial<Pick<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'>>,
  ): Promise<LoginResult>;
  /** Creates the account (after `useAuthFlows().checkCode`) and signs in. */
  signUp(input: RequestBody<'signup'>): Promise<LoginResult>;
  /**
   * Session logout with the id token. Local session data (tokens, per-user storage) and the shopper's
   * cached answers are cleared first, before the call is sent, whatever its answer; the call is sent
   * with `keepalive`, so a page load started meanwhile does not cut it off. Resolves `true` when the
   * server confirmed (the storefront then reloads). Never rejects.
   */
  signOut(): Promise<boolean>;
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

/** The shopper's session. */
export function useSession(): UseSessionResult {
  const market = useMarket();
  const accessToken = useAccessToken(market);
  const decoded = useMemo(() => sessionFromToken(accessToken), [accessToken]);

  const accept = useCallback(
    (result: LoginResult) => {
      if (result.login_status === 'SUCCESS') {
        // The token store tells every reader; the other tabs hear the signal.
        market.client.tokens.set(result);
        market.announceSession();
      }
      return result;
    },
    [market],
  );

  const signOut = useCallback(async () => {
    const idToken = market.client.tokens.get()?.idToken;
    // Local first: a page loaded while the call is under way (the shopper's or ours) finds no tokens,
    // cookies or cached answers of the shopper, whatever becomes of the call.
    market.endSession();
    if (!idToken) return false;
    try {
      // keepalive: a page load started meanwhile does not cut the call off; the SDK's call limit bounds the wait.
      const { response } = await market.client.POST('/ums/rest/v3/session-logout', {
        body: { id_token_hint: idToken },
        keepalive: true,
      });
      return response.ok;
    } catch {
      return false;
    }
  }, [market]);

  const renewable = useSyncExternalStore(
    market.session.subscribe,
    () => onlyRefreshToken(market.client.tokens.get()),
    () => false,
  );
  const renew = useCallback(async () => {
    const outcome = await market.client.refreshSession();
    return outcome.kind === 'refreshed' ? 'renewed' : outcome.kind;
  }, [market]);

  return {
    status: decoded.status === 'signed-in' ? 'signed-in' : 'guest',
    renewable: decoded.status !== 'signed-in' && renewable,
    renew,
    user: decoded.status === 'signed-in' ? decoded.user : null,
    // Every sign-in names this device (its id is kept, so a trusted device stays trusted).
    signIn: useCallback(
      async (body) =>
        accept(
          await unwrap(
            market.client.POST('/ums/rest/v3/login', { body: { ...deviceIdentity(market), ...body } }),
          ),
        ),
      [market, accept],
    ),
    signInWithOtp: useCallback(
      async (body) =>
        accept(
          await unwrap(
            market.client.POST('/ums/rest/v3/login-otp', {
              body: { ...deviceIdentity(market), ...body },
            }),
          ),
        ),
      [market, accept],
    ),
    verifyDevice: useCallback(
      async (body) =>
        accept(
          await unwrap(
            market.client.POST('/ums/rest/v3/device-otp/validate', {
              body: { ...deviceIdentity(market), ...body },
            }),
          ),
        ),
      [market, accept],
    ),
    signUp: useCallback(
      async (body) => accept(await unwrap(market.client.POST('/ums/rest/v3/signup', { body }))),
      [market, accept],
    ),
    signOut,
  };
}

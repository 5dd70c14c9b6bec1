import { type RequestBody, type ResponseBody, unwrap } from '@marketkit/sdk';
import { useCallback, useMemo } from 'react';
import { type SessionUser, sessionFromToken } from '../core/index.ts';
import { deviceIdentity } from './device.ts';
import { useMarket } from './provider.tsx';
import { useStoreValue } from './use-store-sync.ts';

export type LoginResult = ResponseBody<'login'>;

export interface SessionApi {
  status: 'guest' | 'signed-in';
  user: SessionUser | null;
  /** Password sign-in. Resolves with the server's answer: tokens are stored on `SUCCESS`. */
  signIn(credentials: RequestBody<'login'>): Promise<LoginResult>;
  /** OTP sign-in with a challenge from `generateOtp` (purpose `login`). */
  signInWithOtp(input: RequestBody<'loginWithOtp'>): Promise<LoginResult>;
  /** Finishes a device verification (`DEVICE_VERIFICATION_REQUIRED`); this device's id and name are added. */
  verifyDevice(
    input: Omit<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'> &
      Partial<Pick<RequestBody<'validateDeviceOtp'>, 'device_id' | 'device_name'>>,
  ): Promise<LoginResult>;
  /** Creates the account (after `validateOtp`) and signs in. */
  signUp(input: RequestBody<'signup'>): Promise<LoginResult>;
  /**
   * Session logout with the id token; local session data and the query cache are cleared whatever
   * the answer. Resolves `true` when the server confirmed (the storefront then reloads).
   */
  signOut(): Promise<boolean>;
}

/** The shopper's session (spec §4 "Session"). */
export function useSession(): SessionApi {
  const market = useMarket();
  const { accessToken } = useStoreValue(market.session);
  const decoded = useMemo(() => sessionFromToken(accessToken), [accessToken]);

  const accept = useCallback(
    (result: LoginResult) => {
      if (result.login_status === 'SUCCESS') {
        market.client.tokens.set(result);
        market.session.setState({ accessToken: result.access_token });
        market.announceSession();
      }
      return result;
    },
    [market],
  );

  const signOut = useCallback(async () => {
    const idToken = market.client.tokens.get()?.idToken;
    let confirmed = false;
    try {
      if (idToken) {
        const { response } = await market.client.POST('/ums/rest/v3/session-logout', {
          body: { id_token_hint: idToken },
        });
        confirmed = response.ok;
      }
    } catch {
      confirmed = false;
    } finally {
      market.endSession();
    }
    return confirmed;
  }, [market]);

  return {
    status: decoded.status === 'signed-in' ? 'signed-in' : 'guest',
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

import {
  type MarketApiError,
  type RequestBody,
  type ResponseBody,
  type Schema,
  unwrap,
} from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { marketErrorOrNull } from './market-query.ts';
import { useMarket } from './provider.tsx';

/**
 * What `useAuthFlows()` gives: the steps around signing in. Each resolves with the services host's
 * answer (`response_body`) and rejects with a `MarketApiError`.
 */
export interface UseAuthFlowsResult {
  /** Sends a one-time code (sign-up, sign-in with a code, a forgotten password): answers its reference. */
  sendCode(body: RequestBody<'generateOtp'>): Promise<ResponseBody<'generateOtp'>>;
  /** Sends the code of `otpReference` again. */
  resendCode(otpReference: string): Promise<ResponseBody<'regenerateOtp'>>;
  /** Checks a code (before `useSession().signUp`, or a password reset). */
  checkCode(body: RequestBody<'validateOtp'>): Promise<ResponseBody<'validateOtp'>>;
  /** Starts a password reset. */
  forgotPassword(body: RequestBody<'forgotPassword'>): Promise<ResponseBody<'forgotPassword'>>;
  /** Sets a new password with a checked code. */
  resetPassword(body: RequestBody<'resetPassword'>): Promise<ResponseBody<'resetPassword'>>;
  /** Unlocks a locked account (HTTP 423 at sign-in) with the token a checked code gave. */
  unlock(verificationToken: string): Promise<ResponseBody<'selfUnlock'>>;
  /** Sends the device verification code of `otpReference` again. */
  resendDeviceCode(otpReference: string): Promise<ResponseBody<'generateDeviceOtp'>>;
}

/**
 * The steps around signing in that do not sign in by themselves: one-time codes (send, resend, check),
 * forgotten passwords, unlocking a locked account, and resending a device verification code.
 */
export function useAuthFlows(): UseAuthFlowsResult {
  const market = useMarket();
  return useMemo(
    () => ({
      sendCode: (body) => unwrap(market.client.POST('/ums/rest/v3/otp/generate', { body })),
      resendCode: (otpReference) =>
        unwrap(market.client.POST('/ums/rest/v3/otp/regenerate', { body: { otp_reference: otpReference } })),
      checkCode: (body) => unwrap(market.client.POST('/ums/rest/v3/otp/validate', { body })),
      forgotPassword: (body) => unwrap(market.client.POST('/ums/rest/v3/forgot-password', { body })),
      resetPassword: (body) => unwrap(market.client.POST('/ums/rest/v3/reset-password', { body })),
      unlock: (verificationToken) =>
        unwrap(
          market.client.POST('/ums/rest/v3/self-unlock', { body: { verification_token: verificationToken } }),
        ),
      resendDeviceCode: (otpReference) =>
        unwrap(market.client.POST('/ums/rest/v3/device-otp', { body: { otp_reference: otpReference } })),
    }),
    [market],
  );
}

/** What `useSignupRequirements()` gives. */
export interface UseSignupRequirementsResult {
  /** The consents sign-up asks for (the required ones must be accepted). */
  consents: Schema<'Consent'>[];
  /** The store's reCAPTCHA configuration, or null until it arrives. */
  recaptcha: ResponseBody<'getRecaptchaConfiguration'> | null;
  /** True while either is loading. */
  isLoading: boolean;
  /** Why one of them could not be loaded, or null. */
  error: MarketApiError | null;
  /** Asks for both again (after a failure). */
  reload(): void;
}

/** What signing up asks for in this store: its consent texts and its reCAPTCHA configuration. */
export function useSignupRequirements(): UseSignupRequirementsResult {
  const market = useMarket();
  const consents = useQuery({
    queryKey: market.keys.consents(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/consents', {})),
  });
  const recaptcha = useQuery({
    queryKey: market.keys.recaptcha(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/recaptcha-configuration', {})),
  });
  const reload = useCallback(() => {
    void consents.refetch();
    void recaptcha.refetch();
  }, [consents, recaptcha]);
  return {
    consents: consents.data?.data ?? [],
    recaptcha: recaptcha.data ?? null,
    isLoading: consents.isLoading || recaptcha.isLoading,
    error: marketErrorOrNull(consents.error ?? recaptcha.error),
    reload,
  };
}

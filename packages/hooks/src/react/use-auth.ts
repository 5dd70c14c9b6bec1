import { type RequestBody, unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useMarket } from './provider.tsx';

/**
 * The steps around signing in that do not sign in by themselves: one-time codes (send, resend, check),
 * forgotten passwords, unlocking a locked account, and resending a device verification code.
 */
export function useAuthFlows() {
  const market = useMarket();
  return useMemo(
    () => ({
      sendCode: (body: RequestBody<'generateOtp'>) =>
        unwrap(market.client.POST('/ums/rest/v3/otp/generate', { body })),
      resendCode: (otpReference: string) =>
        unwrap(market.client.POST('/ums/rest/v3/otp/regenerate', { body: { otp_reference: otpReference } })),
      checkCode: (body: RequestBody<'validateOtp'>) =>
        unwrap(market.client.POST('/ums/rest/v3/otp/validate', { body })),
      forgotPassword: (body: RequestBody<'forgotPassword'>) =>
        unwrap(market.client.POST('/ums/rest/v3/forgot-password', { body })),
      resetPassword: (body: RequestBody<'resetPassword'>) =>
        unwrap(market.client.POST('/ums/rest/v3/reset-password', { body })),
      unlock: (verificationToken: string) =>
        unwrap(
          market.client.POST('/ums/rest/v3/self-unlock', { body: { verification_token: verificationToken } }),
        ),
      resendDeviceCode: (otpReference: string) =>
        unwrap(market.client.POST('/ums/rest/v3/device-otp', { body: { otp_reference: otpReference } })),
    }),
    [market],
  );
}

/** What signing up asks for in this store: its consent texts and its reCAPTCHA configuration. */
export function useSignupRequirements() {
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
    error: consents.error ?? recaptcha.error,
    reload,
  };
}

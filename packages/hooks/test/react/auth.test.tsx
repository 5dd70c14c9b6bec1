// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { useAuthFlows, useSession, useSignupRequirements } from '../../src/react/index.ts';
import { newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

const { sandbox, calls } = setupSandbox();

function shop(device = newDevice()) {
  const view = renderWithMarket(
    () => ({ session: useSession(), flows: useAuthFlows(), signup: useSignupRequirements() }),
    device,
    '/signin',
  );
  return { device, view, current: () => view.result.current };
}

it('signs up with a phone OTP: code, resend, check, details and required consents, then signed in', async () => {
  const { current } = shop();
  const challenge = await act(() =>
    current().flows.sendCode({
      identifier: '9000000001',
      identifier_type: 'phone',
      extension: '+91',
      purpose: 'signup',
    }),
  );
  expect(challenge.masked_destination).toMatch(/0001$/);
  // Resending before the wait is refused with the server's reason; the first code still stands.
  await expect(act(() => current().flows.resendCode(challenge.otp_reference))).rejects.toThrow();
  const code = sandbox.latestOtp('+919000000001') ?? sandbox.latestOtp('9000000001') ?? '';
  await expect(
    act(() =>
      current().flows.checkCode({
        otp_reference: challenge.otp_reference,
        otp: code === '000000' ? '111111' : '000000',
      }),
    ),
  ).rejects.toThrow();
  const checked = await act(() =>
    current().flows.checkCode({ otp_reference: challenge.otp_reference, otp: code }),
  );
  await waitFor(() => expect(current().signup.consents.length).toBeGreaterThan(0));
  expect(current().signup.recaptcha?.enabled).toBe(false);
  const required = current().signup.consents.filter((consent) => consent.required);
  // Without the required consents the server refuses and nothing is signed in.
  await expect(
    act(() =>
      current().session.signUp({
        verification_token: checked.verification_token,
        first_name: 'Nia',
        last_name: 'New',
        consents: [],
      }),
    ),
  ).rejects.toThrow();
  expect(current().session.status).toBe('guest');
  const result = await act(() =>
    current().session.signUp({
      verification_token: checked.verification_token,
      first_name: 'Nia',
      last_name: 'New',
      password: 'Password456',
      consents: required.map((consent) => ({
        consent_id: consent.consent_id,
        accepted: true,
        version: consent.version,
      })),
    }),
  );
  expect(result.login_status).toBe('SUCCESS');
  await waitFor(() => expect(current().session.status).toBe('signed-in'));
  expect(current().session.user?.displayName).toMatch(/Nia/);
});

it('sends a stable device id: an untrusted device is confirmed once, then trusted', async () => {
  const device = newDevice();
  const first = shop(device);
  const login = { username: 'secure@example.com', password: 'Password123' };
  const answer = await act(() => first.current().session.signIn(login));
  if (answer.login_status !== 'DEVICE_VERIFICATION_REQUIRED') throw new Error('expected a device check');
  expect(first.current().session.status).toBe('guest');
  const deviceId = device.storage.getItem('marketkit_device_id');
  expect(deviceId).toMatch(/^web-[0-9a-f]{24}$/);
  const code = sandbox.latestOtp('secure@example.com') ?? '';
  await expect(
    act(() =>
      first
        .current()
        .session.verifyDevice({ otp_reference: answer.otp_reference, otp: '000001', trust_device: true }),
    ),
  ).rejects.toThrow();
  const verified = await act(() =>
    first
      .current()
      .session.verifyDevice({ otp_reference: answer.otp_reference, otp: code, trust_device: true }),
  );
  expect(verified.login_status).toBe('SUCCESS');
  await act(() => first.current().session.signOut());
  // The same device (same stored id) is trusted now.
  const again = shop(device);
  expect((await act(() => again.current().session.signIn(login))).login_status).toBe('SUCCESS');
  // A corrupt stored id is replaced, not sent.
  const other = newDevice();
  other.storage.setItem('marketkit_device_id', 'bad id!');
  const fresh = shop(other);
  calls.length = 0;
  expect((await act(() => fresh.current().session.signIn(login))).login_status).toBe(
    'DEVICE_VERIFICATION_REQUIRED',
  );
  expect(other.storage.getItem('marketkit_device_id')).toMatch(/^web-/);
});

it('resets a forgotten password with a code; the old password stops working', async () => {
  const { current } = shop();
  const challenge = await act(() =>
    current().flows.forgotPassword({ identifier: 'shopper@example.com', identifier_type: 'email' }),
  );
  const checked = await act(() =>
    current().flows.checkCode({
      otp_reference: challenge.otp_reference,
      otp: sandbox.latestOtp('shopper@example.com') ?? '',
    }),
  );
  await act(() =>
    current().flows.resetPassword({
      verification_token: checked.verification_token,
      new_password: 'NewPassword9',
    }),
  );
  // The token is single-use.
  await expect(
    act(() =>
      current().flows.resetPassword({
        verification_token: checked.verification_token,
        new_password: 'Other12345',
      }),
    ),
  ).rejects.toThrow();
  await expect(
    act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Password123' })),
  ).rejects.toThrow(/incorrect/i);
  expect(
    (await act(() => current().session.signIn({ username: 'shopper@example.com', password: 'NewPassword9' })))
      .login_status,
  ).toBe('SUCCESS');
});

it('a locked account answers 423 until it is unlocked with a code', async () => {
  const { current } = shop();
  const login = { username: 'locked@example.com', password: 'Password123' };
  await expect(act(() => current().session.signIn(login))).rejects.toMatchObject({ status: 423 });
  const challenge = await act(() =>
    current().flows.sendCode({
      identifier: 'locked@example.com',
      identifier_type: 'email',
      purpose: 'self_unlock',
    }),
  );
  const checked = await act(() =>
    current().flows.checkCode({
      otp_reference: challenge.otp_reference,
      otp: sandbox.latestOtp('locked@example.com') ?? '',
    }),
  );
  await act(() => current().flows.unlock(checked.verification_token));
  expect((await act(() => current().session.signIn(login))).login_status).toBe('SUCCESS');
});

it('signs in with a one-time code instead of a password', async () => {
  const { current } = shop();
  const challenge = await act(() =>
    current().flows.sendCode({
      identifier: 'shopper@example.com',
      identifier_type: 'email',
      purpose: 'login',
    }),
  );
  const result = await act(() =>
    current().session.signInWithOtp({
      otp_reference: challenge.otp_reference,
      otp: sandbox.latestOtp('shopper@example.com') ?? '',
    }),
  );
  expect(result.login_status).toBe('SUCCESS');
  await waitFor(() => expect(current().session.status).toBe('signed-in'));
});

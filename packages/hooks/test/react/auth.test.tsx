// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { useAuthFlows, useSession, useSignupRequirements } from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

const { sandbox, calls, server } = setupSandbox();

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
  // The SDK's own result: the session as the new token describes it.
  expect(result).toMatchObject({
    status: 'signed-in',
    session: { displayName: expect.stringMatching(/Nia/) },
  });
  await waitFor(() => expect(current().session.status).toBe('signed-in'));
  expect(current().session.user?.displayName).toMatch(/Nia/);
});

it('sends a stable device id: an untrusted device is confirmed once, then trusted', async () => {
  const device = newDevice();
  const first = shop(device);
  const login = { username: 'secure@example.com', password: 'Password123' };
  const answer = await act(() => first.current().session.signIn(login));
  if (answer.status !== 'device-verification-required') throw new Error('expected a device check');
  expect(answer.verification.masked_destination).toMatch(/@/);
  expect(first.current().session.status).toBe('guest');
  const deviceId = device.storage.getItem('marketkit_device_id');
  expect(deviceId).toMatch(/^web-[0-9a-f]{24}$/);
  const code = sandbox.latestOtp('secure@example.com') ?? '';
  await expect(
    act(() =>
      first.current().session.verifyDevice({
        otp_reference: answer.verification.otp_reference,
        otp: '000001',
        trust_device: true,
      }),
    ),
  ).rejects.toThrow();
  const verified = await act(() =>
    first.current().session.verifyDevice({
      otp_reference: answer.verification.otp_reference,
      otp: code,
      trust_device: true,
    }),
  );
  expect(verified.status).toBe('signed-in');
  expect(await act(() => first.current().session.signOut())).toEqual({ confirmed: true });
  // The same device (same stored id) is trusted now.
  const again = shop(device);
  expect((await act(() => again.current().session.signIn(login))).status).toBe('signed-in');
  // A corrupt stored id is replaced, not sent.
  const other = newDevice();
  other.storage.setItem('marketkit_device_id', 'bad id!');
  const fresh = shop(other);
  calls.length = 0;
  expect((await act(() => fresh.current().session.signIn(login))).status).toBe(
    'device-verification-required',
  );
  expect(other.storage.getItem('marketkit_device_id')).toMatch(/^web-/);
});

it('a refused sign-in keeps no device id; one the services host takes keeps the id it was sent', async () => {
  const device = newDevice();
  const { current } = shop(device);
  await expect(
    act(() => current().session.signIn({ username: 'shopper@example.com', password: 'WrongPassword1' })),
  ).rejects.toThrow();
  expect(device.storage.getItem('marketkit_device_id')).toBeNull();
  const sent: unknown[] = [];
  const record = async ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname.endsWith('/login')) sent.push(await request.clone().json());
  };
  server.events.on('request:start', record);
  try {
    await act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Password123' }));
    const kept = device.storage.getItem('marketkit_device_id');
    expect(kept).toMatch(/^web-[0-9a-f]{24}$/);
    expect(sent).toEqual([expect.objectContaining({ device_id: kept })]);
  } finally {
    server.events.removeListener('request:start', record);
  }
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
  ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
  expect(
    (await act(() => current().session.signIn({ username: 'shopper@example.com', password: 'NewPassword9' })))
      .status,
  ).toBe('signed-in');
});

it('a locked account answers 423 until it is unlocked with a code', async () => {
  const { current } = shop();
  const login = { username: 'locked@example.com', password: 'Password123' };
  await expect(act(() => current().session.signIn(login))).rejects.toMatchObject({
    code: 'ACCOUNT_LOCKED',
    status: 423,
  });
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
  expect((await act(() => current().session.signIn(login))).status).toBe('signed-in');
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
  expect(result.status).toBe('signed-in');
  await waitFor(() => expect(current().session.status).toBe('signed-in'));
});

it('wrong credentials and a locked account have their own codes; the session held is kept', async () => {
  const { current, device } = shop();
  await act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Password123' }));
  const held = device.tokens.get();
  await expect(
    act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Wrong12345' })),
  ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
  await expect(
    act(() => current().session.signIn({ username: 'locked@example.com', password: 'Password123' })),
  ).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED', status: 423 });
  expect(device.tokens.get()).toEqual(held);
  expect(current().session.status).toBe('signed-in');
});

it('a grant without refresh or id token does not keep the previous shopper’s (the SDK’s safeguard)', async () => {
  const { current, device } = shop();
  await act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Password123' }));
  expect(device.tokens.get()?.refreshToken).toBeTruthy();
  // Another shopper's grant that carries an access token only (and no lifetime).
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const nextAccess = `${part({ alg: 'none' })}.${part({ sub: 'other', name: 'Other', exp: 4102444800 })}.sig`;
  server.use(
    http.post(`${HOST}/ums/rest/v3/login`, () =>
      HttpResponse.json({
        response_message: 'Signed in',
        response_body: { login_status: 'SUCCESS', access_token: nextAccess, token_type: 'Bearer' },
      }),
    ),
  );
  // Read as the sign-in resolves: the made-up token is refused by the services host at the next call.
  const { result, held } = await act(async () => {
    const answer = await current().session.signIn({ username: 'other@example.com', password: 'Password456' });
    return { result: answer, held: device.tokens.get() };
  });
  expect(result).toMatchObject({ status: 'signed-in', session: { displayName: 'Other' } });
  expect(held).toEqual({ accessToken: nextAccess, refreshToken: null, idToken: null });
});

it('an answer without tokens is MALFORMED_REPLY and stores nothing', async () => {
  const { current, device } = shop();
  server.use(
    http.post(`${HOST}/ums/rest/v3/login`, () =>
      HttpResponse.json({ response_message: 'Signed in', response_body: { login_status: 'SUCCESS' } }),
    ),
  );
  await expect(
    act(() => current().session.signIn({ username: 'shopper@example.com', password: 'Password123' })),
  ).rejects.toMatchObject({ code: 'MALFORMED_REPLY' });
  expect(device.tokens.get()).toBeNull();
  expect(current().session.status).toBe('guest');
});

it('a value the server refuses on sign-up comes back by field and code, not as text to show', async () => {
  const { current } = shop();
  const challenge = await act(() =>
    current().flows.sendCode({
      identifier: 'short@example.com',
      identifier_type: 'email',
      purpose: 'signup',
    }),
  );
  const checked = await act(() =>
    current().flows.checkCode({
      otp_reference: challenge.otp_reference,
      otp: sandbox.latestOtp('short@example.com') ?? '',
    }),
  );
  await expect(
    act(() =>
      current().session.signUp({
        verification_token: checked.verification_token,
        first_name: 'Sam',
        last_name: 'Short',
        password: 'short',
        consents: [],
      }),
    ),
  ).rejects.toMatchObject({
    code: 'BAD_REQUEST',
    fieldErrors: [expect.objectContaining({ field: 'password', code: 'TOO_SHORT', limit: 8 })],
  });
  expect(current().session.status).toBe('guest');
});

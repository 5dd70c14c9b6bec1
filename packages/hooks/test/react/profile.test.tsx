// @vitest-environment jsdom

import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { isMarketApiError } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { expect, it, onTestFinished, vi } from 'vitest';
import { PROFILE_IMAGE_MAX_BYTES } from '../../src/core/index.ts';
import {
  isProfileImageRefusal,
  useChangePassword,
  useLanguage,
  useMarket,
  usePreferences,
  useProfile,
  useProfileImage,
  useSession,
} from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

const SIGN_IN = { username: 'shopper@example.com', password: 'Password123' };
const { calls, sandbox } = setupSandbox();

/** The account hooks of one screen, as the seeded shopper on a device. */
function account(device = newDevice(), props: Parameters<typeof renderWithMarket>[3] = {}) {
  const view = renderWithMarket(
    () => ({
      session: useSession(),
      profile: useProfile(),
      image: useProfileImage(),
      password: useChangePassword(),
      preferences: usePreferences(),
      market: useMarket(),
    }),
    device,
    '/myProfile',
    props,
  );
  return { ...view, device };
}

async function signedIn(device = newDevice()) {
  const view = account(device);
  await act(() => view.result.current.session.signIn(SIGN_IN));
  await waitFor(() => expect(view.result.current.profile.profile).not.toBeNull());
  return view;
}

/** A few bytes that start like a PNG (the sandbox stores what it is given). */
const png = (size = 64) => {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], 'me.png', { type: 'image/png' });
};

const rejection = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

it('asks nothing for a guest', async () => {
  const view = account();
  await act(async () => {});
  expect(view.result.current.profile).toMatchObject({ profile: null, isLoading: false });
  expect(view.result.current.preferences.preferences).toBeNull();
  expect(calls.filter((call) => call.includes('/profile') || call.includes('/preferences'))).toEqual([]);
});

it('reads the profile and updates it: the answer replaces the cached profile and another device reads it back', async () => {
  const view = await signedIn();
  expect(view.result.current.profile.profile).toMatchObject({
    first_name: 'Asha',
    last_name: 'Shopper',
    email: 'shopper@example.com',
    phone: '9876543210',
    extension: '+91',
    profile_image_path: null,
  });
  calls.length = 0;
  const saved = await act(() =>
    view.result.current.profile.update({
      first_name: 'Asha',
      last_name: 'Rao-Menon',
      date_of_birth: '1992-08-17',
      gender: 'female',
    }),
  );
  expect(saved.last_name).toBe('Rao-Menon');
  await waitFor(() =>
    expect(view.result.current.profile.profile).toMatchObject({
      last_name: 'Rao-Menon',
      date_of_birth: '1992-08-17',
      gender: 'female',
    }),
  );
  // The answer is the new profile: nothing is asked again; the tokens are renewed (they carry the name).
  expect(calls).toEqual(['PUT /ums/rest/v3/profile', 'POST /ums/rest/v3/refresh-token']);

  const other = await signedIn();
  expect(other.result.current.profile.profile).toMatchObject({ last_name: 'Rao-Menon', gender: 'female' });

  // null clears them.
  await act(() =>
    view.result.current.profile.update({
      first_name: 'Asha',
      last_name: 'Rao-Menon',
      date_of_birth: null,
      gender: null,
    }),
  );
  await waitFor(() =>
    expect(view.result.current.profile.profile).toMatchObject({ date_of_birth: null, gender: null }),
  );
});

it('renews the tokens after a saved change, once, so the session’s name (from the token) follows', async () => {
  const view = await signedIn();
  expect(view.result.current.session.user?.displayName).toBe('Asha Shopper');
  const before = view.device.tokens.get();
  calls.length = 0;
  await act(() => view.result.current.profile.update({ first_name: 'Ayesha', last_name: 'Shopper' }));
  expect(view.result.current.session.user?.displayName).toBe('Ayesha Shopper');
  expect(calls.filter((call) => call.includes('refresh-token'))).toEqual(['POST /ums/rest/v3/refresh-token']);
  // Through the SDK's refresh: the rotated tokens are stored, and the session goes on with them.
  const after = view.device.tokens.get();
  expect(after?.accessToken).not.toBe(before?.accessToken);
  expect(after?.refreshToken).not.toBe(before?.refreshToken);
  expect(view.result.current.session.status).toBe('signed-in');
  await waitFor(() => expect(view.result.current.profile.profile?.first_name).toBe('Ayesha'));
});

it('keeps the saved change when the tokens cannot be renewed (the token service is down)', async () => {
  const view = await signedIn();
  sandbox.faults.add({ method: 'POST', path: '/ums/rest/v3/refresh-token', status: 503, times: 1 });
  const saved = await act(() =>
    view.result.current.profile.update({ first_name: 'Ayesha', last_name: 'Shopper' }),
  );
  expect(saved.first_name).toBe('Ayesha');
  expect(view.result.current.session.status).toBe('signed-in');
  expect(view.result.current.session.user?.displayName).toBe('Asha Shopper');
});

it('rejects a refused update with the server’s message and keeps the cached profile', async () => {
  const view = await signedIn();
  const before = view.result.current.profile.profile;
  const error = await act(() =>
    rejection(
      view.result.current.profile.update({
        first_name: 'Asha',
        last_name: 'Shopper',
        date_of_birth: '2999-01-01',
      }),
    ),
  );
  expect(isMarketApiError(error) && error.responseMessage).toBe('The date of birth is in the future');
  expect(view.result.current.profile.profile).toEqual(before);
});

it('uploads a profile image as multipart, serves it, and removes it; the cached profile follows', async () => {
  // jsdom's FormData and File do not survive Node's fetch (the bytes are lost on the way), and the
  // sandbox runs in this window too: use Node's kinds for this test, as a browser has only one of each.
  const NodeFormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor;
  vi.stubGlobal('FormData', NodeFormData);
  vi.stubGlobal('Blob', NodeBlob);
  vi.stubGlobal('File', NodeFile);
  onTestFinished(() => void vi.unstubAllGlobals());
  const view = await signedIn();
  const image = await act(() => view.result.current.image.upload(png()));
  expect(image.profile_image_path).toMatch(/^\/assets\/uploads\/.+\.png$/);
  await waitFor(() =>
    expect(view.result.current.profile.profile?.profile_image_path).toBe(image.profile_image_path),
  );
  const served = await fetch(`${HOST}${image.profile_image_path}`);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await served.arrayBuffer()).slice(0, 4)).toEqual(
    new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  );
  // Read back from the server, not only from the cache.
  const other = await signedIn();
  expect(other.result.current.profile.profile?.profile_image_path).toBe(image.profile_image_path);

  await act(() => view.result.current.image.remove());
  await waitFor(() => expect(view.result.current.profile.profile?.profile_image_path).toBeNull());
  expect((await fetch(`${HOST}${image.profile_image_path}`)).status).toBe(404);
  // Nothing left to remove: the server says so.
  const error = await act(() => rejection(view.result.current.image.remove()));
  expect(isMarketApiError(error) && error.responseMessage).toBe('There is no profile image');
});

it('refuses a wrong type or a file over 2 MiB before anything is sent', async () => {
  const view = await signedIn();
  calls.length = 0;
  const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'me.gif', { type: 'image/gif' });
  const wrongType = await act(() => rejection(view.result.current.image.upload(gif)));
  // One error type: a rule refused before any request, with the check in `details`.
  expect(isProfileImageRefusal(wrongType)).toBe(true);
  expect(wrongType).toMatchObject({ kind: 'rule', code: 'PROFILE_IMAGE_REFUSED' });
  expect(isProfileImageRefusal(wrongType) && wrongType.details).toEqual({
    ok: false,
    problem: 'type',
    type: 'image/gif',
  });

  const large = await act(() =>
    rejection(view.result.current.image.upload(png(PROFILE_IMAGE_MAX_BYTES + 1024 * 1024))),
  );
  expect(isProfileImageRefusal(large) && large.details).toMatchObject({
    problem: 'size',
    size: '3.00 MB',
    limit: '2 MB',
  });
  expect(isProfileImageRefusal(new Error('other'))).toBe(false);
  expect(calls).toEqual([]);
  expect(view.result.current.profile.profile?.profile_image_path).toBeNull();
});

it('changes the password: a wrong current one is refused and changes nothing; then only the new one signs in', async () => {
  const view = await signedIn();
  const wrong = await act(() =>
    rejection(
      view.result.current.password.change({ current_password: 'NotMyPassword', new_password: 'BrandNew123' }),
    ),
  );
  expect(isMarketApiError(wrong) && wrong.responseMessage).toBe('The current password is incorrect');
  // Still the old password.
  const check = account();
  await act(() => check.result.current.session.signIn(SIGN_IN));
  expect(check.result.current.session.status).toBe('signed-in');

  await act(() =>
    view.result.current.password.change({ current_password: 'Password123', new_password: 'BrandNew123' }),
  );
  // This session goes on.
  await act(() => view.result.current.profile.reload());
  expect(view.result.current.session.status).toBe('signed-in');
  await act(() => view.result.current.session.signOut());

  const again = account();
  const old = await act(() => rejection(again.result.current.session.signIn(SIGN_IN)));
  expect(isMarketApiError(old) && old.status).toBeGreaterThanOrEqual(400);
  expect(again.result.current.session.status).toBe('guest');
  await act(() => again.result.current.session.signIn({ ...SIGN_IN, password: 'BrandNew123' }));
  expect(again.result.current.session.status).toBe('signed-in');
  await waitFor(() => expect(again.result.current.profile.profile?.email).toBe('shopper@example.com'));
});

it('updates the preferences, caches the answer and reads them back on another device', async () => {
  const view = await signedIn();
  await waitFor(() => expect(view.result.current.preferences.preferences).not.toBeNull());
  expect(view.result.current.preferences.preferences).toEqual({
    language_code: 'en',
    communication: { email: true, sms: true, whatsapp: false, push: false },
    marketing_opt_in: false,
    order_updates: true,
  });
  const next = {
    language_code: 'HI',
    communication: { email: false, sms: true, whatsapp: true, push: false },
    marketing_opt_in: true,
    order_updates: false,
  };
  const saved = await act(() => view.result.current.preferences.update(next));
  // Stored as the store spells the language.
  expect(saved).toEqual({ ...next, language_code: 'hi' });
  await waitFor(() => expect(view.result.current.preferences.preferences).toEqual(saved));

  const other = await signedIn();
  await waitFor(() => expect(other.result.current.preferences.preferences).toEqual(saved));

  // A language the store does not offer is refused; nothing changes.
  const refused = await act(() =>
    rejection(view.result.current.preferences.update({ ...next, language_code: 'ar' })),
  );
  expect(isMarketApiError(refused) && refused.responseMessage).toBe(
    'That language is not available in this store',
  );
  expect(view.result.current.preferences.preferences).toEqual(saved);
});

it('forgets the profile and preferences when the session ends', async () => {
  const view = await signedIn();
  await waitFor(() => expect(view.result.current.preferences.preferences).not.toBeNull());
  const { market } = view.result.current;
  expect(market.queryClient.getQueryData(market.keys.profile())).toBeDefined();
  await act(() => view.result.current.session.signOut());
  expect(market.queryClient.getQueryData(market.keys.profile())).toBeUndefined();
  expect(market.queryClient.getQueryData(market.keys.preferences())).toBeUndefined();
  await waitFor(() => expect(view.result.current.profile.profile).toBeNull());
  expect(view.result.current.preferences.preferences).toBeNull();

  // The next session asks the server again.
  calls.length = 0;
  await act(() => view.result.current.session.signIn(SIGN_IN));
  await waitFor(() => expect(view.result.current.profile.profile).not.toBeNull());
  expect(calls).toContain('GET /ums/rest/v3/profile');
});

it('does not keep an answer that arrives after the session ended (it would outlive the shopper)', async () => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The services host has saved the change; its answer reaches the page only after the sign-out.
  const view = account(newDevice(), {
    fetch: async (request) => {
      const response = await fetch(request);
      if (request.method === 'PUT' && new URL(request.url).pathname === '/ums/rest/v3/profile') await held;
      return response;
    },
  });
  await act(() => view.result.current.session.signIn(SIGN_IN));
  await waitFor(() => expect(view.result.current.profile.profile).not.toBeNull());
  const { market } = view.result.current;
  const late = view.result.current.profile.update({ first_name: 'Late', last_name: 'Answer' });
  await act(() => view.result.current.session.signOut());
  release();
  expect((await late).first_name).toBe('Late');
  expect(market.queryClient.getQueryData(market.keys.profile())).toBeUndefined();
});

it('switches every useLanguage of a provider at once (a preferences screen and the header agree)', async () => {
  const view = renderWithMarket(() => ({ app: useLanguage(), screen: useLanguage() }), newDevice());
  await waitFor(() => expect(view.result.current.app.languages.length).toBeGreaterThan(1));
  expect(view.result.current.app.language).toBe('en');
  act(() => {
    view.result.current.screen.setLanguage('fr');
  });
  expect(view.result.current.app.language).toBe('fr');
  expect(view.result.current.screen.language).toBe('fr');
});

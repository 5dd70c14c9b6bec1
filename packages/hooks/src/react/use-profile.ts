import { type RequestBody, type Schema, unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { checkProfileImage, type ProfileImageCheck } from '../core/index.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

type Profile = Schema<'CustomerProfile'>;
type Market = ReturnType<typeof useMarket>;

/** Caches an answer unless the session ended while it was on its way (it would outlive the shopper). */
function cacheIfSignedIn<T>(
  market: Market,
  queryKey: readonly unknown[],
  update: T | ((old: T | undefined) => T | undefined),
) {
  if (market.session.accessToken()) market.queryClient.setQueryData<T>(queryKey, update);
}

/** A profile image refused before it was sent (wrong type, empty or over the limit): nothing was uploaded. */
export class ProfileImageRefusedError extends Error {
  override readonly name = 'ProfileImageRefusedError';
  constructor(readonly check: Exclude<ProfileImageCheck, { ok: true }>) {
    super(
      check.problem === 'size'
        ? `The image is ${check.size}; the limit is ${check.limit}`
        : check.problem === 'type'
          ? `Images of type ${check.type || 'unknown'} cannot be used`
          : 'The image is empty',
    );
  }
}

/**
 * The signed-in shopper's profile (`getProfile`), and `update` (`updateProfile`), which caches the
 * answer and renews the session's tokens: the name the header shows comes from the token (spec §3).
 */
export function useProfile() {
  const market = useMarket();
  const session = useSession();
  const query = useQuery({
    queryKey: market.keys.profile(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/profile', {})),
    enabled: session.status === 'signed-in',
  });
  const update = useCallback(
    async (body: RequestBody<'updateProfile'>) => {
      const profile = await unwrap(market.client.PUT('/ums/rest/v3/profile', { body }));
      cacheIfSignedIn(market, market.keys.profile(), profile);
      // New tokens carry the new name (the provider stores them as they come). The change is saved
      // whatever the renewal's outcome: an unreachable token service leaves the old name until the next.
      await market.client.refreshSession();
      return profile;
    },
    [market],
  );
  return {
    profile: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    reload: () => void query.refetch(),
    update,
  };
}

/**
 * Upload (multipart `file`) and removal of the profile image. `upload` checks the file against the
 * contract first (`checkProfileImage`) and rejects with `ProfileImageRefusedError` without sending it;
 * both keep the cached profile's `profile_image_path` in step with the answer.
 */
export function useProfileImage() {
  const market = useMarket();
  const setPath = useCallback(
    (path: string | null) =>
      cacheIfSignedIn<Profile>(market, market.keys.profile(), (profile) =>
        profile ? { ...profile, profile_image_path: path } : profile,
      ),
    [market],
  );
  const upload = useCallback(
    async (file: Blob) => {
      const check = checkProfileImage(file);
      if (!check.ok) throw new ProfileImageRefusedError(check);
      const form = new FormData();
      form.append(
        'file',
        file,
        typeof File !== 'undefined' && file instanceof File ? file.name : 'profile-image',
      );
      const image = await unwrap(
        market.client.POST('/ums/rest/v3/profile-image', {
          // The contract's multipart body: the browser writes the boundary.
          body: form as unknown as RequestBody<'uploadProfileImage'>,
          bodySerializer: (body) => body as unknown as FormData,
        }),
      );
      setPath(image.profile_image_path);
      return image;
    },
    [market, setPath],
  );
  const remove = useCallback(async () => {
    const done = await unwrap(market.client.DELETE('/ums/rest/v3/profile-image', {}));
    setPath(null);
    return done;
  }, [market, setPath]);
  return { upload, remove };
}

/** Changes the signed-in shopper's password (`changePassword`); a wrong current password rejects with the server's message. */
export function useChangePassword() {
  const market = useMarket();
  const change = useCallback(
    (body: RequestBody<'changePassword'>) =>
      unwrap(market.client.POST('/ums/rest/v3/change-password', { body })),
    [market],
  );
  return { change };
}

/** The signed-in shopper's preferences (`getPreferences`), and `update`, which replaces them all and caches the answer. */
export function usePreferences() {
  const market = useMarket();
  const session = useSession();
  const query = useQuery({
    queryKey: market.keys.preferences(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/preferences', {})),
    enabled: session.status === 'signed-in',
  });
  const update = useCallback(
    async (body: RequestBody<'updatePreferences'>) => {
      const preferences = await unwrap(market.client.PUT('/ums/rest/v3/preferences', { body }));
      cacheIfSignedIn(market, market.keys.preferences(), preferences);
      return preferences;
    },
    [market],
  );
  return {
    preferences: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    reload: () => void query.refetch(),
    update,
  };
}

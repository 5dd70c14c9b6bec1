import {
  isMarketApiError,
  type MarketApiError,
  type RequestBody,
  type ResponseBody,
  ruleError,
  type Schema,
  unwrap,
} from '@marketkit/sdk';
import { useCallback } from 'react';
import { checkProfileImage, type ProfileImageCheck } from '../core/index.ts';
import { asMarketCall, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';
import { useSession } from './use-session.ts';

type Profile = Schema<'CustomerProfile'>;
type Preferences = Schema<'Preferences'>;
type Market = ReturnType<typeof useMarket>;

/** Caches an answer unless the session ended while it was on its way (it would outlive the shopper). */
function cacheIfSignedIn<T>(
  market: Market,
  queryKey: readonly unknown[],
  update: T | ((old: T | undefined) => T | undefined),
) {
  if (market.session.accessToken()) market.queryClient.setQueryData<T>(queryKey, update);
}

/** Why a profile image was refused before it was sent: `empty`, a `type` not allowed, or its `size`. */
export type ProfileImageProblem = Exclude<ProfileImageCheck, { ok: true }>;

/**
 * A profile image refused before it was sent (wrong type, empty or over the limit): nothing was
 * uploaded. A `rule` `MarketApiError` with code `PROFILE_IMAGE_REFUSED` whose `details` say why (with
 * the file's size and the limit, in MB, for `problem: 'size'`). Tell it apart with
 * `isProfileImageRefusal`.
 */
export type ProfileImageRefusal = MarketApiError & {
  readonly code: 'PROFILE_IMAGE_REFUSED';
  readonly details: ProfileImageProblem;
};

/** Whether an error is `useProfileImage().upload`'s refusal of a file (see `ProfileImageRefusal`). */
export function isProfileImageRefusal(error: unknown): error is ProfileImageRefusal {
  return isMarketApiError(error) && error.code === 'PROFILE_IMAGE_REFUSED';
}

const REFUSED: Readonly<Record<ProfileImageProblem['problem'], string>> = {
  empty: 'The image is empty',
  type: 'Only PNG, JPEG and WebP images are accepted',
  size: 'The image is over the size limit',
};

/** What `useProfile()` returns: the signed-in shopper's profile and its update. */
export interface UseProfileResult {
  /** The profile, or null (a guest, or not loaded yet). */
  profile: Profile | null;
  /** The profile's first read is under way. */
  isLoading: boolean;
  /** Why the profile could not be read, else null. */
  error: MarketApiError | null;
  /** Asks for the profile again. */
  reload(): void;
  /**
   * Saves the profile and caches the answer, then renews the session's tokens (the name the header
   * shows comes from the token). Rejects with the server's `MarketApiError`, changing nothing.
   */
  update(body: RequestBody<'updateProfile'>): Promise<Profile>;
}

/**
 * The signed-in shopper's profile (`getProfile`), and `update` (`updateProfile`), which caches the
 * answer and renews the session's tokens: the name the header shows comes from the token.
 */
export function useProfile(): UseProfileResult {
  const market = useMarket();
  const session = useSession();
  const query = useMarketQuery({
    queryKey: market.keys.profile(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/profile', {})),
    enabled: session.status === 'signed-in',
  });
  const update = useCallback(
    (body: RequestBody<'updateProfile'>) =>
      asMarketCall(async () => {
        const profile = await unwrap(market.client.PUT('/ums/rest/v3/profile', { body }));
        cacheIfSignedIn(market, market.keys.profile(), profile);
        // New tokens carry the new name (the provider stores them as they come). The change is saved
        // whatever the renewal's outcome: an unreachable token service leaves the old name until the next.
        await market.client.refreshSession();
        return profile;
      }),
    [market],
  );
  const { refetch } = query;
  return {
    profile: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    reload: () => void refetch(),
    update,
  };
}

/** What `useProfileImage()` returns. */
export interface UseProfileImageResult {
  /**
   * Checks the file against the contract first (`checkProfileImage`): a refused one rejects with a
   * `ProfileImageRefusal` (code `PROFILE_IMAGE_REFUSED`) and nothing is sent. Otherwise uploads it and
   * keeps the cached profile's `profile_image_path` in step.
   */
  upload(file: Blob): Promise<Schema<'ProfileImage'>>;
  /** Removes the image; the cached profile's `profile_image_path` becomes null. */
  remove(): Promise<ResponseBody<'deleteProfileImage'>>;
}

/**
 * Upload (multipart `file`) and removal of the profile image. `upload` checks the file against the
 * contract first and rejects without sending it (see `ProfileImageRefusal`); both keep the cached
 * profile's `profile_image_path` in step with the answer.
 */
export function useProfileImage(): UseProfileImageResult {
  const market = useMarket();
  const setPath = useCallback(
    (path: string | null) =>
      cacheIfSignedIn<Profile>(market, market.keys.profile(), (profile) =>
        profile ? { ...profile, profile_image_path: path } : profile,
      ),
    [market],
  );
  const upload = useCallback(
    (file: Blob) =>
      asMarketCall(async () => {
        const check = checkProfileImage(file);
        if (!check.ok) throw ruleError('PROFILE_IMAGE_REFUSED', REFUSED[check.problem], check);
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
      }),
    [market, setPath],
  );
  const remove = useCallback(
    () =>
      asMarketCall(async () => {
        const done = await unwrap(market.client.DELETE('/ums/rest/v3/profile-image', {}));
        setPath(null);
        return done;
      }),
    [market, setPath],
  );
  return { upload, remove };
}

/** What `useChangePassword()` returns. */
export interface UseChangePasswordResult {
  /** Changes the password; a wrong current password rejects with the server's `MarketApiError`. */
  change(body: RequestBody<'changePassword'>): Promise<ResponseBody<'changePassword'>>;
}

/** Changes the signed-in shopper's password (`changePassword`); a wrong current password rejects with the server's message. */
export function useChangePassword(): UseChangePasswordResult {
  const market = useMarket();
  const change = useCallback(
    (body: RequestBody<'changePassword'>) =>
      asMarketCall(() => unwrap(market.client.POST('/ums/rest/v3/change-password', { body }))),
    [market],
  );
  return { change };
}

/** What `usePreferences()` returns: the signed-in shopper's preferences and their update. */
export interface UsePreferencesResult {
  /** The preferences, or null (a guest, or not loaded yet). */
  preferences: Preferences | null;
  /** The preferences' first read is under way. */
  isLoading: boolean;
  /** Why the preferences could not be read, else null. */
  error: MarketApiError | null;
  /** Asks for the preferences again. */
  reload(): void;
  /** Replaces them all and caches the answer; rejects with the server's `MarketApiError`. */
  update(body: RequestBody<'updatePreferences'>): Promise<Preferences>;
}

/** The signed-in shopper's preferences (`getPreferences`), and `update`, which replaces them all and caches the answer. */
export function usePreferences(): UsePreferencesResult {
  const market = useMarket();
  const session = useSession();
  const query = useMarketQuery({
    queryKey: market.keys.preferences(),
    queryFn: () => unwrap(market.client.GET('/ums/rest/v3/preferences', {})),
    enabled: session.status === 'signed-in',
  });
  const update = useCallback(
    (body: RequestBody<'updatePreferences'>) =>
      asMarketCall(async () => {
        const preferences = await unwrap(market.client.PUT('/ums/rest/v3/preferences', { body }));
        cacheIfSignedIn(market, market.keys.preferences(), preferences);
        return preferences;
      }),
    [market],
  );
  const { refetch } = query;
  return {
    preferences: query.data ?? null,
    isLoading: query.isLoading,
    error: query.error,
    reload: () => void refetch(),
    update,
  };
}

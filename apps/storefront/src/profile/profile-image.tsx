import { useMarket, useProfileImage } from '@marketkit/hooks';
import {
  checkProfileImage,
  formatMegabytes,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_TYPES,
  type ProfileImageCheck,
} from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, buttonVariants, cn } from '@marketkit/ui';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusyAction } from '../common/use-busy-action.ts';

type Refusal = Exclude<ProfileImageCheck, { ok: true }>;

/** `3.50 MB` kept on one line (and in one piece inside right-to-left text). */
const unbroken = (text: string) => text.replaceAll(' ', '\u00a0');
const LIMIT = unbroken(formatMegabytes(PROFILE_IMAGE_MAX_BYTES, 0));

/**
 * The profile picture (initials when there is none), with upload and remove. A file of another type
 * or over the contract's limit is refused here, with its size and the limit in MB, before any upload.
 */
export function ProfileImage({ profile }: { profile: Schema<'CustomerProfile'> }) {
  const { t } = useTranslation('user_profile');
  const market = useMarket();
  const image = useProfileImage();
  const { busy, run } = useBusyAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = `${profile.first_name} ${profile.last_name}`;
  const src = market.client.assetUrl(profile.profile_image_path);

  const refusalText = (check: Refusal) =>
    check.problem === 'size'
      ? t('image.too_large', { size: unbroken(check.size), limit: unbroken(check.limit) })
      : check.problem === 'type'
        ? t('image.wrong_type', { limit: LIMIT })
        : t('image.empty');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const check = checkProfileImage(file);
    if (!check.ok) {
      setRefusal(refusalText(check));
      input.value = '';
      return;
    }
    setRefusal(null);
    await run(() => image.upload(file), { done: t('image.uploaded'), failed: t('image.upload_failed') });
    input.value = '';
  };

  return (
    <section
      aria-labelledby="profile-image"
      className="flex flex-col gap-3 rounded-lg border border-current/15 p-4"
    >
      <h2 id="profile-image" className="font-semibold text-lg">
        {t('image.title')}
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        {src ? (
          <img
            src={src}
            alt={t('image.alt', { name })}
            width={96}
            height={96}
            className="size-24 shrink-0 rounded-full border border-current/15 object-cover"
            data-testid="profile-image"
          />
        ) : (
          <span
            role="img"
            aria-label={t('image.none')}
            className="flex size-24 shrink-0 items-center justify-center rounded-full border border-current/30 font-semibold text-2xl"
          >
            <span aria-hidden="true">
              {`${profile.first_name.charAt(0)}${profile.last_name.charAt(0)}`.toUpperCase()}
            </span>
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          {/* The browser's own file button speaks its language, not the store's: a label stands in for it. */}
          <div>
            <input
              id="profile-image-file"
              type="file"
              accept={PROFILE_IMAGE_TYPES.join(',')}
              disabled={busy}
              aria-describedby={refusal ? 'profile-image-hint profile-image-error' : 'profile-image-hint'}
              aria-invalid={refusal ? true : undefined}
              onChange={(event) => void choose(event)}
              className="peer sr-only"
            />
            <label
              htmlFor="profile-image-file"
              className={cn(
                buttonVariants({ variant: 'secondary', size: 'sm' }),
                'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-current peer-focus-visible:outline-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
              )}
            >
              {src ? t('image.replace') : t('image.upload')}
            </label>
          </div>
          {busy ? (
            <p role="status" className="text-sm">
              {t('image.working')}
            </p>
          ) : null}
          <p id="profile-image-hint" className="text-xs opacity-80">
            {t('image.hint', { limit: LIMIT })}
          </p>
          {refusal ? (
            <p id="profile-image-error" role="alert" className="text-red-700 text-sm">
              {refusal}
            </p>
          ) : null}
          {src ? (
            <div>
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() =>
                  void run(() => image.remove(), {
                    done: t('image.removed'),
                    failed: t('image.remove_failed'),
                  })
                }
              >
                {t('image.remove')}
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}

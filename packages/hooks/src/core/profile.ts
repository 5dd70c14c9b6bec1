import type { RequestBody, Schema } from '@marketkit/sdk';
import { type AuthProblem, nameProblem, newPasswordProblems } from './auth.ts';
import { bytesToMegabytes } from './format.ts';
import { isIsoDate } from './orders.ts';

type Profile = Schema<'CustomerProfile'>;
type Gender = Schema<'Gender'>;
export type ProfileUpdate = RequestBody<'updateProfile'>;
export type PasswordChange = RequestBody<'changePassword'>;
export type PreferencesInput = RequestBody<'updatePreferences'>;

/** The contract's genders (`Gender`), in the order a form lists them. */
export const GENDERS: readonly Gender[] = ['female', 'male', 'other', 'undisclosed'];

/** What the profile form edits (ums `updateProfile`: e-mail and phone are not changed there). */
export interface ProfileForm {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD`, or empty for none. */
  date_of_birth: string;
  gender: Gender | '';
}
export type ProfileField = keyof ProfileForm;
/** Why a field is refused; the storefront words it. */
export type ProfileProblem = AuthProblem | 'date' | 'date-future' | 'gender';

/** The form's values for a profile (a missing date of birth or gender is an empty choice). */
export const profileFormOf = (profile: Profile): ProfileForm => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  date_of_birth: profile.date_of_birth ?? '',
  gender: profile.gender ?? '',
});

/**
 * The profile form against the contract: names required, at most 60 characters (trimmed); a date of
 * birth that is a real date, not after `today` (`YYYY-MM-DD`) and not before 1900; a gender from the
 * list. Empty date or gender clears it (`null`). The answer is the body to send, or every problem.
 */
export function validateProfile(
  values: ProfileForm,
  today: string,
):
  | { ok: true; value: ProfileUpdate }
  | { ok: false; problems: Partial<Record<ProfileField, ProfileProblem>> } {
  const problems: Partial<Record<ProfileField, ProfileProblem>> = {};
  for (const field of ['first_name', 'last_name'] as const) {
    const problem = nameProblem(values[field]);
    if (problem) problems[field] = problem;
  }
  const date = values.date_of_birth.trim();
  if (date && (!isIsoDate(date) || date < '1900-01-01')) problems.date_of_birth = 'date';
  else if (date && date > today) problems.date_of_birth = 'date-future';
  if (values.gender !== '' && !GENDERS.includes(values.gender)) problems.gender = 'gender';
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      date_of_birth: date || null,
      gender: values.gender || null,
    },
  };
}

/** A day as `YYYY-MM-DD` in the zone of the `Date` given (the shopper's "today" for a date of birth). */
export const localIsoDate = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The image types `uploadProfileImage` accepts (its multipart `file` encoding). */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The contract's size limit of a profile image: 2 MiB. */
export const PROFILE_IMAGE_MAX_BYTES = 2_097_152;

export type ProfileImageCheck =
  | { ok: true }
  | { ok: false; problem: 'empty' }
  | { ok: false; problem: 'type'; type: string }
  /** `size` and `limit` are written in MB (bytes ÷ 1048576), e.g. `2.31 MB` and `2 MB`. */
  | { ok: false; problem: 'size'; sizeBytes: number; limitBytes: number; size: string; limit: string };

/** `2 MB`, or with decimals when the amount is not whole. */
function megabytesText(bytes: number, decimals: number) {
  return `${bytesToMegabytes(bytes).toFixed(decimals)} MB`;
}

/**
 * Whether a file may be sent as the profile image, checked before any upload: one of the contract's
 * types, not empty, at most the limit. A file over the limit reads larger than the limit (more decimals
 * when two would round it down to the limit).
 */
export function checkProfileImage(
  file: { type: string; size: number },
  limitBytes: number = PROFILE_IMAGE_MAX_BYTES,
): ProfileImageCheck {
  const type = file.type.toLowerCase();
  if (!PROFILE_IMAGE_TYPES.some((allowed) => allowed === type)) return { ok: false, problem: 'type', type };
  if (file.size <= 0) return { ok: false, problem: 'empty' };
  if (file.size <= limitBytes) return { ok: true };
  const limitMb = bytesToMegabytes(limitBytes);
  const limit = megabytesText(limitBytes, Number.isInteger(limitMb) ? 0 : 2);
  let decimals = 2;
  while (decimals < 6 && Number(bytesToMegabytes(file.size).toFixed(decimals)) <= limitMb) decimals += 1;
  return {
    ok: false,
    problem: 'size',
    sizeBytes: file.size,
    limitBytes,
    size: megabytesText(file.size, decimals),
    limit,
  };
}

export interface PasswordChangeForm {
  current: string;
  next: string;
  confirm: string;
}

/**
 * A password change: the current password is required; the new one has 8 to 128 characters, differs
 * from the current one and is typed the same twice. The answer is the body to send, or every problem.
 */
export function validatePasswordChange(
  values: PasswordChangeForm,
):
  | { ok: true; value: PasswordChange }
  | { ok: false; problems: Partial<Record<keyof PasswordChangeForm, AuthProblem>> } {
  const problems = newPasswordProblems(values);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { current_password: values.current, new_password: values.next } };
}

/**
 * The language a preferences form starts on: the stored preference when it is one of the store's active
 * languages (matched case-insensitively, spelled as the store spells it), else the one the app shows.
 */
export function preferredLanguage(
  stored: string,
  languages: readonly Pick<Schema<'Language'>, 'language_code' | 'status'>[],
  current: string,
): string {
  const active = languages.filter((language) => language.status === 1);
  const find = (code: string) =>
    active.find((language) => language.language_code.toLowerCase() === code.toLowerCase())?.language_code;
  return find(stored) ?? find(current) ?? current;
}

/** The body that replaces every preference (the contract's `updatePreferences` wants all fields). */
export const preferencesInputOf = (preferences: Schema<'Preferences'>): PreferencesInput => ({
  language_code: preferences.language_code,
  communication: {
    email: preferences.communication.email,
    sms: preferences.communication.sms,
    whatsapp: preferences.communication.whatsapp,
    push: preferences.communication.push,
  },
  marketing_opt_in: preferences.marketing_opt_in,
  order_updates: preferences.order_updates,
});

import { describe, expect, it } from 'vitest';
import {
  checkProfileImage,
  localIsoDate,
  PROFILE_IMAGE_MAX_BYTES,
  type ProfileForm,
  preferencesInputOf,
  preferredLanguage,
  profileFormOf,
  validatePasswordChange,
  validateProfile,
} from '../../src/core/index.ts';

const TODAY = '2025-06-15';
const valid: ProfileForm = { first_name: 'Asha', last_name: 'Shopper', date_of_birth: '', gender: '' };

describe('the profile form (names within the contract, a real past date of birth, a listed gender)', () => {
  it.each<[string, Partial<ProfileForm>, Record<string, string>]>([
    ['both names present', {}, {}],
    ['a first name of spaces', { first_name: '   ' }, { first_name: 'required' }],
    ['no last name', { last_name: '' }, { last_name: 'required' }],
    ['60 characters', { first_name: 'a'.repeat(60) }, {}],
    ['61 characters', { last_name: 'a'.repeat(61) }, { last_name: 'name-long' }],
    ['60 characters inside spaces', { first_name: `  ${'a'.repeat(60)}  ` }, {}],
    ['a date of birth', { date_of_birth: '1992-08-17' }, {}],
    ['born today', { date_of_birth: TODAY }, {}],
    ['born tomorrow', { date_of_birth: '2025-06-16' }, { date_of_birth: 'date-future' }],
    ['a day that does not exist', { date_of_birth: '2023-02-29' }, { date_of_birth: 'date' }],
    ['not a date', { date_of_birth: '17/08/1992' }, { date_of_birth: 'date' }],
    ['before 1900', { date_of_birth: '1899-12-31' }, { date_of_birth: 'date' }],
    ['a listed gender', { gender: 'undisclosed' }, {}],
    ['an unlisted gender', { gender: 'robot' as ProfileForm['gender'] }, { gender: 'gender' }],
    [
      'every problem at once',
      { first_name: '', last_name: '', date_of_birth: '3000-01-01' },
      { first_name: 'required', last_name: 'required', date_of_birth: 'date-future' },
    ],
  ])('%s', (_, change, problems) => {
    const result = validateProfile({ ...valid, ...change }, TODAY);
    expect(result.ok ? {} : result.problems).toEqual(problems);
  });

  it('sends trimmed names, and null for an empty date of birth or gender (which clears them)', () => {
    expect(validateProfile({ ...valid, first_name: ' Asha ', last_name: 'Rao ' }, TODAY)).toEqual({
      ok: true,
      value: { first_name: 'Asha', last_name: 'Rao', date_of_birth: null, gender: null },
    });
    expect(validateProfile({ ...valid, date_of_birth: '1992-08-17', gender: 'female' }, TODAY)).toEqual({
      ok: true,
      value: { first_name: 'Asha', last_name: 'Shopper', date_of_birth: '1992-08-17', gender: 'female' },
    });
  });

  it('starts from the profile, with empty choices for a missing date of birth or gender', () => {
    const profile = {
      customer_id: 1,
      first_name: 'Asha',
      last_name: 'Rao',
      email: 'asha@example.com',
      phone: null,
      extension: '+91',
      email_verified: true,
      phone_verified: false,
      profile_image_path: null,
      date_of_birth: null,
      gender: null,
      created_at: '2024-01-09T10:15:00Z',
    };
    expect(profileFormOf(profile)).toEqual({
      first_name: 'Asha',
      last_name: 'Rao',
      date_of_birth: '',
      gender: '',
    });
    expect(profileFormOf({ ...profile, date_of_birth: '1992-08-17', gender: 'male' })).toMatchObject({
      date_of_birth: '1992-08-17',
      gender: 'male',
    });
  });

  it.each([
    [new Date(2025, 0, 5, 0, 0), '2025-01-05'],
    [new Date(2024, 11, 31, 23, 59), '2024-12-31'],
  ])('today in the shopper’s zone: %s → %s', (date, iso) => {
    expect(localIsoDate(date)).toBe(iso);
  });
});

describe('a profile image, checked before it is uploaded (contract: PNG, JPEG or WebP, at most 2 MiB)', () => {
  it.each([
    ['a PNG', 'image/png', 1024, { ok: true }],
    ['a JPEG', 'image/jpeg', 500_000, { ok: true }],
    ['a WebP in capitals', 'IMAGE/WEBP', 2000, { ok: true }],
    ['exactly the limit', 'image/png', PROFILE_IMAGE_MAX_BYTES, { ok: true }],
    ['a GIF', 'image/gif', 1024, { ok: false, problem: 'type', type: 'image/gif' }],
    ['an SVG (scripts)', 'image/svg+xml', 1024, { ok: false, problem: 'type', type: 'image/svg+xml' }],
    ['a PDF', 'application/pdf', 1024, { ok: false, problem: 'type', type: 'application/pdf' }],
    ['an unknown type', '', 1024, { ok: false, problem: 'type', type: '' }],
    ['an empty PNG', 'image/png', 0, { ok: false, problem: 'empty' }],
  ])('%s', (_, type, size, expected) => {
    expect(checkProfileImage({ type, size })).toEqual(expected);
  });

  it.each([
    // bytes ÷ 1048576, two decimals; the limit without decimals when it is whole.
    [3 * 1048576, '3.00 MB', '2 MB'],
    [2_500_000, '2.38 MB', '2 MB'],
    [10 * 1048576 + 524_288, '10.50 MB', '2 MB'],
    // One byte over would read "2.00 MB": more decimals until it reads larger than the limit.
    [PROFILE_IMAGE_MAX_BYTES + 1, '2.000001 MB', '2 MB'],
    [PROFILE_IMAGE_MAX_BYTES + 4000, '2.004 MB', '2 MB'],
    [PROFILE_IMAGE_MAX_BYTES + 6000, '2.01 MB', '2 MB'],
  ])('%d bytes is refused as %s over %s', (size, sizeText, limitText) => {
    expect(checkProfileImage({ type: 'image/png', size })).toEqual({
      ok: false,
      problem: 'size',
      sizeBytes: size,
      limitBytes: PROFILE_IMAGE_MAX_BYTES,
      size: sizeText,
      limit: limitText,
    });
  });

  it('writes a limit that is not whole with two decimals', () => {
    expect(checkProfileImage({ type: 'image/png', size: 2_000_000 }, 1_500_000)).toMatchObject({
      size: '1.91 MB',
      limit: '1.43 MB',
    });
  });
});

describe('a password change (current required; new ≥ 8 characters, not the current one, typed twice)', () => {
  it.each<[string, { current: string; next: string; confirm: string }, Record<string, string>]>([
    ['all good', { current: 'Password123', next: 'NewPassword1', confirm: 'NewPassword1' }, {}],
    [
      'no current password',
      { current: '', next: 'NewPassword1', confirm: 'NewPassword1' },
      { current: 'required' },
    ],
    ['no new password', { current: 'Password123', next: '', confirm: '' }, { next: 'required' }],
    [
      '7 characters',
      { current: 'Password123', next: 'Short12', confirm: 'Short12' },
      { next: 'password-short' },
    ],
    ['exactly 8', { current: 'Password123', next: 'Eight888', confirm: 'Eight888' }, {}],
    [
      '129 characters',
      { current: 'Password123', next: 'a'.repeat(129), confirm: 'a'.repeat(129) },
      { next: 'password-long' },
    ],
    [
      'the same as the current one',
      { current: 'Password123', next: 'Password123', confirm: 'Password123' },
      { next: 'password-same' },
    ],
    [
      'confirmation differs',
      { current: 'Password123', next: 'NewPassword1', confirm: 'NewPassword2' },
      { confirm: 'password-mismatch' },
    ],
    ['nothing typed', { current: '', next: '', confirm: '' }, { current: 'required', next: 'required' }],
  ])('%s', (_, values, problems) => {
    const result = validatePasswordChange(values);
    expect(result.ok ? {} : result.problems).toEqual(problems);
  });

  it('sends the passwords as typed (spaces are part of a password)', () => {
    expect(
      validatePasswordChange({ current: ' Password123', next: 'New pass 1 ', confirm: 'New pass 1 ' }),
    ).toEqual({
      ok: true,
      value: { current_password: ' Password123', new_password: 'New pass 1 ' },
    });
  });
});

describe('preferences', () => {
  const languages = [
    { language_code: 'en', status: 1 },
    { language_code: 'hi', status: 1 },
    { language_code: 'fr', status: 1 },
    { language_code: 'ar', status: 0 },
  ] as const;
  it.each([
    ['a stored active language', 'hi', 'en', 'hi'],
    ['matched case-insensitively, spelled as the store does', 'FR', 'en', 'fr'],
    ['an inactive one: the app’s language', 'ar', 'hi', 'hi'],
    ['an unknown one: the app’s language', 'de', 'fr', 'fr'],
    ['the app’s language spelled as the store does', 'de', 'EN', 'en'],
  ])('%s', (_, stored, current, expected) => {
    expect(preferredLanguage(stored, languages, current)).toBe(expected);
  });

  it('replaces every field, and only the contract’s fields', () => {
    const stored = {
      language_code: 'en',
      communication: { email: true, sms: false, whatsapp: true, push: false, fax: true },
      marketing_opt_in: false,
      order_updates: true,
      extra: 'ignored',
    };
    expect(preferencesInputOf(stored)).toEqual({
      language_code: 'en',
      communication: { email: true, sms: false, whatsapp: true, push: false },
      marketing_opt_in: false,
      order_updates: true,
    });
  });
});

import type { Schema } from '@marketkit/sdk';
import { DEFAULT_PHONE_EXTENSION } from './address.ts';

/** The form rules for sign-in and sign-up; the storefront words each problem. */
export type AuthProblem =
  | 'required'
  | 'email'
  | 'phone'
  | 'extension'
  | 'otp'
  | 'password-short'
  | 'password-long'
  | 'password-same'
  | 'password-mismatch'
  | 'name-long'
  | 'consent';

export type Identifier = {
  identifier: string;
  identifier_type: Schema<'IdentifierType'>;
  extension?: string;
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9]{6,15}$/;
const EXTENSION = /^\+[0-9]{1,4}$/;

/** The field of an identifier form a problem is shown under: the e-mail or number, or the extension. */
export type IdentifierProblemField = 'identifier' | 'extension';

/**
 * An e-mail address or phone digits, as the services host wants it (`identifier_type`, and the
 * extension for a phone, default +91). Anything with an `@` is an e-mail; spaces and dashes typed in a
 * phone number are dropped. A problem names the field it belongs to (`field`), for its message.
 */
export function readIdentifier(
  value: string,
  extension = DEFAULT_PHONE_EXTENSION,
): { ok: true; value: Identifier } | { ok: false; problem: AuthProblem; field: IdentifierProblemField } {
  const trimmed = value.trim();
  if (!trimmed) return { ok: false, problem: 'required', field: 'identifier' };
  if (trimmed.includes('@'))
    return EMAIL.test(trimmed) && trimmed.length <= 254
      ? { ok: true, value: { identifier: trimmed.toLowerCase(), identifier_type: 'email' } }
      : { ok: false, problem: 'email', field: 'identifier' };
  const digits = trimmed.replace(/[\s-]/g, '');
  if (!PHONE.test(digits)) return { ok: false, problem: 'phone', field: 'identifier' };
  if (!EXTENSION.test(extension)) return { ok: false, problem: 'extension', field: 'extension' };
  return { ok: true, value: { identifier: digits, identifier_type: 'phone', extension } };
}

/** A one-time code is 6 digits. */
export const otpProblem = (code: string): AuthProblem | null =>
  !code.trim() ? 'required' : /^[0-9]{6}$/.test(code.trim()) ? null : 'otp';

/** A password: 8 to 128 characters (not trimmed: spaces are part of it). */
export function passwordProblem(password: string): AuthProblem | null {
  if (!password) return 'required';
  if (password.length < 8) return 'password-short';
  if (password.length > 128) return 'password-long';
  return null;
}

/** A new password: the password rule, different from the current one, typed the same twice. */
export function newPasswordProblems(input: {
  current?: string;
  next: string;
  confirm: string;
}): Partial<Record<'current' | 'next' | 'confirm', AuthProblem>> {
  const problems: Partial<Record<'current' | 'next' | 'confirm', AuthProblem>> = {};
  if (input.current !== undefined && !input.current) problems.current = 'required';
  const next = passwordProblem(input.next);
  if (next) problems.next = next;
  else if (input.current && input.next === input.current) problems.next = 'password-same';
  if (!problems.next && input.confirm !== input.next) problems.confirm = 'password-mismatch';
  return problems;
}

/** A first or last name: required, at most 60 characters. */
export const nameProblem = (name: string): AuthProblem | null =>
  !name.trim() ? 'required' : name.trim().length > 60 ? 'name-long' : null;

/** The consents still to accept: every `required` one must be accepted to sign up. */
export function missingConsents(
  consents: readonly Pick<Schema<'Consent'>, 'consent_id' | 'required'>[],
  accepted: ReadonlySet<number>,
): number[] {
  return consents
    .filter((consent) => consent.required && !accepted.has(consent.consent_id))
    .map((c) => c.consent_id);
}

/** The consent decisions to send: one per consent shown, with the version the shopper saw. */
export const consentDecisions = (
  consents: readonly Pick<Schema<'Consent'>, 'consent_id' | 'version'>[],
  accepted: ReadonlySet<number>,
) =>
  consents.map((consent) => ({
    consent_id: consent.consent_id,
    accepted: accepted.has(consent.consent_id),
    version: consent.version,
  }));

/** Whole seconds until a code may be sent again (never negative). */
export function secondsUntilResend(sentAt: number, resendAfterSeconds: number, now: number): number {
  return Math.max(0, Math.ceil((sentAt + resendAfterSeconds * 1000 - now) / 1000));
}

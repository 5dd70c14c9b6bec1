import { type Identifier, readIdentifier } from '@marketkit/hooks/core';
import type { Failure } from '../common/failure.ts';
import type { CodeChallenge } from './code-form.tsx';

/**
 * The step state a form carries between the route action's requests (hidden fields the shopper's
 * browser sends back). None of it is trusted: each reader answers null for anything missing, oversized
 * or malformed, and the services host still checks every reference and token it is given.
 */
type Fields = Pick<FormData, 'get'>;

const text = (form: Fields, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

// References and tokens are opaque to us, but never longer than this nor anything but URL-safe text.
const OPAQUE = /^[A-Za-z0-9._~-]{1,512}$/;
// A masked destination is shown on the page: plain printable text of an e-mail or phone's length.
const MASKED = /^[^\p{Cc}<>]{1,254}$/u;

/** A code step's challenge: its reference and where the code went (the wait is not carried). */
export function readChallenge(form: Fields): CodeChallenge | null {
  const reference = text(form, 'otp_reference');
  const masked = text(form, 'masked_destination');
  if (!OPAQUE.test(reference) || !MASKED.test(masked)) return null;
  return { otp_reference: reference, masked_destination: masked };
}

/** A checked code's verification token (a new password, the sign-up details). */
export function readToken(form: Fields, name = 'verification_token'): string | null {
  const token = text(form, name);
  return OPAQUE.test(token) ? token : null;
}

/** Who a sign-up's code went to: a valid e-mail address or phone number of the type it claims. */
export function readWho(form: Fields): Identifier | null {
  const type = text(form, 'identifier_type');
  if (type !== 'email' && type !== 'phone') return null;
  const extension = text(form, 'who_extension');
  const read = readIdentifier(text(form, 'identifier'), extension || undefined);
  if (!read.ok || read.value.identifier_type !== type) return null;
  return read.value;
}

/** The refusal of a step whose carried state is missing or altered: the shopper starts that step again. */
export const STEP_INVALID: Failure = { code: 'STEP_INVALID', serverMessage: null, status: 400, details: {} };

/** The code steps a "send a new code" may come from, and the services host's call that resends each. */
export const RESEND_STEPS = ['otp-code', 'device', 'forgot-code', 'unlock-code', 'signup-code'] as const;
export type ResendStep = (typeof RESEND_STEPS)[number];

/** The code step a resend names, or null when it is none of them. */
export const readResendStep = (form: Fields): ResendStep | null => {
  const step = text(form, 'step');
  return (RESEND_STEPS as readonly string[]).includes(step) ? (step as ResendStep) : null;
};

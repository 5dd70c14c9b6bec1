import { describe, expect, it } from 'vitest';
import { readChallenge, readResendStep, readToken, readWho } from '../src/account-auth/step-fields.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the step state a form carries back', () => {
  it.each([
    [
      'a reference and its destination',
      { otp_reference: 'abc_DEF-123', masked_destination: 'n***@example.com' },
      true,
    ],
    ['no reference', { masked_destination: 'n***@example.com' }, false],
    ['a reference with a path in it', { otp_reference: '../admin', masked_destination: 'x' }, false],
    ['a reference too long', { otp_reference: 'a'.repeat(513), masked_destination: 'x' }, false],
    ['markup as the destination', { otp_reference: 'abc', masked_destination: '<img src=x>' }, false],
    [
      'a control character in the destination',
      { otp_reference: 'abc', masked_destination: 'a\u0000b' },
      false,
    ],
    ['no destination', { otp_reference: 'abc' }, false],
  ])('challenge: %s', (_, fields: Record<string, string>, ok) => {
    expect(readChallenge(form(fields))).toEqual(ok ? fields : null);
  });

  it.each([
    ['a token', 'tok_123-abc', 'tok_123-abc'],
    ['none', '', null],
    ['a token with spaces', 'a b', null],
    ['a token too long', 'a'.repeat(513), null],
  ])('token: %s', (_, token, expected) => {
    expect(readToken(form({ verification_token: token }))).toBe(expected);
  });

  it.each([
    [
      'an e-mail address',
      { identifier: 'New@Example.com', identifier_type: 'email' },
      { identifier: 'new@example.com', identifier_type: 'email' },
    ],
    [
      'a phone number with its extension',
      { identifier: '9876543210', identifier_type: 'phone', who_extension: '+44' },
      { identifier: '9876543210', identifier_type: 'phone', extension: '+44' },
    ],
    [
      'a phone number without extension (the default)',
      { identifier: '9876543210', identifier_type: 'phone' },
      { identifier: '9876543210', identifier_type: 'phone', extension: '+91' },
    ],
    ['an e-mail address claimed as a phone', { identifier: 'a@example.com', identifier_type: 'phone' }, null],
    ['a phone number claimed as an e-mail', { identifier: '9876543210', identifier_type: 'email' }, null],
    ['an unknown type', { identifier: 'a@example.com', identifier_type: 'fax' }, null],
    ['a broken extension', { identifier: '9876543210', identifier_type: 'phone', who_extension: '91' }, null],
    ['nothing', {}, null],
  ])('who: %s', (_, fields, expected) => {
    expect(readWho(form(fields))).toEqual(expected);
  });

  it.each([
    ['otp-code', 'otp-code'],
    ['device', 'device'],
    ['forgot-code', 'forgot-code'],
    ['unlock-code', 'unlock-code'],
    ['signup-code', 'signup-code'],
    ['password', null],
    ['', null],
  ])('resend from step %j', (step, expected) => {
    expect(readResendStep(form({ step }))).toBe(expected);
  });
});

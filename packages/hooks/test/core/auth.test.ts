import { describe, expect, it } from 'vitest';
import {
  consentDecisions,
  deviceName,
  isDeviceId,
  missingConsents,
  nameProblem,
  newPasswordProblems,
  otpProblem,
  passwordProblem,
  readIdentifier,
  secondsUntilResend,
} from '../../src/core/index.ts';

describe('e-mail or phone (phone digits with an extension, default +91)', () => {
  it.each([
    ['shopper@example.com', undefined, { identifier: 'shopper@example.com', identifier_type: 'email' }],
    [' Shopper@Example.COM ', undefined, { identifier: 'shopper@example.com', identifier_type: 'email' }],
    ['9876543210', undefined, { identifier: '9876543210', identifier_type: 'phone', extension: '+91' }],
    ['98765 43210', '+27', { identifier: '9876543210', identifier_type: 'phone', extension: '+27' }],
    ['987-654-3210', undefined, { identifier: '9876543210', identifier_type: 'phone', extension: '+91' }],
  ])('%j (%s) → %j', (value, extension, identifier) => {
    expect(readIdentifier(value, extension)).toEqual({ ok: true, value: identifier });
  });

  // Each problem belongs to the field the shopper must change: the extension's under the extension.
  it.each([
    ['', undefined, 'required', 'identifier'],
    ['   ', undefined, 'required', 'identifier'],
    ['shopper@', undefined, 'email', 'identifier'],
    ['a b@example.com', undefined, 'email', 'identifier'],
    ['12345', undefined, 'phone', 'identifier'],
    ['1234567890123456', undefined, 'phone', 'identifier'],
    ['98765abc10', undefined, 'phone', 'identifier'],
    ['9876543210', '91', 'extension', 'extension'],
    ['9876543210', '+12345', 'extension', 'extension'],
    ['9876543210', '', 'extension', 'extension'],
  ])('%j (%s) → %s, on the %s field', (value, extension, problem, field) => {
    expect(readIdentifier(value, extension)).toEqual({ ok: false, problem, field });
  });
});

describe('codes, passwords and names', () => {
  it.each([
    ['123456', null],
    [' 123456 ', null],
    ['', 'required'],
    ['12345', 'otp'],
    ['1234567', 'otp'],
    ['12a456', 'otp'],
  ])('code %j → %s', (code, problem) => {
    expect(otpProblem(code)).toBe(problem);
  });

  it.each([
    ['', 'required'],
    ['1234567', 'password-short'],
    ['12345678', null],
    ['  spaced  ', null],
    ['x'.repeat(129), 'password-long'],
  ])('password %j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it.each([
    [{ current: 'Password123', next: 'NewPassword1', confirm: 'NewPassword1' }, {}],
    [{ next: 'NewPassword1', confirm: 'NewPassword1' }, {}],
    [{ current: '', next: 'NewPassword1', confirm: 'NewPassword1' }, { current: 'required' }],
    [{ current: 'Password123', next: 'Password123', confirm: 'Password123' }, { next: 'password-same' }],
    [{ next: 'short', confirm: 'short' }, { next: 'password-short' }],
    [{ next: 'NewPassword1', confirm: 'NewPassword2' }, { confirm: 'password-mismatch' }],
  ])('new password %j → %j', (input, problems) => {
    expect(newPasswordProblems(input)).toEqual(problems);
  });

  it.each([
    ['Asha', null],
    ['  ', 'required'],
    ['x'.repeat(61), 'name-long'],
  ])('name %j → %s', (name, problem) => {
    expect(nameProblem(name)).toBe(problem);
  });
});

describe('consents', () => {
  const consents = [
    { consent_id: 1, required: true, version: '2' },
    { consent_id: 2, required: false, version: '1' },
    { consent_id: 3, required: true, version: '5' },
  ];
  it.each([
    [[], [1, 3]],
    [[1], [3]],
    [[2], [1, 3]],
    [[1, 3], []],
  ])('accepted %j → still to accept %j', (accepted, missing) => {
    expect(missingConsents(consents, new Set(accepted))).toEqual(missing);
  });
  it('sends one decision per consent shown, with its version', () => {
    expect(consentDecisions(consents, new Set([1]))).toEqual([
      { consent_id: 1, accepted: true, version: '2' },
      { consent_id: 2, accepted: false, version: '1' },
      { consent_id: 3, accepted: false, version: '5' },
    ]);
  });
});

describe('resend countdown and device', () => {
  it.each([
    [0, 30, 0, 30],
    [0, 30, 29_001, 1],
    [0, 30, 30_000, 0],
    [0, 30, 90_000, 0],
    [1000, 0, 1000, 0],
  ])('sent at %i, wait %is, now %i → %is', (sentAt, wait, now, left) => {
    expect(secondsUntilResend(sentAt, wait, now)).toBe(left);
  });

  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['', 'Browser on another system'],
  ])('%s → %s', (agent, name) => {
    expect(deviceName(agent)).toBe(name);
  });

  it.each([
    ['web-0123456789abcdef01234567', true],
    ['short', false],
    ['has space in it', false],
    ['<script>alert(1)</script>', false],
    [null, false],
    [42, false],
  ])('device id %j is usable: %s', (value, usable) => {
    expect(isDeviceId(value)).toBe(usable);
  });
});

import type { FieldError } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import { fieldErrorsByField } from '../../src/core/index.ts';

const refusal = (field: string, code: FieldError['code'], limit?: number): FieldError => ({
  field,
  code,
  ...(limit !== undefined ? { limit } : {}),
  message: `${field} is refused (server text)`,
});

// The contract's field names → the sign-up form's.
const fields = { email: 'email', phone_number: 'phone', password: 'password' } as const;

describe('refusals shown beside the form’s fields', () => {
  it.each<[string, FieldError[], Record<string, FieldError['code']>]>([
    ['none', [], {}],
    ['one, mapped to the form’s name', [refusal('phone_number', 'INVALID')], { phone: 'INVALID' }],
    [
      'the first of a field’s refusals',
      [refusal('password', 'TOO_SHORT', 8), refusal('password', 'INVALID')],
      { password: 'TOO_SHORT' },
    ],
    ['a field the form does not have', [refusal('nickname', 'INVALID')], {}],
    [
      'an inherited name is not a field',
      [refusal('toString', 'INVALID'), refusal('__proto__', 'INVALID')],
      {},
    ],
    [
      'each field its own',
      [refusal('email', 'ALREADY_USED'), refusal('password', 'TOO_SHORT', 8)],
      { email: 'ALREADY_USED', password: 'TOO_SHORT' },
    ],
  ])('%s', (_, errors, expected) => {
    const shown = fieldErrorsByField(errors, fields);
    expect(Object.fromEntries(Object.entries(shown).map(([field, error]) => [field, error?.code]))).toEqual(
      expected,
    );
  });

  it('keeps the limit a text needs', () => {
    expect(fieldErrorsByField([refusal('password', 'TOO_SHORT', 8)], fields).password?.limit).toBe(8);
  });
});

import { describe, expect, it } from 'vitest';
import { type FieldError, isMarketApiError, MarketApiError, unwrap } from '../src/index.ts';
import { createFakeHost, createTestClient } from './fake-host.ts';

/** What a call to the languages endpoint fails with when the host answers `status` with `body`. */
async function failureOf(status: number, body: string, type = 'application/json') {
  const host = createFakeHost();
  host.override(
    'GET /pbs/rest/v3/languages',
    () => new Response(body, { status, headers: { 'Content-Type': type } }),
  );
  const client = createTestClient(host);
  const error = await unwrap(client.GET('/pbs/rest/v3/languages')).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  if (!isMarketApiError(error)) throw error;
  return error;
}

const envelope = (fields: Record<string, unknown>) => JSON.stringify({ response_body: null, ...fields });

describe('a shopper is never handed the SDK’s English or a validator’s text as the only way to know', () => {
  it.each<[string, number, string, string | undefined, string, FieldError[]]>([
    [
      'a validation 400: the server’s text as it is, the fields by name',
      400,
      envelope({
        response_message: 'The request is not valid: password must NOT have fewer than 8 characters',
        errors: [
          {
            field: 'password',
            code: 'TOO_SHORT',
            limit: 8,
            message: 'must NOT have fewer than 8 characters {"limit":8}',
          },
        ],
      }),
      undefined,
      'The request is not valid: password must NOT have fewer than 8 characters',
      [
        {
          field: 'password',
          code: 'TOO_SHORT',
          limit: 8,
          message: 'must NOT have fewer than 8 characters {"limit":8}',
        },
      ],
    ],
    [
      'every field by its own code: missing, refused, taken, incorrect',
      400,
      envelope({
        response_message: 'Invalid',
        errors: [
          { field: 'first_name', code: 'REQUIRED', message: "must have required property 'first_name'" },
          { field: 'gender', code: 'NOT_ALLOWED', message: 'must be equal to one of the allowed values' },
          { field: 'email', code: 'ALREADY_USED', message: 'Already used by another account' },
          { field: 'otp', code: 'INCORRECT', message: 'The code is incorrect' },
          { field: 'quantity', code: 'TOO_LARGE', limit: 3, message: 'At most 3' },
        ],
      }),
      undefined,
      'Invalid',
      [
        { field: 'first_name', code: 'REQUIRED', message: "must have required property 'first_name'" },
        { field: 'gender', code: 'NOT_ALLOWED', message: 'must be equal to one of the allowed values' },
        { field: 'email', code: 'ALREADY_USED', message: 'Already used by another account' },
        { field: 'otp', code: 'INCORRECT', message: 'The code is incorrect' },
        { field: 'quantity', code: 'TOO_LARGE', limit: 3, message: 'At most 3' },
      ],
    ],
    [
      'a code this SDK does not know, or none, is INVALID; a limit that is not a number is left out',
      400,
      envelope({
        errors: [
          { field: 'pincode', code: 'WRONG_REGION', message: 'x' },
          { field: 'name', code: 7, limit: '8', message: 'y' },
          { field: 'age', limit: Number.POSITIVE_INFINITY },
        ],
      }),
      undefined,
      '',
      [
        { field: 'pincode', code: 'INVALID', message: 'x' },
        { field: 'name', code: 'INVALID', message: 'y' },
        { field: 'age', code: 'INVALID', message: '' },
      ],
    ],
    ['a 400 without response_message: empty, not English', 400, envelope({}), undefined, '', []],
    ['a 500 with an empty response_message', 500, envelope({ response_message: '  ' }), undefined, '', []],
    ['a 404 whose response_message is not text', 404, envelope({ response_message: 42 }), undefined, '', []],
    ['an HTML error page', 502, '<html><body>Bad gateway</body></html>', 'text/html', '', []],
    [
      'a JSON error that is no envelope, with field errors: they are kept',
      422,
      JSON.stringify({ errors: [{ field: 'pincode', code: 'INVALID_FORMAT', message: 'Enter 6 digits' }] }),
      undefined,
      '',
      [{ field: 'pincode', code: 'INVALID_FORMAT', message: 'Enter 6 digits' }],
    ],
    [
      'field errors of another shape: entries without a field name are left out',
      400,
      envelope({
        response_message: 'Invalid',
        errors: [
          { field: 'email' },
          { message: 'no field' },
          { field: '', message: 'empty field' },
          { field: 7, message: 'not text' },
          null,
          'text',
          { field: ' address.pincode ', message: ' Enter 6 digits ' },
        ],
      }),
      undefined,
      'Invalid',
      [
        { field: 'email', code: 'INVALID', message: '' },
        { field: 'address.pincode', code: 'INVALID', message: 'Enter 6 digits' },
      ],
    ],
    [
      'field errors that are not a list',
      400,
      envelope({ response_message: 'x', errors: 'bad' }),
      undefined,
      'x',
      [],
    ],
  ])('%s', async (_case, status, body, type, responseMessage, fieldErrors) => {
    const error = await failureOf(status, body, type);
    expect(error).toBeInstanceOf(MarketApiError);
    expect([error.kind, error.status, error.responseMessage, error.fieldErrors]).toEqual([
      'http',
      status,
      responseMessage,
      fieldErrors,
    ]);
    // Developers still read what happened.
    expect(error.message).toContain(`${status}`);
    expect(error.message).not.toBe('');
  });

  it('a reply that cannot be used says so to developers only', async () => {
    const error = await failureOf(200, 'not json');
    expect([error.kind, error.code, error.responseMessage]).toEqual(['malformed', 'MALFORMED_REPLY', '']);
    expect(error.message).toContain('unusable reply');
  });

  it('a rule broken before any call: the code for the app’s text, words for developers only', () => {
    const error = new MarketApiError({
      kind: 'rule',
      code: 'INVALID_PINCODE',
      status: 0,
      method: '',
      url: '',
      description: 'Pincode must be 6 digits',
    });
    expect([error.code, error.responseMessage, error.message]).toEqual([
      'INVALID_PINCODE',
      '',
      'INVALID_PINCODE: Pincode must be 6 digits',
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIELD_ERROR_CODES, MARKET_ERROR_CODES, MarketApiError, ruleError } from '@marketkit/sdk';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { failureMessage } from '../src/common/failure.ts';
import { fieldProblems } from '../src/common/field-problems.ts';

const LOCALES = join(import.meta.dirname, '../public/locales');
const texts = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

async function translator(language: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    ns: ['cart', 'common'],
    defaultNS: 'cart',
    resources: { [language]: { cart: texts(language, 'cart'), common: texts(language, 'common') } },
  });
  return instance.getFixedT(language, ['cart', 'common']);
}

const refusal = new MarketApiError({
  kind: 'http',
  status: 422,
  responseMessage: 'Only 4 left',
  method: 'PUT',
  url: '/cfs/rest/v3/customer-cart/1',
});
const offline = new MarketApiError({
  kind: 'network',
  status: 0,
  responseMessage: 'Service unreachable.',
  method: 'PUT',
  url: '/cfs/rest/v3/customer-cart/1',
});

describe('what a failure tells the shopper', () => {
  it("shows the server's own words for a refusal", async () => {
    expect(failureMessage(refusal, 'Could not change it', await translator('en'))).toBe('Only 4 left');
  });

  it.each([
    ['en', 'Choose a billing address before placing the order.'],
    ['fr', 'Choisissez une adresse de facturation avant de passer la commande.'],
  ])('shows a rule the hooks checked by its code, in the shopper’s language (%s)', async (language, text) => {
    const error = ruleError('BILLING_ADDRESS_REQUIRED', 'The checkout has no billing address');
    expect(failureMessage(error, 'The order could not be placed', await translator(language))).toBe(text);
  });

  it('names the field when the code is about one, with the limits from its details', async () => {
    const error = ruleError('BAD_REQUEST', 'A cart quantity is a whole number from 1 to 999', {
      field: 'quantity',
      min: 1,
      max: 999,
    });
    expect(failureMessage(error, 'The quantity could not be changed.', await translator('en'))).toBe(
      'Choose a quantity from 1 to 999.',
    );
  });

  it("never shows the hooks' or the SDK's English: the code's text, else the screen's own", async () => {
    const t = await translator('ar');
    expect(failureMessage(offline, 'لم يتم التغيير', t)).toBe(
      (texts('ar', 'common').errors as Record<string, string>).NETWORK_ERROR,
    );
    expect(failureMessage(ruleError('CHECKOUT_NOT_LOADED', 'not loaded'), 'fallback', t)).not.toMatch(
      /not loaded/,
    );
    expect(failureMessage(new TypeError('x'), 'fallback', t)).toBe('fallback');
  });
});

describe('every failure code has a text for the shopper', () => {
  it.each(['en', 'fr', 'hi', 'ar'])('%s has common:errors.{code} for every MarketErrorCode', (language) => {
    const errors = (texts(language, 'common').errors ?? {}) as Record<string, unknown>;
    const missing = MARKET_ERROR_CODES.filter((code) => typeof errors[code] !== 'string' || !errors[code]);
    expect(missing).toEqual([]);
  });

  it.each(['en', 'fr', 'hi', 'ar'])(
    'a malformed reply on a screen with no text of its own is told in words, never as a key (%s)',
    async (language) => {
      const malformed = new MarketApiError({
        kind: 'malformed',
        status: 200,
        responseMessage: 'The reply was not JSON',
        method: 'GET',
        url: '/cfs/rest/v3/customer-cart',
      });
      const text = failureMessage(malformed, '', await translator(language));
      expect(text).toBe((texts(language, 'common').errors as Record<string, string>).MALFORMED_REPLY);
    },
  );

  it('an unknown code with no screen text gives the empty fallback, not a key', async () => {
    const unknown = ruleError('BAD_REQUEST', 'x');
    Object.assign(unknown, { code: 'NOT_A_CODE' });
    expect(failureMessage(unknown, '', await translator('en'))).toBe('');
  });
});

describe('a value the server refused is told beside its field, never in the validator’s words', () => {
  const validation = new MarketApiError({
    kind: 'http',
    status: 400,
    responseMessage: 'The request is not valid: password must NOT have fewer than 8 characters',
    method: 'POST',
    url: '/ums/rest/v3/signup',
    fieldErrors: [
      {
        field: 'password',
        code: 'TOO_SHORT',
        limit: 8,
        message: 'must NOT have fewer than 8 characters {"limit":8}',
      },
      { field: 'password', code: 'INVALID', message: 'second problem of the same field' },
      { field: 'email', code: 'ALREADY_USED', message: 'Already used by another account' },
      { field: 'nickname', code: 'REQUIRED', message: 'not a field of this form' },
      { field: 'last_name', code: 'NEW_CODE' as 'INVALID', message: 'a code this page has no text for' },
    ],
  });
  const FORM = { password: 'password', email: 'other', last_name: 'last_name' } as const;

  it.each([
    ['en', 'Use at least 8 characters.', 'This is already in use. Choose another.', 'Check this value.'],
    [
      'fr',
      'Utilisez au moins 8 caractères.',
      'Ceci est déjà utilisé. Choisissez-en un autre.',
      'Vérifiez cette valeur.',
    ],
    ['hi', 'कम से कम 8 अक्षर लिखें।', 'यह पहले से उपयोग में है। कोई दूसरा चुनें।', 'यह मान जाँचें।'],
    ['ar', 'استخدم 8 أحرف على الأقل.', 'هذا مستخدم بالفعل. اختر غيره.', 'تحقق من هذه القيمة.'],
  ])(
    '%s: each field of the form gets the text of its first code',
    async (language, password, other, lastName) => {
      const t = await translator(language);
      expect(fieldProblems(validation, FORM, t)).toEqual({ password, other, last_name: lastName });
      // The general message is the code's text, not the server's.
      expect(failureMessage(validation, 'fallback', t)).toBe(
        (texts(language, 'common').errors as Record<string, string>).BAD_REQUEST,
      );
    },
  );

  it.each(['en', 'fr', 'hi', 'ar'])(
    '%s has common:field_errors.{code} for every FieldErrorCode',
    (language) => {
      const fieldTexts = (texts(language, 'common').field_errors ?? {}) as Record<string, unknown>;
      expect(
        FIELD_ERROR_CODES.filter((code) => typeof fieldTexts[code] !== 'string' || !fieldTexts[code]),
      ).toEqual([]);
    },
  );

  it.each(['en', 'fr', 'hi', 'ar'])(
    '%s: a wrong one-time code says so in the page’s words, not the server’s',
    async (language) => {
      const wrongCode = new MarketApiError({
        kind: 'http',
        status: 400,
        responseMessage: 'The code is incorrect',
        method: 'POST',
        url: '/ums/rest/v3/otp/validate',
        fieldErrors: [{ field: 'otp', code: 'INCORRECT', message: 'The code is incorrect' }],
      });
      const own = (texts(language, 'common').field_errors as Record<string, string>).INCORRECT_otp;
      expect(failureMessage(wrongCode, 'fallback', await translator(language))).toBe(own);
    },
  );

  it('anything but a MarketApiError names no field', async () => {
    expect(fieldProblems(new TypeError('x'), FORM, await translator('en'))).toEqual({});
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MARKET_ERROR_CODES, MarketApiError, ruleError } from '@marketkit/sdk';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { failureMessage } from '../src/common/failure.ts';

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

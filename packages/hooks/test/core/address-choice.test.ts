import type { Schema } from '@marketkit/sdk';
import { describe, expect, it } from 'vitest';
import { addressWithout, chosenLanguage, chosenPincode } from '../../src/core/index.ts';

// Only the fields the rule reads.
const language = (code: string, status = 1) =>
  ({ language_code: code, status, is_default: false, writing_script_direction: 'LTR' }) as Schema<'Language'>;
const languages = [language('en'), language('ar'), language('en_US'), language('hi', 0)];

describe('a language asked for in the address', () => {
  it.each<[string | null, string | null]>([
    ['ar', 'ar'],
    ['AR', 'ar'],
    [' ar ', 'ar'],
    ['en-US', 'en_US'],
    ['hi', null], // inactive in this store
    ['zz', null], // not one of the store's
    ['<script>', null],
    ['', null],
    [null, null],
  ])('%j → %j', (given, expected) => {
    expect(chosenLanguage(given, languages)).toBe(expected);
  });
});

describe('a pincode asked for in the address', () => {
  it.each<[string | null, string | null]>([
    ['110001', '110001'],
    [' 560001 ', '560001'],
    ['1234', '1234'],
    ['123', null],
    ['12345678901', null],
    ['11000a', null],
    ['', null],
    [null, null],
  ])('%j → %j', (given, expected) => {
    expect(chosenPincode(given)).toBe(expected);
  });
});

describe('the same page without the chosen field', () => {
  it.each<[string, string]>([
    ['https://shop.test/productListing?search=tea&lang=ar&page=2', '/productListing?search=tea&page=2'],
    ['https://shop.test/?lang=ar', '/'],
    ['https://shop.test/ProductDetails?id=7&pincode=110001#reviews', '/ProductDetails?id=7'],
    ['https://shop.test//evil.example/?lang=ar', '/'],
    ['https://shop.test/%5Cevil.example?lang=ar', '/'],
  ])('%s → %s', (address, expected) => {
    expect(addressWithout(new URL(address), ['lang', 'pincode'])).toBe(expected);
  });
});

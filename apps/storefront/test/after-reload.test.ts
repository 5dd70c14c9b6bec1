import { describe, expect, it } from 'vitest';
import { afterReload, readRecord } from '../src/early/after-reload.ts';

describe('a page loaded again in the middle of a client navigation (React Router, on code that failed)', () => {
  const toCart = { from: '/', to: '/cart' };
  it.each([
    ['no navigation recorded', null, '/', true, false, { kind: 'none' }],
    ['a first load, not a reload', toCart, '/', false, false, { kind: 'none' }],
    [
      'a reload of another page than the one the navigation left',
      toCart,
      '/wishlist',
      true,
      false,
      { kind: 'none' },
    ],
    ['a link: the rule loads the destination, once', toCart, '/', true, false, { kind: 'load', to: '/cart' }],
    [
      'back or forward: this load is the rule’s one',
      { from: '/cart', to: '/cart' },
      '/cart',
      true,
      false,
      { kind: 'stay' },
    ],
    [
      'the flag set already: the code failed after the rule’s load too',
      toCart,
      '/',
      true,
      true,
      { kind: 'fail' },
    ],
  ] as const)('%s', (_, record, here, reloaded, flagSet, expected) => {
    expect(afterReload(record, here, reloaded, flagSet)).toEqual(expected);
  });
});

describe('a recorded navigation, as stored', () => {
  it.each([
    ['a path of this site', '{"from":"/","to":"/cart?x=1#top"}', { from: '/', to: '/cart?x=1#top' }],
    ['nothing stored', null, null],
    ['not JSON', '{', null],
    ['JSON of another shape', '{"from":1,"to":"/cart"}', null],
    ['another origin', '{"from":"/","to":"https://elsewhere.example/"}', null],
    ['a protocol-relative address', '{"from":"/","to":"//elsewhere.example/"}', null],
    ['a backslash address', '{"from":"/","to":"/\\\\elsewhere.example/"}', null],
    ['a script address', '{"from":"/","to":"javascript:alert(1)"}', null],
  ] as const)('%s', (_, text, expected) => {
    expect(readRecord(text)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { cartBadgeCount, type LoadProgress, type LoadState, loadState } from '../../src/core/index.ts';

const failure = new Error('500');

describe('what a screen shows for the data it loads', () => {
  it.each<[string, LoadProgress, number, LoadState]>([
    ['first request under way', { hasData: false, isFetching: true, error: null }, 0, 'loading'],
    ['not asked yet (disabled)', { hasData: false, isFetching: false, error: null }, 0, 'loading'],
    ['failed, nothing loaded', { hasData: false, isFetching: false, error: failure }, 0, 'failed'],
    ['failed, error as undefined', { hasData: false, isFetching: false, error: undefined }, 0, 'loading'],
    ['a retry under way after a failure', { hasData: false, isFetching: true, error: failure }, 0, 'loading'],
    ['loaded, nothing in it', { hasData: true, isFetching: false, error: null }, 0, 'empty'],
    ['loaded, three things', { hasData: true, isFetching: false, error: null }, 3, 'ready'],
    ['loaded, refreshing', { hasData: true, isFetching: true, error: null }, 3, 'ready'],
    ['loaded, a later refresh failed', { hasData: true, isFetching: false, error: failure }, 3, 'ready'],
    [
      'loaded empty, a later refresh failed',
      { hasData: true, isFetching: false, error: failure },
      0,
      'empty',
    ],
  ])('%s → %s', (_, progress, count, state) => {
    expect(loadState(progress, count)).toBe(state);
  });

  it('never calls data that failed to load empty', () => {
    for (const isFetching of [false, true])
      for (const count of [0, 1])
        expect(loadState({ hasData: false, isFetching, error: failure }, count)).not.toBe('empty');
  });
});

describe('the cart badge', () => {
  it.each<[LoadState, number, number | null]>([
    ['ready', 3, 3],
    ['empty', 0, 0],
    ['loading', 0, null],
    ['failed', 0, null],
  ])('a %s cart of %i units shows %s', (state, quantity, shown) => {
    expect(cartBadgeCount(state, quantity)).toBe(shown);
  });
});

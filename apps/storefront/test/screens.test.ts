import { DEFAULT_LISTING, dealsQuery, productsQuery } from '@marketkit/hooks/core';
import { describe, expect, it } from 'vitest';
import { matchesRoute, routePattern } from '../src/app/route-pattern.ts';
import { ROUTES } from '../src/app/routes.ts';
import { screenForPath } from '../src/app/screens.ts';
import { DEALS, FIRST_LISTING } from '../src/boot/queries.ts';

describe('which screen a path shows (to fetch its code early)', () => {
  it.each([
    ['/', '/', true],
    ['/', '/cart', false],
    ['/cart', '/cart', true],
    ['/cart', '/CART/', true],
    ['/checkout/:checkoutId', '/checkout/42', true],
    ['/checkout/:checkoutId', '/checkout', false],
    ['/checkout/:checkoutId', '/checkout/42/x', false],
    ['/policies/*', '/policies/returns', true],
    ['/policies/*', '/policies', true],
    ['/trainingOverview/:orderItemId/:orderId', '/trainingOverview/1/2', true],
  ])('%s matches %s: %s', (pattern, pathname, matches) => {
    expect(matchesRoute(pattern, pathname)).toBe(matches);
  });

  it.each([
    ['/checkout/:checkoutId', '/checkout/ab-12', ['ab-12']],
    ['/trainingOverview/:orderItemId/:orderId', '/trainingoverview/7/9/', ['7', '9']],
    ['/policies/*', '/policies/returns/2026', ['returns/2026']],
  ])('%s reads its parameters from %s', (pattern, pathname, values) => {
    expect(routePattern(pattern).pattern.exec(pathname)?.slice(1)).toEqual(values);
  });

  it.each([
    ['/', 'home'],
    ['/signin', 'signin'],
    ['/productListing', 'listing'],
    ['/ProductDetails', 'product'],
    ['/checkout/abc', 'checkout'],
    ['/cashfree', 'payment'],
    ['/amazonPayment', 'gateway'],
    ['/userprofile/myOrder', 'orders'],
    ['/ask-ai', 'ask-ai'],
    ['/signup', 'signup'],
    ['/policies/returns', 'policies'],
    ['/activeSessions', 'sessions'],
    ['/no/such/page', 'not-found'],
  ])('%s shows %s', (pathname, screen) => {
    expect(screenForPath(pathname)).toBe(screen);
  });

  it('has exactly the routes of spec §2 (/ask-ai apart, which exists only when the store enables it)', () => {
    const spec = [
      '/',
      '/productListing',
      '/signup',
      '/signin',
      '/cart',
      '/WishList',
      '/listCategories',
      '/checkout/{checkoutId}',
      '/customerAddress',
      '/userprofile/order',
      '/userprofile/myOrder',
      '/ProductDetails',
      '/preferences',
      '/policies/*',
      '/cashfree',
      '/payment',
      '/myProfile',
      '/userDetails',
      '/loginSessions',
      '/trainingOverview/{orderItemId}/{orderId}',
      '/activeSessions',
      '/order-status',
      '/amazonPayment',
    ].map((path) => path.replace(/\{(\w+)\}/g, ':$1'));
    expect(ROUTES.map((route) => route.path).sort()).toEqual(spec.sort());
    const guests = ROUTES.filter((route) => route.access === 'guest').map((route) => route.path);
    expect(guests.sort()).toEqual(['/signin', '/signup']);
  });
});

describe('what the boot script fetches for the first screen', () => {
  it('asks for the same lists as the screens do', () => {
    expect(FIRST_LISTING).toEqual(productsQuery(DEFAULT_LISTING));
    expect(DEALS).toEqual(dealsQuery());
  });
});

// The coupon's split over an order's lines is the SDK's one rule, which the hooks quote with too.
export { fromMinor, paidPerLine, toMinor } from '@marketkit/sdk';

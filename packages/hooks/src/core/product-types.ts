import type { Schema } from '@marketkit/sdk';

/** The contract's product types and item kinds, in one place. */
export const PRODUCT_TYPES: readonly Schema<'ProductTypeName'>[] = [
  'Physical Product',
  'Service Product',
  'Digital Product',
  'Subscription Product',
  'Bundled Product',
  'Packaged Service Product',
  'API Product',
];
export const ITEM_TYPES: readonly Schema<'ItemType'>[] = ['standard_item', 'request_item', 'free_item'];

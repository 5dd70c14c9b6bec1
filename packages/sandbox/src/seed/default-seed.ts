import { demoStore } from './demo-store.ts';
import type { SandboxSeed } from './model.ts';
import { bazaarStore, brokenStore, closedStore, souqStore } from './other-stores.ts';

/**
 * The stores every sandbox starts with:
 * - `demo` (id 14): the build default, rand (R), English, left to right, AI assistant on, 68 products;
 * - `souq` (id 21): right to left, Arabic by default with English and French;
 * - `bazaar` (id 32): no currency in its settings (INR default), hidden prices, request-based items;
 * - `closed` (id 40): `store_status` false;  `broken` (id 41): its settings call fails.
 */
export function createDefaultSeed(): SandboxSeed {
  return { stores: [demoStore(), souqStore(), bazaarStore(), closedStore(), brokenStore()] };
}

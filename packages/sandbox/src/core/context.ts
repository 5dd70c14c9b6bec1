import type { SandboxSeed, SeedProduct, SeedStore } from '../seed/model.ts';
import { notFound, unauthorized } from './errors.ts';
import type { CustomerRecord, SandboxState, SessionRecord } from './state.ts';

/** Settings of one sandbox instance. */
export interface SandboxConfig {
  /** Lifetime of access tokens, in seconds (default 300). */
  accessTokenTtlSeconds: number;
  /** Lifetime of refresh tokens, in seconds (default 30 days). */
  refreshTokenTtlSeconds: number;
  /**
   * How long a refresh token that was just rotated away may still be used, in seconds (default 30; 0
   * ends the session on any reuse).
   */
  refreshReuseWindowSeconds: number;
  /** The OTP every challenge uses, or `random` for a fresh one each time (always logged). */
  otp: string;
  /** Whether the control API (`/__sandbox/*`) answers; off by default. */
  controlApi: boolean;
  /** Host names the control API answers under besides the loopback's (`SandboxOptions.controlHosts`). */
  controlHosts: readonly string[];
  log: (line: string) => void;
}

/** Lookups over the immutable seed. */
export interface SeedIndex {
  stores: SeedStore[];
  storeByName(name: string): SeedStore | undefined;
  storeById(id: number): SeedStore | undefined;
  product(productId: number): { store: SeedStore; product: SeedProduct } | undefined;
}

export function indexSeed(seed: SandboxSeed): SeedIndex {
  const byName = new Map(seed.stores.map((store) => [store.name, store]));
  const byId = new Map(seed.stores.map((store) => [store.store_id, store]));
  const products = new Map<number, { store: SeedStore; product: SeedProduct }>();
  for (const store of seed.stores) {
    for (const product of store.products) {
      if (products.has(product.detail.product_id)) {
        throw new Error(`Product id ${product.detail.product_id} is used twice in the seed`);
      }
      products.set(product.detail.product_id, { store, product });
    }
  }
  return {
    stores: seed.stores,
    storeByName: (name) => byName.get(name),
    storeById: (id) => byId.get(id),
    product: (id) => products.get(id),
  };
}

/** Who is calling: a signed-in customer (bearer token) or a guest of a store (realm name). */
export type Principal =
  | { kind: 'customer'; store: SeedStore; customer: CustomerRecord; session: SessionRecord }
  | { kind: 'guest'; store: SeedStore };

/** What an operation handler can see and use. */
export interface SandboxContext {
  readonly request: Request;
  readonly url: URL;
  /** Public origin of the services host (asset and gateway URLs start with it). */
  readonly origin: string;
  readonly now: Date;
  /** The `language-code` query parameter, lower-cased; empty when absent. */
  readonly language: string;
  readonly state: SandboxState;
  readonly seed: SeedIndex;
  readonly config: SandboxConfig;
  readonly principal: Principal | undefined;
  /** Issues the next id of a counter (ids survive restarts with the state). */
  nextId(counter: string, start: number): number;
}

/** The store of the caller; throws 401 when the caller named none. */
export function storeOf(context: SandboxContext): SeedStore {
  if (!context.principal) throw unauthorized('Send a bearer token or the store realm name');
  return context.principal.store;
}

/** The signed-in customer; throws 401 for guests. */
export function customerOf(context: SandboxContext) {
  const principal = context.principal;
  if (principal?.kind !== 'customer') throw unauthorized();
  return principal;
}

/** A product of the caller's store; 404 otherwise. */
export function productOf(context: SandboxContext, store: SeedStore, productId: number) {
  const found = context.seed.product(productId);
  if (!found || found.store.name !== store.name) throw notFound(`Product ${productId} was not found`);
  return found.product;
}

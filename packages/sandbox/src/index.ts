/**
 * `@marketkit/sandbox` — the embedded Marketkit services host: one stateful, seeded implementation of the
 * whole contract, answering Fetch API `Request`s. Use it through `@marketkit/sandbox/msw` in unit tests
 * and `@marketkit/sandbox/node` (or the `marketkit-sandbox` command) as an HTTP server.
 *
 * @packageDocumentation
 */
export {
  type ContractOperation,
  contractDocument,
  listOperations,
  type OpenApiDocument,
} from './contract/document.ts';
export {
  type CheckedRequest,
  type ContractValidator,
  type ContractValidatorOptions,
  type ContractViolation,
  createContractValidator,
  type RequestToCheck,
  type ResponseToCheck,
} from './contract/validator.ts';
export type { SandboxConfig } from './core/context.ts';
export type { FaultRule } from './core/faults.ts';
export { createSandbox, type Sandbox, type SandboxOptions } from './core/sandbox.ts';
export type { JournalWrite, SandboxState, StatePersistence } from './core/state.ts';
export { ORDER_TRANSITIONS, REQUEST_TRANSITIONS, type StoreAction } from './core/transitions.ts';
export {
  buildCatalogue,
  type CatalogueOptions,
  PRODUCT_TYPES,
  type ProductDefinition,
  type ProductKind,
} from './seed/catalogue.ts';
export { createDefaultSeed } from './seed/default-seed.ts';
export { demoStore } from './seed/demo-store.ts';
export type {
  Localized,
  SandboxSeed,
  SeedCategory,
  SeedCustomer,
  SeedGateway,
  SeedProduct,
  SeedStore,
} from './seed/model.ts';
export { bazaarStore, brokenStore, closedStore, souqStore } from './seed/other-stores.ts';
export { buildStore, type StoreDefinition } from './seed/store-builder.ts';

import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import { test } from '@playwright/test';
import { startStorefront } from './storefront-server.ts';

/** A sandbox and the built storefront for the tests of one file, started once and stopped after. */
export function useStorefront() {
  let sandbox: SandboxServer | undefined;
  let storefront: Awaited<ReturnType<typeof startStorefront>> | undefined;
  test.beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0, log: () => {} });
    storefront = await startStorefront(sandbox.url);
  });
  test.afterAll(async () => {
    await storefront?.close();
    await sandbox?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The servers start in beforeAll');
    return value;
  };
  return {
    /** The services host's URL. */
    sandboxUrl: () => started(sandbox).url,
    /** The storefront as a store's host name: `http://demo.localhost:port`. */
    origin: (store: string) => started(storefront).origin(store),
  };
}

/**
 * Time limits of every workspace package's tests, sized for a loaded 2-core machine: a fresh clone's
 * `npm test` beside four other heavy jobs (load 17) saw tests that spawn Node take 5.5–6.1 s against
 * Vitest's 5 s default, and a jsdom journey outwait Testing Library's 1 s `findBy`; at load 28 the
 * slowest of examples/node-sdk took 10.7 s. A limit only stops a test that hangs; speed is measured in
 * bench/, so these are generous (several times the worst seen).
 */
export const TEST_TIMEOUT_MS = 60_000;
/** `beforeAll`/`afterAll` start servers and sign shoppers in: the same reasoning as a test. */
export const HOOK_TIMEOUT_MS = 60_000;
/** Testing Library's `waitFor`/`findBy*` limit (default 1 s): a re-render on a loaded machine may wait seconds. */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import { expect, test } from './support/test.ts';

// `pnpm dev`'s server (apps/storefront/server/dev-main.ts, as built) in front of a sandbox: pages render
// and hydrate through Vite's dev server with React's development warnings, and an edit reaches the open
// page by hot module replacement. It runs in a process of its own, as `pnpm dev` does: this worker has
// loaded React's production code for the other files' servers.

const storefront = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'storefront');
/** A component with a visible text and nothing but components exported: React's fast refresh applies. */
const EDITED = join(storefront, 'src', 'shell', 'footer.tsx');
const HEADING = `<h2 className="mb-2 font-semibold">{t('policies')}</h2>`;
const EDITED_TEXT = 'Store policies, edited while the page is open';

// Vite transforms the app's modules on the first request for each (no build): on this two-core machine
// under the rest of the suite, the dev server's start and first page took up to 40 s and each next
// page a few seconds, so each step gets 120 s and the test 6 minutes.
const STEP_MS = 120_000;
test.describe.configure({ timeout: 360_000 });

let sandbox: SandboxServer | undefined;
let server: ChildProcess | undefined;
let origin = '';
const output: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(STEP_MS);
  sandbox = await startSandboxServer({ port: 0, log: () => {} });
  const child = spawn(process.execPath, [join(storefront, 'build-server', 'dev-main.js')], {
    cwd: storefront,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      SERVICES_HOST: sandbox.url,
      // As the other browser tests (support/storefront-server.ts): they check what a page shows, not
      // how long the server may wait, and a page Vite is still transforming can take seconds.
      DATA_TIMEOUT_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server = child;
  const port = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      const found = /storefront\s+http:\/\/demo\.localhost:(\d+)\//.exec(output.join(''));
      if (found?.[1]) resolve(found[1]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`The dev server stopped (${code}):\n${output.join('')}`)));
  });
  origin = `http://demo.localhost:${port}`;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const stopped = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
  }
  await sandbox?.close();
});

test('home, listing, product and sign-in render and hydrate through the dev server', async ({ page }) => {
  // `goto` waits for the page's app to have taken over (support/test.ts): the hydration fixture then
  // fails the test on any of React's development warnings.
  const home = await page.goto(`${origin}/`, { timeout: STEP_MS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything for home, work and play');
  // The same security headers as production, this answer's nonce included.
  expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(home?.headers()['x-frame-options']).toBe('DENY');
  await page.goto(`${origin}/productListing`, { timeout: STEP_MS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All products');
  await page.goto(`${origin}/ProductDetails?productId=1005`, { timeout: STEP_MS });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pulse Wireless Earbuds');
  await page.goto(`${origin}/signin`, { timeout: STEP_MS });
  await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
});

test('an edit to a component reaches the open page without a reload', async ({ page }) => {
  const original = readFileSync(EDITED, 'utf8');
  expect(original.split(HEADING), `${EDITED} should hold ${HEADING} once`).toHaveLength(2);
  await page.goto(`${origin}/`, { timeout: STEP_MS });
  const heading = page.getByRole('heading', { name: 'Store policies', exact: true });
  await expect(heading).toBeVisible();
  // Gone if the page reloads: hot module replacement keeps it.
  await page.evaluate(() => {
    (window as Window & { marketkitBeforeEdit?: boolean }).marketkitBeforeEdit = true;
  });
  try {
    writeFileSync(EDITED, original.replace(HEADING, HEADING.replace("{t('policies')}", EDITED_TEXT)));
    await expect(page.getByRole('heading', { name: EDITED_TEXT })).toBeVisible({ timeout: STEP_MS });
    expect(
      await page.evaluate(() => (window as Window & { marketkitBeforeEdit?: boolean }).marketkitBeforeEdit),
    ).toBe(true);
  } finally {
    // Put back without checking the page again. One save reaches the open page as three hot updates
    // here (Vite's own, with styles.css for Tailwind's classes, and two more from the framework's
    // plugins, each a new import of the module), and a second save while those are still being applied
    // can leave the page on the first save's text: in one CI run and 1 of 3 runs here, the text put
    // back 0.3 s after the edit showed never reached the page (a reload shows it). Vite has the same
    // report for saves in quick succession (vitejs/vite#10118). A developer's saves are seconds apart;
    // the test makes one.
    writeFileSync(EDITED, original);
  }
});

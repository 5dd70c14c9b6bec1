#!/usr/bin/env node
// Soak of signed-in page loads with short-lived access tokens (issue 29, point 9): one shopper signed
// in once, two tabs of the same browser context (one cookie jar), N rounds; each round a tab opens or
// reloads a guarded page after a pause that lets the access token (and its cookie) lapse about half
// the time. Counted: sessions ended (the shopper had to sign in again) and loads sent away from the
// page asked for (another path once the page settled: /signin, /, …). Target: 0 and 0.
//
//   node bench/session-soak.mjs [--rounds 500] [--ttl 2] [--out bench/results/session-soak.json]
//
// Against the built storefront (`pnpm bench:run` builds it) and an in-process sandbox whose access
// tokens live `--ttl` seconds.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandboxServer } from '@marketkit/sandbox/node';
import { startStorefrontServer } from '../apps/storefront/build-server/start.js';
import { freshPage, launchBrowser, open, prepareSignIn } from './lib/browser.mjs';
import { describeMachine } from './lib/machine.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '500' },
    ttl: { type: 'string', default: '2' },
    out: {
      type: 'string',
      default: join(dirname(fileURLToPath(import.meta.url)), 'results', 'session-soak.json'),
    },
  },
});
const ROUNDS = Number(values.rounds);
const TTL_SECONDS = Number(values.ttl);

/** Guarded routes and the heading each shows once it rendered for the shopper. */
const PAGES = [
  ['/userprofile/myOrder', 'My orders'],
  ['/myProfile', 'My profile'],
  ['/customerAddress', 'Your addresses'],
  ['/WishList', 'Your wishlist'],
];
/** A page that neither shows its heading nor leaves within this is counted as stuck (a loaded machine). */
const SETTLE_MS = 20_000;

/** Where a load ended: the page asked for (its heading shown), somewhere else, or stuck. */
async function outcome(page, path, heading) {
  try {
    await page.waitForFunction(
      (asked, title) =>
        location.pathname !== asked ||
        [...document.querySelectorAll('h1')].some((h1) => h1.textContent?.trim() === title),
      { timeout: SETTLE_MS, polling: 50 },
      path,
      heading,
    );
  } catch {
    return { kind: 'stuck', path: await page.evaluate(() => location.pathname) };
  }
  // Still there a moment later: a guard that sends the shopper away does so right after rendering.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const now = await page.evaluate(() => location.pathname);
  return { kind: now === path ? 'shown' : 'sent-away', path: now };
}

const sandbox = await startSandboxServer({
  port: 0,
  log: () => {},
  controlApi: true,
  accessTokenTtlSeconds: TTL_SECONDS,
});
const server = await startStorefrontServer({ servicesHost: sandbox.url });
const origin = `http://demo.localhost:${server.port}`;
const browser = await launchBrowser();
const counts = { rounds: 0, shown: 0, sentAway: 0, stuck: 0, sessionsEnded: 0, lapsedLoads: 0 };
const sentAway = [];
const started = Date.now();
try {
  const { context, page: first } = await freshPage(browser);
  const signIn = async (page) => {
    const submit = await prepareSignIn(page, origin);
    await submit();
    await page.waitForFunction(() => location.pathname === '/', { timeout: SETTLE_MS });
  };
  await signIn(first);
  const second = await context.newPage();
  await open(second, `${origin}/`);
  const tabs = [first, second];
  for (let round = 0; round < ROUNDS; round += 1) {
    const tab = tabs[round % 2];
    const [path, heading] = PAGES[round % PAGES.length];
    // Half the rounds wait past the token's life: the load starts with only the refresh token.
    const pauseMs = round % 4 < 2 ? TTL_SECONDS * 1000 + 200 : 100;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
    const cookies = await context.cookies(origin);
    if (!cookies.some((cookie) => cookie.name === 'access_token')) counts.lapsedLoads += 1;
    if (round % 3 === 2 && (await tab.evaluate(() => location.pathname)) === path) await tab.reload();
    else await tab.goto(`${origin}${path}`);
    const result = await outcome(tab, path, heading);
    counts.rounds += 1;
    if (result.kind === 'shown') counts.shown += 1;
    else {
      if (result.kind === 'stuck') counts.stuck += 1;
      else counts.sentAway += 1;
      sentAway.push({ round, asked: path, ended: result.path, kind: result.kind });
    }
    // A session is ended when no refresh token is left: the shopper signs in again to go on.
    const after = await context.cookies(origin);
    if (!after.some((cookie) => cookie.name === 'refresh_token')) {
      counts.sessionsEnded += 1;
      await signIn(tab);
    }
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
  await sandbox.close();
}

const report = {
  machine: describeMachine(),
  ttlSeconds: TTL_SECONDS,
  ...counts,
  seconds: Math.round((Date.now() - started) / 1000),
  sentAwayLoads: sentAway.slice(0, 20),
};
mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `${counts.rounds} signed-in loads over two tabs (access token ${TTL_SECONDS} s; ${counts.lapsedLoads} started with it lapsed): ` +
    `${counts.sessionsEnded} sessions ended, ${counts.sentAway} sent away from the page asked for, ${counts.stuck} stuck, in ${report.seconds} s`,
);

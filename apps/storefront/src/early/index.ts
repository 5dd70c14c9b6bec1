/**
 * What runs before the app's code: this module is built by Vite into one small script
 * (`vite/early-scripts.ts`) that the root puts first in the page's head, inline with the response's
 * nonce. It must stay tiny and import nothing but the modules of this folder: it runs before anything
 * else, on every page, before the first paint.
 */
import { captureEarlyClicks } from './event-replay.ts';
import { guardFirstLoad } from './first-load-guard.ts';
import { startFirstCalls } from './start-first-calls.ts';
import './navigation-rule.ts';

// The SPA build's page has no store in it: its first calls start here, not after the app's code.
if (__MARKETKIT_SPA__) startFirstCalls();
guardFirstLoad();
captureEarlyClicks();

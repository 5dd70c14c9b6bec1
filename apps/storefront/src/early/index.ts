/**
 * What runs before the app's code: this module is built by Vite into one small script
 * (`vite/early-scripts.ts`) that the root puts first in the page's head, inline with the response's
 * nonce. It must stay tiny and import nothing but the modules of this folder: it runs before anything
 * else, on every page, before the first paint.
 */
import { captureEarlyClicks } from './event-replay.ts';
import { guardFirstLoad } from './first-load-guard.ts';
import './navigation-rule.ts';

guardFirstLoad();
captureEarlyClicks();

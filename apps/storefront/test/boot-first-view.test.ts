// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ANSWERS_ID,
  ANSWERS_MAX_AGE_MS,
  APP_TEMPLATE_ID,
  FIRST_VIEW_ID,
  heldBack,
  PICTURE_WAIT_MS,
  pageAnswers,
} from '../src/boot/first-view.ts';

// The boot script's side of the server's first view (src/boot/first-view.ts): the answers the page
// carries, and the app's code held back until the view has painted.

/** Whether the app's entry has been put in the page (started). */
const appStarted = () => document.head.querySelector('script[src="/assets/index-1.js"]') !== null;

function page({ answers, template = true }: { answers?: unknown; template?: boolean } = {}) {
  document.head.innerHTML = `${
    template
      ? `<template id="${APP_TEMPLATE_ID}"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/shell-1.js"></template>`
      : ''
  }${answers === undefined ? '' : `<script type="application/json" id="${ANSWERS_ID}">${typeof answers === 'string' ? answers : JSON.stringify(answers)}</script>`}`;
  document.body.innerHTML = `<div id="${FIRST_VIEW_ID}"><img fetchpriority="high" src="/hero.svg"></div><div id="root"></div>`;
}

describe('the answers the page carries', () => {
  beforeEach(() => history.replaceState(null, '', '/productListing'));

  const carried = {
    path: '/productListing',
    store: 'demo',
    storeId: 14,
    language: 'en',
    drawnAt: Date.now(),
    validation: { store_id: 14, store_status: true },
    settings: { store_settings_data: [] },
    languages: { data: [] },
    screen: [{ data: [], total_count: 0 }, 'not an object'],
  };

  it('are taken for this page and store', () => {
    page({ answers: carried });
    expect(pageAnswers('demo', 14, 'en')).toEqual({
      validation: carried.validation,
      settings: carried.settings,
      languages: carried.languages,
      screen: [{ data: [], total_count: 0 }, undefined],
    });
  });

  it.each([
    ['another page', { ...carried, path: '/' }],
    ['another store', { ...carried, store: 'souq' }],
    ['another store id', { ...carried, storeId: 21 }],
    ['another language', { ...carried, language: 'fr' }],
    [
      'a page from long ago (the cache, on Back)',
      { ...carried, drawnAt: Date.now() - ANSWERS_MAX_AGE_MS - 1000 },
    ],
    ['a clock far off', { ...carried, drawnAt: Date.now() + ANSWERS_MAX_AGE_MS + 1000 }],
    ['no time', { ...carried, drawnAt: undefined }],
    ['not an object', [1, 2]],
    ['not JSON', '{"path": '],
    ['nothing', undefined],
  ])('are not taken when they are for %s', (_, answers) => {
    page({ answers });
    expect(pageAnswers('demo', 14, 'en')).toBeUndefined();
  });

  it('leave out parts that are not objects (the calls are made for those)', () => {
    page({ answers: { ...carried, validation: 'x', settings: null, languages: 3, screen: 'y' } });
    expect(pageAnswers('demo', 14, 'en')).toEqual({});
  });
});

describe("the app's held-back code", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.resetModules();
  });

  it('is started once the pictures settle (or after PICTURE_WAIT_MS), a frame later', async () => {
    vi.useFakeTimers();
    page();
    // jsdom loads no picture: decode never settles, and the wait ends it.
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise(() => {}),
    });
    const { startHeldBackApp } = await import('../src/boot/first-view.ts');
    startHeldBackApp();
    await vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS - 10);
    expect(appStarted()).toBe(false);
    expect(document.head.querySelector('script[src]')).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(appStarted()).toBe(true);
    expect(heldBack()).toBeNull();
    // The entry and its preload, as the server wrote them: the entry runs as a module.
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/assets/index-1.js"]');
    expect(script?.type).toBe('module');
    expect(script?.getAttribute('crossorigin')).toBe('');
    expect(
      document.head.querySelector('link[rel="modulepreload"][href="/assets/shell-1.js"]'),
    ).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(appStarted()).toBe(true);
    expect(document.head.querySelectorAll('script[src]')).toHaveLength(1);
  });

  it('is started a frame after the pictures have decoded, without waiting PICTURE_WAIT_MS', async () => {
    vi.useFakeTimers();
    page();
    let decoded = () => {};
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise<void>((resolve) => (decoded = resolve)),
    });
    const { startHeldBackApp } = await import('../src/boot/first-view.ts');
    startHeldBackApp();
    await vi.advanceTimersByTimeAsync(50);
    expect(appStarted()).toBe(false);
    decoded();
    await vi.advanceTimersByTimeAsync(40); // a frame (16 ms under fake timers), then a task
    expect(appStarted()).toBe(true);
  });

  it('looks for the pictures once the body is in, and starts at once in a hidden tab', async () => {
    vi.useFakeTimers();
    page();
    const decode = vi.fn(() => Promise.resolve());
    Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: decode });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const first = await import('../src/boot/first-view.ts');
    first.startHeldBackApp();
    await vi.advanceTimersByTimeAsync(3000);
    expect(decode).not.toHaveBeenCalled();
    expect(appStarted()).toBe(false);
    readyState.mockRestore();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    await vi.advanceTimersByTimeAsync(40);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(appStarted()).toBe(true);

    vi.resetModules();
    page();
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const again = await import('../src/boot/first-view.ts');
    again.startHeldBackApp();
    await vi.advanceTimersByTimeAsync(1); // no frame comes in a hidden tab: a task is enough
    expect(appStarted()).toBe(true);
    hidden.mockRestore();
  });

  it('does nothing on a page without a first view', async () => {
    vi.useFakeTimers();
    page({ template: false });
    const { startHeldBackApp } = await import('../src/boot/first-view.ts');
    startHeldBackApp();
    await vi.advanceTimersByTimeAsync(5000);
    expect(appStarted()).toBe(false);
  });
});

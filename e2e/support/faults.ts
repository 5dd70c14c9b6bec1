import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/** The toasts on screen that say `text`. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-slot="toast"]').filter({ hasText: text });

/** Refuses the next matching call with this status and message (the sandbox's fault injection). */
export async function refuseNext(
  sandboxUrl: string,
  call: { method: string; path: string; status: number; message: string },
) {
  const response = await fetch(`${sandboxUrl}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...call, times: 1 }),
  });
  expect(response.ok).toBe(true);
}

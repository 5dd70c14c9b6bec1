// @vitest-environment jsdom
import type { Schema } from '@marketkit/sdk';
import { cleanup, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useMarket, useStoreBootstrap } from '../../src/react/index.ts';
import { HOST, newDevice, renderWithMarket, setupSandbox } from './harness.tsx';

const { sandbox, server } = setupSandbox();
afterEach(cleanup);

/** Image paths a compromised or buggy services host could send. */
const HOSTILE_IMAGE_PATHS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '  javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'vbscript:msgbox(1)',
  'VBSCRIPT:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/\\evil.example/logo.svg',
  'file:///etc/passwd',
];

describe('hostile URLs from the services host', () => {
  it.each(HOSTILE_IMAGE_PATHS)('[H2] a store logo path %j gives no logo URL', async (path) => {
    // The settings answer as the sandbox gives it, with the logo path replaced.
    server.use(
      http.get(`${HOST}/pbs/rest/v3/content-settings`, async ({ request }) => {
        const answer = (await (await sandbox.handle(request)).json()) as {
          response_message: string;
          response_body: { store_settings_data: Schema<'StoreSettings'>[] };
        };
        const [first, ...rest] = answer.response_body.store_settings_data;
        return HttpResponse.json({
          ...answer,
          response_body: {
            ...answer.response_body,
            store_settings_data: [{ ...first, store_logo_path: path }, ...rest],
          },
        });
      }),
    );
    const view = renderWithMarket(() => useStoreBootstrap(), newDevice());
    await waitFor(() => expect(view.result.current.status).toBe('ready'));
    expect(view.result.current.settings?.store_logo_path).toBe(path);
    expect(view.result.current.logoUrl).toBeNull();
  });

  it('[H2] the shared client resolves no hostile image path to an image source', () => {
    const view = renderWithMarket(() => useMarket().client, newDevice());
    for (const path of HOSTILE_IMAGE_PATHS)
      expect([path, view.result.current.assetUrl(path)]).toEqual([path, null]);
    // A real asset path still resolves on the services host.
    expect(view.result.current.assetUrl('/assets/p/1009-1.svg')).toBe(`${HOST}/assets/p/1009-1.svg`);
  });
});

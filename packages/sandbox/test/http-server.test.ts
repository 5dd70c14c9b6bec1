import { describe, expect, it } from 'vitest';
import { startTestServer } from './support.ts';

describe('the control API', () => {
  it('is refused (403) unless the sandbox was started with it; the health check stays open', async () => {
    const { server } = await startTestServer();
    try {
      for (const [method, path] of [
        ['GET', '/__sandbox'],
        ['POST', '/__sandbox/reset'],
        ['GET', '/__sandbox/otp?destination=shopper%40example.com'],
        ['POST', '/__sandbox/faults'],
        ['DELETE', '/__sandbox/faults'],
        ['POST', '/__sandbox/expire-tokens'],
        ['POST', '/__sandbox/orders/500001/status'],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, {
          method,
          ...(method === 'POST' ? { body: '{"path":"/pbs/*","status":503}' } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(((await response.json()) as { error: string }).error).toMatch(/--control-api/);
      }
      expect(server.sandbox.faults.list()).toEqual([]);
      expect((await fetch(`${server.url}/__sandbox/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('answers no other origin, preflights included, while the contract still does', async () => {
    const { server } = await startTestServer({ controlApi: true, refreshReuseWindowSeconds: 12 });
    try {
      const evil = { Origin: 'http://evil.example' };
      const info = await fetch(`${server.url}/__sandbox`, { headers: evil });
      expect(info.status).toBe(200);
      expect(info.headers.get('access-control-allow-origin')).toBeNull();
      expect(await info.json()).toMatchObject({ control_api: true, refresh_reuse_window_seconds: 12 });
      const preflight = await fetch(`${server.url}/__sandbox/reset`, {
        method: 'OPTIONS',
        headers: { ...evil, 'Access-Control-Request-Method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
      expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
      const contract = await fetch(`${server.url}/pbs/rest/v3/languages?page_number=-1`, {
        headers: { Origin: 'http://localhost:5173', realmname: 'demo-customer' },
      });
      expect(contract.status).toBe(200);
      expect(contract.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    } finally {
      await server.close();
    }
  });
});

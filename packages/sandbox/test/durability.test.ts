import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signInAs, startCli, startTestServer, stopClis } from './support.ts';

const dirs: string[] = [];

afterEach(() => {
  stopClis();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const startProcess = (dataDir: string) => startCli(['--data', dataDir]);

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'marketkit-sandbox-'));
  dirs.push(dir);
  return dir;
}

const address = (name: string) => ({
  full_name: name,
  phone: '0821234567',
  extension: '+27',
  address_line_1: '1 Burst Road',
  city: 'Johannesburg',
  state: 'Gauteng',
  country: 'South Africa',
  pincode: '2001',
  address_type: 'delivery',
});

describe('state on disk', () => {
  it('loses nothing it acknowledged when the server is killed (SIGKILL) in the middle of a burst of writes', async () => {
    const dir = tempDir();
    const first = await startProcess(dir);
    const token = await signInAs(first.url);
    const acknowledged: string[] = [];
    let killed = false;
    const burst = Array.from({ length: 400 }, (_, i) =>
      fetch(`${first.url}/cfs/rest/v3/customer-address`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(address(`burst-${i}`)),
      }).then(
        (response) => {
          if (response.status === 200) acknowledged.push(`burst-${i}`);
          if (acknowledged.length >= 60 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        },
        () => undefined,
      ),
    );
    await Promise.all(burst);
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(60);
    expect(acknowledged.length).toBeLessThan(400);

    // The file on disk is whole JSON and no half-written temporary file is used.
    expect(() => JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))).not.toThrow();

    const second = await startProcess(dir);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    // The session survived the restart too: the same access token still works.
    const response = await fetch(`${second.url}/cfs/rest/v3/customer-address`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const saved = new Set(
      (
        (await response.json()) as { response_body: { data: { full_name: string }[] } }
      ).response_body.data.map((a) => a.full_name),
    );
    const lost = acknowledged.filter((name) => !saved.has(name));
    expect(lost).toEqual([]);
  }, 60_000);

  it('starts from the seed with --reset, and refuses a state file that is not its own', async () => {
    const dir = tempDir();
    const { server } = await startTestServer({ dataDir: dir });
    const token = await signInAs(server.url);
    await fetch(`${server.url}/cfs/rest/v3/customer-address`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(address('kept')),
    });
    await server.close();

    const again = await startTestServer({ dataDir: dir });
    expect(again.server.sandbox.state().addresses.map((a) => a.full_name)).toEqual(['kept']);
    await again.server.close();

    const reset = await startTestServer({ dataDir: dir, reset: true });
    expect(reset.server.sandbox.state().addresses).toEqual([]);
    await reset.server.close();

    writeFileSync(join(dir, 'state.json'), '{"some":"other file"}');
    await expect(startTestServer({ dataDir: dir })).rejects.toThrow(/not a Marketkit sandbox state file/);
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
  });

  it('resets to the seed through the control API', async () => {
    const { server } = await startTestServer({ controlApi: true });
    const token = await signInAs(server.url);
    await fetch(`${server.url}/cfs/rest/v3/customer-address`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(address('gone')),
    });
    expect(server.sandbox.state().addresses).toHaveLength(1);
    expect((await fetch(`${server.url}/__sandbox/reset`, { method: 'POST' })).status).toBe(200);
    expect(server.sandbox.state().addresses).toHaveLength(0);
    const old = await fetch(`${server.url}/cfs/rest/v3/customer-address`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(old.status).toBe(401);
    await server.close();
  });

  it('answers a change whose save failed as failed (500), leaves no temporary file and keeps nothing of it', async () => {
    const dir = tempDir();
    const { server, log } = await startTestServer({ dataDir: dir });
    try {
      const token = await signInAs(server.url);
      const addAddress = (name: string) =>
        fetch(`${server.url}/cfs/rest/v3/customer-address`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(address(name)),
        });
      expect((await addAddress('kept')).status).toBe(200);
      // The state file can no longer be replaced: a directory that is not empty stands in its place.
      const file = join(dir, 'state.json');
      rmSync(file);
      mkdirSync(file);
      writeFileSync(join(file, 'in-the-way'), '');
      const failed = await addAddress('lost');
      expect(failed.status).toBe(500);
      expect(await failed.json()).toMatchObject({
        response_message: expect.stringMatching(/could not save this change/),
        response_body: null,
        status_code: 500,
      });
      expect(log.some((line) => line.includes('saving the state failed'))).toBe(true);
      expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect(server.sandbox.state().addresses.map((a) => a.full_name)).toEqual(['kept']);

      rmSync(file, { recursive: true });
      expect((await addAddress('after')).status).toBe(200);
    } finally {
      await server.close();
    }
    const again = await startTestServer({ dataDir: dir });
    expect(again.server.sandbox.state().addresses.map((a) => a.full_name)).toEqual(['kept', 'after']);
    await again.server.close();
  });

  it('drops the broken entries of a state file (and logs how many, where), keeps the good ones and never answers 500 for them', async () => {
    const dir = tempDir();
    const first = await startTestServer({ dataDir: dir });
    const login = await fetch(`${first.server.url}/ums/rest/v3/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
      body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
    });
    const tokens = (
      (await login.json()) as { response_body: { access_token: string; refresh_token: string } }
    ).response_body;
    const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${tokens.access_token}` };
    const cart = () => fetch(`${first.server.url}/cfs/rest/v3/customer-cart`, { headers: auth });
    await fetch(`${first.server.url}/cfs/rest/v3/customer-cart`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        customer_cart: [
          { product: 1009, cart_quantity: 1 },
          { product: 1010, cart_quantity: 2 },
        ],
      }),
    });
    expect((await cart()).status).toBe(200);
    await first.server.close();

    const file = join(dir, 'state.json');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown[]>;
    saved.cart?.push(null, { id: 'not a number', store: 'demo' }, 42);
    saved.addresses?.push({ full_name: 'no id, no owner' });
    saved.sessions?.push({ session_id: 7 });
    // Written before sessions remembered recently rotated tokens: the field is absent.
    for (const session of saved.sessions ?? [])
      delete (session as { recent_refresh_hashes?: unknown }).recent_refresh_hashes;
    writeFileSync(file, JSON.stringify(saved));

    const second = await startTestServer({ dataDir: dir });
    try {
      const url = second.server.url;
      expect(second.log).toContain(
        '[sandbox] the state file had 3 invalid entries in cart: dropped (2 kept)',
      );
      expect(second.log).toContain(
        '[sandbox] the state file had 1 invalid entry in addresses: dropped (0 kept)',
      );
      expect(second.log).toContain(
        '[sandbox] the state file had 1 invalid entry in sessions: dropped (1 kept)',
      );
      const lines = await fetch(`${url}/cfs/rest/v3/customer-cart`, { headers: auth });
      expect(lines.status).toBe(200);
      const products = ((await lines.json()) as { response_body: { Products: { product: number }[] } })
        .response_body.Products;
      expect(products.map((line) => line.product)).toEqual([1009, 1010]);
      const added = await fetch(`${url}/cfs/rest/v3/customer-cart`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ customer_cart: [{ product: 1011, cart_quantity: 1 }] }),
      });
      expect(added.status).toBe(200);
      expect((await fetch(`${url}/cfs/rest/v3/customer-address`, { headers: auth })).status).toBe(200);
      const refreshed = await fetch(`${url}/ums/rest/v3/refresh-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
        body: JSON.stringify({ refresh_token: tokens.refresh_token, realm_name: 'demo-customer' }),
      });
      expect(refreshed.status).toBe(200);
    } finally {
      await second.server.close();
    }
    // The next save wrote the file without the broken entries.
    const rewritten = JSON.parse(readFileSync(file, 'utf8')) as { cart: unknown[] };
    expect(rewritten.cart).toHaveLength(3);
  });
});

#!/usr/bin/env node
// Load on the sandbox HTTP server: N sessions (customers signed up with an OTP) each hold 10 cart lines;
// all sessions update all their lines at once. Every acknowledged quantity must be what the cart shows.
//
// Run: node bench/sandbox-load.mjs [--rounds 5] [--sessions 20]   (after `pnpm --filter @marketkit/sandbox build`)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const json = (response) => response.json();

/** Signs a new customer up in the demo store (e-mail OTP); resolves with its access token. */
export async function signUp(url, index) {
  const headers = { 'Content-Type': 'application/json', realmname: 'demo-customer' };
  const post = (path, body) =>
    fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(json);
  const email = `load-${index}-${Date.now()}@example.com`;
  const challenge = await post('/ums/rest/v3/otp/generate', {
    identifier: email,
    identifier_type: 'email',
    purpose: 'signup',
  });
  const proof = await post('/ums/rest/v3/otp/validate', {
    otp_reference: challenge.response_body.otp_reference,
    otp: '123456',
  });
  const consents = await fetch(`${url}/ums/rest/v3/consents?purpose=signup`, { headers }).then(json);
  const session = await post('/ums/rest/v3/signup', {
    verification_token: proof.response_body.verification_token,
    first_name: 'Load',
    last_name: `Tester ${index}`,
    consents: consents.response_body.data.map((c) => ({ consent_id: c.consent_id, accepted: true })),
  });
  return session.response_body.access_token;
}

/**
 * Prepares `sessions` customers with 10 cart lines each, then sends one PUT per line, all at once.
 * Returns the latencies, the wall time and every mismatch between what was acknowledged and what the
 * cart shows afterwards.
 */
export async function runCartLoad(url, { sessions = 20, linesPerSession = 10, round = 0 } = {}) {
  const tokens = await Promise.all(Array.from({ length: sessions }, (_, i) => signUp(url, `${round}-${i}`)));
  const products = [1009, 1010, 1011, 1012, 1013, 1016, 1017, 1019, 1020, 1023].slice(0, linesPerSession);
  const carts = await Promise.all(
    tokens.map((token) =>
      fetch(`${url}/cfs/rest/v3/customer-cart`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ customer_cart: products.map((product) => ({ product, cart_quantity: 1 })) }),
      }).then(json),
    ),
  );
  const updates = [];
  tokens.forEach((token, s) => {
    for (const [i, line] of carts[s].response_body.Products.entries())
      updates.push({ token, s, line: line.id, quantity: ((s * 7 + i * 3 + round) % 5) + 2 });
  });
  const latencies = [];
  const acknowledged = new Map();
  const started = performance.now();
  await Promise.all(
    updates.map(async (update) => {
      const t0 = performance.now();
      const response = await fetch(`${url}/cfs/rest/v3/customer-cart/${update.line}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${update.token}` },
        body: JSON.stringify({ cart_quantity: update.quantity }),
      });
      const body = await response.json();
      latencies.push(performance.now() - t0);
      if (response.status === 200) acknowledged.set(update.line, body.response_body.cart_quantity);
    }),
  );
  const wallMs = performance.now() - started;
  const mismatches = [];
  for (const token of tokens) {
    const cart = await fetch(`${url}/cfs/rest/v3/customer-cart`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then(json);
    for (const line of cart.response_body.Products) {
      if (acknowledged.has(line.id) && acknowledged.get(line.id) !== line.cart_quantity)
        mismatches.push({
          line: line.id,
          acknowledged: acknowledged.get(line.id),
          shown: line.cart_quantity,
        });
    }
  }
  const expectedQuantities = new Map(updates.map((u) => [u.line, u.quantity]));
  const wrongAcks = [...acknowledged].filter(([line, quantity]) => expectedQuantities.get(line) !== quantity);
  return {
    requests: updates.length,
    acknowledged: acknowledged.size,
    wallMs,
    latencies,
    mismatches,
    wrongAcks,
  };
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Starts the built sandbox command with its state in a new temporary directory. */
export async function startSandboxProcess(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const bin = fileURLToPath(new URL('../packages/sandbox/bin/marketkit-sandbox.js', import.meta.url));
  const child = spawn(process.execPath, [bin, '--port', '0', '--data', dir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve) =>
    child.stdout.on('data', (chunk) => {
      const match = /listening on (\S+)/.exec(chunk.toString());
      if (match) resolve(match[1]);
    }),
  );
  return { dir, child, url };
}

async function main() {
  const { values } = parseArgs({
    options: { rounds: { type: 'string', default: '5' }, sessions: { type: 'string', default: '20' } },
  });
  const { dir, child, url } = await startSandboxProcess('marketkit-load-');
  try {
    const rows = [];
    for (let round = 0; round < Number(values.rounds); round += 1) {
      const result = await runCartLoad(url, { sessions: Number(values.sessions), round });
      rows.push(result);
      console.log(
        `round ${round + 1}: ${result.requests} concurrent cart updates, ${result.acknowledged} acknowledged, ${(result.requests / (result.wallMs / 1000)).toFixed(0)} req/s, p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p95 ${percentile(result.latencies, 95).toFixed(1)} ms, mismatches ${result.mismatches.length + result.wrongAcks.length}`,
      );
    }
    const all = rows.flatMap((r) => r.latencies);
    const rps = rows.map((r) => r.requests / (r.wallMs / 1000)).sort((a, b) => a - b);
    console.log(
      `median of ${rows.length} rounds: ${rps[Math.floor(rps.length / 2)].toFixed(0)} req/s; p95 over all ${all.length} requests: ${percentile(all, 95).toFixed(1)} ms; state file fsynced before every acknowledgement (${dir})`,
    );
    if (rows.some((r) => r.mismatches.length > 0 || r.wrongAcks.length > 0 || r.acknowledged !== r.requests))
      process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

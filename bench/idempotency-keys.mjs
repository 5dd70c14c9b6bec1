#!/usr/bin/env node
// Keyed cart writes per second on the sandbox HTTP server (state on disk), with no Idempotency-Key saved
// and then with 5,000 saved by other shoppers, in the same run: saving must not cost more as keys grow.
//
// Run: node bench/idempotency-keys.mjs [--writes 800] [--shoppers 8] [--saved 5000] [--rounds 5] [--out FILE]
//      (after `pnpm --filter @marketkit/sandbox build`). The figures go to bench/results/idempotency-keys.json
//      (or FILE), which bench/RESULTS.md shows.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile, signUp, startSandboxProcess } from './sandbox-load.mjs';

// A digital product: no stock to run out of, however many adds are sent.
const PRODUCT = 1048;
// Keys each shopper may keep (packages/sandbox/src/core/idempotency.ts): the saved keys need this many shoppers.
const PER_SHOPPER = 500;

const send = (url, token, method, path, key, body) =>
  fetch(`${url}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': key,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

/** `writes` keyed adds, one shopper's at a time each (as a browser sends them), all shoppers at once. */
async function measure(url, tokens, writes, label) {
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, s) => {
      for (let i = 0; i < writes / tokens.length; i += 1) {
        const t0 = performance.now();
        const response = await send(url, token, 'POST', '/cfs/rest/v3/customer-cart', `${label}-${s}-${i}`, {
          customer_cart: [{ product: PRODUCT, cart_quantity: 1 }],
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (response.status !== 200) failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), failed };
}

async function main() {
  const { values } = parseArgs({
    options: {
      writes: { type: 'string', default: '800' },
      shoppers: { type: 'string', default: '8' },
      saved: { type: 'string', default: '5000' },
      rounds: { type: 'string', default: '5' },
      out: {
        type: 'string',
        default: join(dirname(fileURLToPath(import.meta.url)), 'results', 'idempotency-keys.json'),
      },
    },
  });
  const writes = Number(values.writes);
  const saved = Number(values.saved);
  // Two servers measured in alternation, so that other work on the machine weighs on both alike.
  const servers = await Promise.all([
    startSandboxProcess('marketkit-keys-none-'),
    startSandboxProcess('marketkit-keys-full-'),
  ]);
  try {
    const [none, full] = await Promise.all(
      servers.map(async ({ url }, n) => ({
        url,
        shoppers: await Promise.all(
          Array.from({ length: Number(values.shoppers) }, (_, i) => signUp(url, `keys-${n}-${i}`)),
        ),
      })),
    );
    const others = await Promise.all(
      Array.from({ length: Math.ceil(saved / PER_SHOPPER) }, (_, i) => signUp(full.url, `other-${i}`)),
    );
    // The other shoppers' keys (keyed cart clears), sent by all of them at once.
    await Promise.all(
      others.map(async (token, o) => {
        for (let i = 0; i < PER_SHOPPER && o * PER_SHOPPER + i < saved; i += 1)
          await (
            await send(full.url, token, 'DELETE', '/cfs/rest/v3/customer-cart', `saved-${o}-${i}`)
          ).arrayBuffer();
      }),
    );
    // Warm-up: the first requests compile code paths.
    for (const server of [none, full])
      await measure(server.url, server.shoppers, server.shoppers.length * 10, 'warm');
    const rows = { none: [], full: [] };
    for (let round = 0; round < Number(values.rounds); round += 1)
      for (const [name, server] of round % 2 === 0
        ? [
            ['none', none],
            ['full', full],
          ]
        : [
            ['full', full],
            ['none', none],
          ])
        rows[name].push(await measure(server.url, server.shoppers, writes, `round-${round}`));
    const median = (list, field) =>
      [...list.map((r) => r[field])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const sizes = servers.map(({ dir }) => ({
      state: statSync(join(dir, 'state.json')).size,
      journal: statSync(join(dir, 'idempotency.jsonl')).size,
      lines: readFileSync(join(dir, 'idempotency.jsonl'), 'utf8').split('\n').filter(Boolean).length,
    }));
    for (const [name, label, size] of [
      ['none', '0 saved keys', sizes[0]],
      ['full', `${saved} saved keys`, sizes[1]],
    ])
      console.log(
        `${label}: ${rows[name].map((r) => r.perSecond.toFixed(0)).join(' / ')} writes/s (median ${median(rows[name], 'perSecond').toFixed(0)}), p50 ${median(rows[name], 'p50').toFixed(1)} ms, failed ${rows[name].reduce((n, r) => n + r.failed, 0)}; state.json ${(size.state / 1024).toFixed(0)} KiB, journal ${(size.journal / 1024).toFixed(0)} KiB (${size.lines} lines)`,
      );
    const ratio = median(rows.full, 'perSecond') / median(rows.none, 'perSecond');
    console.log(
      `with ${saved} saved keys: ${(ratio * 100).toFixed(0)} % of the rate with none (target: 80-120 %); load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const summary = (name, size) => ({
      writesPerSecond: rows[name].map((r) => Math.round(r.perSecond)),
      medianPerSecond: Math.round(median(rows[name], 'perSecond')),
      medianP50Ms: Number(median(rows[name], 'p50').toFixed(1)),
      failed: rows[name].reduce((n, r) => n + r.failed, 0),
      stateBytes: size.state,
      journalBytes: size.journal,
      journalLines: size.lines,
    });
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(
      values.out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          command: `node bench/idempotency-keys.mjs --writes ${writes} --shoppers ${values.shoppers} --saved ${saved} --rounds ${values.rounds}`,
          loadAverage: loadavg().map((l) => Number(l.toFixed(1))),
          savedKeys: saved,
          none: summary('none', sizes[0]),
          full: summary('full', sizes[1]),
          ratio: Number(ratio.toFixed(3)),
          target: '0.8-1.2',
        },
        null,
        2,
      )}\n`,
    );
    // The raw file is committed: keep it in the repository's format so `biome check .` stays clean.
    const biome = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'biome');
    if (existsSync(biome)) spawnSync(biome, ['format', '--write', values.out], { stdio: 'ignore' });
    if ([...rows.none, ...rows.full].some((r) => r.failed > 0)) process.exitCode = 1;
  } finally {
    for (const { child, dir } of servers) {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

await main();

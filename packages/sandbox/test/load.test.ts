import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
// The scenario lives with the benchmark, which reports its requests per second and p95 latency.
import { runCartLoad } from '../../../bench/sandbox-load.mjs';
import { startTestServer } from './support.ts';

it('reflects every acknowledged quantity after 200 concurrent cart updates from 20 sessions (state on disk)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketkit-load-'));
  const { server } = await startTestServer({ dataDir: dir });
  try {
    const result = await runCartLoad(server.url, { sessions: 20, linesPerSession: 10 });
    expect(result.requests).toBe(200);
    expect(result.acknowledged).toBe(200);
    expect(result.wrongAcks).toEqual([]);
    expect(result.mismatches).toEqual([]);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

// `node build-server/precompress.js [dir]` (after the app's build): writes `.br` and `.gz` beside each
// compressible file of the built app, once, at the highest levels, so the server sends files instead
// of compressing every answer (start.ts serves them). Vite's own build has no such step; the
// maintained plugin (vite-plugin-compression2) names no Vite or Node versions it supports.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUILD } from './paths.ts';

/** Text formats worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|txt|xml|webmanifest)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Writes `file.br` and `file.gz` for each compressible file under `dir`; returns how many. */
function precompress(dir: string): number {
  let count = 0;
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: constants.Z_BEST_COMPRESSION }));
    count += 1;
  }
  return count;
}

const dir = process.argv[2] ?? join(BUILD, 'client');
process.stdout.write(`Precompressed ${precompress(dir)} files under ${dir}\n`);

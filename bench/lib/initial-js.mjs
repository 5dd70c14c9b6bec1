// Initial JS of a page: gzip KiB of the scripts it loaded (Lighthouse's network log), sized from the
// built files, minus the chunks that are loaded only when the browser is idle (or at first use). Which
// chunk holds what comes from the build's source maps, and who imports a chunk from its `import`s.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * Modules loaded only when the browser is idle (or at first use): not on a first screen's path. The
 * toaster; the product page's reviews, questions and description; and i18next-http-backend, which a
 * server-rendered page needs only for a later screen (the SPA build reads its first texts with it, so
 * there it is critical: `SPA_IDLE_MODULES`).
 */
export const SPA_IDLE_MODULES = ['ui/src/toast-host.tsx', 'src/catalogue/product-extras.tsx'];
export const IDLE_MODULES = [...SPA_IDLE_MODULES, '/i18next-http-backend/'];

const gzipKiB = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The sources a built file holds (its source map), or none when it has no map. */
function sourcesOf(dist, file) {
  const map = join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources ?? [];
}

/** The files a built file imports statically (`from"./x.js"`, `import"./x.js"`), as dist paths. */
function importsOf(dist, file) {
  const code = readFileSync(join(dist, file), 'utf8');
  const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*"(\.\/[^"]+\.js)"/g)].map(
    ([, path]) => `${folder}${path.slice(2)}`,
  );
}

/**
 * Which of a page's loaded files are idle-time: files made only of idle modules, and any loaded file
 * that only idle files import (a chunk split out of an idle module, e.g. the sanitizer under the
 * product page's description).
 */
function idleFiles(dist, loaded, idleModules) {
  const isIdleSource = (source) => idleModules.some((module) => source.includes(module));
  const idle = new Set(
    loaded.filter((file) => {
      const sources = sourcesOf(dist, file);
      return sources.length > 0 && sources.every(isIdleSource);
    }),
  );
  const imports = new Map(loaded.map((file) => [file, importsOf(dist, file)]));
  const importersOf = (file) => loaded.filter((other) => imports.get(other)?.includes(file));
  for (let changed = true; changed; ) {
    changed = false;
    for (const file of loaded) {
      if (idle.has(file)) continue;
      const importers = importersOf(file);
      if (importers.length > 0 && importers.every((importer) => idle.has(importer))) {
        idle.add(file);
        changed = true;
      }
    }
  }
  return idle;
}

/**
 * Gzip KiB of scripts a page loaded (paths under `dist`): the critical ones (`kib`), all of them
 * (`allKib`, with the idle-time chunks), the critical file names, and every file with its size (largest
 * first) and whether it is idle-time. Shared by the bench and the first-load budget check
 * (e2e/first-load.spec.ts), so both count the same bytes.
 */
export function sizeScripts(dist, files, idleModules = IDLE_MODULES) {
  const idle = idleFiles(dist, files, idleModules);
  const sizes = files
    .map((file) => ({ file, kib: gzipKiB(join(dist, file)), idle: idle.has(file) }))
    .sort((a, b) => b.kib - a.kib);
  const total = (list) => list.reduce((sum, entry) => sum + entry.kib, 0);
  return {
    kib: total(sizes.filter((entry) => !entry.idle)),
    allKib: total(sizes),
    files: files.filter((file) => !idle.has(file)),
    sizes,
  };
}

/**
 * Gzip KiB of the scripts a Lighthouse run saw the page load from `origin`: the critical ones (`kib`),
 * all of them (`allKib`, with the idle-time chunks), the critical ones as transferred (`transferKib`),
 * the critical file names and the request count.
 */
export function initialJs(lhr, origin, dist, idleModules = IDLE_MODULES) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
  const files = [...new Set(scripts.map((item) => new URL(item.url).pathname.slice(1)))];
  const { kib, allKib, files: critical } = sizeScripts(dist, files, idleModules);
  // What crossed the network for them (the server's own encoding: brotli when the browser takes it).
  const transferKib =
    scripts
      .filter((item) => critical.includes(new URL(item.url).pathname.slice(1)))
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
  return { kib, allKib, transferKib, files: critical, requests: items.length };
}

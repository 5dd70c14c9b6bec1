// Initial JS of a page: gzip KiB of the scripts it loaded (Lighthouse's network log), sized from the
// built files, minus the chunks the Vite manifest shows are loaded only when the browser is idle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Modules loaded only when the browser is idle (or at first use): not on any first screen's path. */
const IDLE_MODULES = [
  'ui/src/toast-host.tsx',
  // The product page's reviews, questions and description: requested when the browser is idle.
  'src/catalogue/product-extras.tsx',
];

const gzipKiB = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The build manifest: each file, and the files it imports statically (empty for a page without one). */
function manifestOf(dist) {
  try {
    const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
    return Object.entries(manifest).map(([source, chunk]) => ({
      source,
      file: chunk.file,
      imports: (chunk.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean),
    }));
  } catch {
    return [];
  }
}

/**
 * Which of a page's loaded files are idle-time: the idle modules' chunks, and any loaded file that
 * only idle files import (a chunk split out of an idle module, e.g. the sanitizer under the product
 * page's description).
 */
function idleFiles(dist, loaded) {
  const chunks = manifestOf(dist);
  const idle = new Set(
    chunks.filter((chunk) => IDLE_MODULES.some((module) => chunk.source.endsWith(module))).map((c) => c.file),
  );
  const importersOf = (file) =>
    chunks.filter((chunk) => loaded.includes(chunk.file) && chunk.imports.includes(file)).map((c) => c.file);
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
 * Gzip KiB of the scripts a Lighthouse run saw the page load from `origin`: the critical ones (`kib`),
 * all of them (`allKib`, with the idle-time chunks), the critical file names and the request count.
 */
export function initialJs(lhr, origin, dist) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
  const files = [...new Set(scripts.map((item) => new URL(item.url).pathname.slice(1)))];
  const idle = idleFiles(dist, files);
  const size = (list) => list.reduce((sum, file) => sum + gzipKiB(join(dist, file)), 0);
  const critical = files.filter((file) => !idle.has(file));
  return { kib: size(critical), allKib: size(files), files: critical, requests: items.length };
}

// Writes template/ from the repository's examples/custom-storefront, the one source of the starter
// (run by `prepack`, so every tarball carries the example as it is at pack time):
//   - everything but installs and outputs (node_modules, dist, test-results, .turbo, *.tsbuildinfo);
//   - .gitignore as _gitignore (npm leaves .gitignore out of tarballs; the bin renames it back);
//   - package.json: each `workspace:` range of an @marketkit package becomes `^` its version in
//     packages/*/package.json at pack time;
//   - README.md without its part between `<!-- repository-only -->` and `<!-- /repository-only -->`
//     (how the repository checks the example: nothing an app made from it has).
//
//   node scripts/template.mjs [OUT]   (default: template/ beside this folder)
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, '..', '..', '..');
export const EXAMPLE = join(root, 'examples', 'custom-storefront');

const SKIPPED = new Set(['node_modules', 'dist', 'test-results', '.turbo']);

/** `{ '@marketkit/sdk': '0.1.0', … }` from packages/*\/package.json. */
export function workspaceVersions(packagesDir = join(root, 'packages')) {
  const versions = {};
  for (const name of readdirSync(packagesDir)) {
    const manifest = join(packagesDir, name, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name: packageName, version, private: isPrivate } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (!isPrivate && packageName?.startsWith('@marketkit/')) versions[packageName] = version;
  }
  return versions;
}

/** The example's manifest with published ranges; throws on an @marketkit package that has no version. */
export function templateManifest(manifest, versions) {
  const result = structuredClone(manifest);
  for (const group of ['dependencies', 'devDependencies', 'peerDependencies'])
    for (const [name, range] of Object.entries(result[group] ?? {})) {
      if (!range.startsWith('workspace:')) continue;
      const version = versions[name];
      if (!version)
        throw new Error(`${name} (${group} of the example) is not a published package of packages/`);
      result[group][name] = `^${version}`;
    }
  return result;
}

/** The README without its repository-only parts. */
export const templateReadme = (text) =>
  text
    .replace(/\n?<!-- repository-only -->[\s\S]*?<!-- \/repository-only -->\n?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');

/** Writes the template from `example` into `out` (replaced). */
export function buildTemplate({ example = EXAMPLE, out, versions = workspaceVersions() }) {
  rmSync(out, { recursive: true, force: true });
  cpSync(example, out, {
    recursive: true,
    filter: (path) => !SKIPPED.has(basename(path)) && !path.endsWith('.tsbuildinfo'),
  });
  if (existsSync(join(out, '.gitignore'))) renameSync(join(out, '.gitignore'), join(out, '_gitignore'));
  const manifest = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8'));
  writeFileSync(
    join(out, 'package.json'),
    `${JSON.stringify(templateManifest(manifest, versions), null, 2)}\n`,
  );
  const readme = join(out, 'README.md');
  if (existsSync(readme)) writeFileSync(readme, templateReadme(readFileSync(readme, 'utf8')));
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const out = resolve(process.argv[2] ?? join(here, '..', 'template'));
  buildTemplate({ out });
  console.log(`wrote ${out} from ${EXAMPLE}`);
}

// The work of `npm create @marketkit/storefront NAME`: copies the template shipped in this package
// (generated from the repository's examples/custom-storefront when the package is packed) into a new
// folder NAME and names the app after it. Node built-ins only, so `npm create` fetches nothing else.
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The template inside the package (`template/`), written by scripts/template.mjs at pack time. */
export const TEMPLATE = fileURLToPath(new URL('./template/', import.meta.url));

/** A problem the shopper-facing command reports as it is, without a stack. */
export class CreateError extends Error {}

/**
 * Why `name` cannot be the new app's folder and package name, or null when it can: npm's rules for
 * an unscoped name (lower case, URL-safe, at most 214 characters, not starting with `.` or `_`), which
 * also keeps it one folder inside the current one (no `/`, no `..`).
 */
export function nameProblem(name) {
  if (typeof name !== 'string' || name.length === 0) return 'give the new storefront’s folder name';
  if (name.length > 214) return `"${name.slice(0, 20)}…" is longer than the 214 characters npm allows`;
  if (/^[._]/.test(name)) return `"${name}" starts with "${name[0]}", which npm does not allow in a name`;
  if (name !== name.toLowerCase()) return `"${name}" has capital letters, which npm does not allow in a name`;
  if (!/^[a-z0-9][a-z0-9._~-]*$/.test(name))
    return `"${name}" is not a folder name npm accepts as a package name: use a-z, 0-9, "-", "." and "_"`;
  if (['node_modules', 'favicon.ico'].includes(name)) return `"${name}" is a name npm reserves`;
  return null;
}

/**
 * Creates the storefront `name` in `cwd` from `template`; returns its folder. Refuses a bad name and
 * an existing folder that is not empty (nothing of it is touched).
 */
export function createStorefront(name, { cwd = process.cwd(), template = TEMPLATE } = {}) {
  const problem = nameProblem(name);
  if (problem) throw new CreateError(problem);
  const target = resolve(cwd, name);
  if (existsSync(target)) {
    if (!statSync(target).isDirectory()) throw new CreateError(`${target} exists and is not a folder`);
    if (readdirSync(target).length > 0)
      throw new CreateError(`${target} exists and is not empty: choose another name or empty it first`);
  }
  const manifestPath = join(template, 'package.json');
  if (!existsSync(manifestPath))
    throw new CreateError(`the template is missing (${template}): this copy of the package was not packed`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const local = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    ([, range]) => /^(workspace|link|file):/.test(range),
  );
  if (local.length > 0)
    throw new CreateError(
      `the template keeps local ranges (${local.map(([n, r]) => `${n}@${r}`).join(', ')})`,
    );

  cpSync(template, target, { recursive: true });
  // npm drops .gitignore from tarballs, so the template carries it as _gitignore.
  if (existsSync(join(target, '_gitignore')))
    renameSync(join(target, '_gitignore'), join(target, '.gitignore'));
  writeFileSync(join(target, 'package.json'), `${JSON.stringify({ ...manifest, name }, null, 2)}\n`);
  return target;
}

/** What to run next, as printed after creating `name`. */
export const nextSteps = (name) => [`cd ${name} && npm install`, 'npm run dev'];

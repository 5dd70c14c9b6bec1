#!/usr/bin/env node
// `npm create @marketkit/storefront NAME` (also `npx @marketkit/create-storefront NAME`).
import { parseArgs } from 'node:util';
import { CreateError, createStorefront, nextSteps } from './create.mjs';

const usage = `Usage: npm create @marketkit/storefront@latest NAME

Creates the folder NAME with a storefront on React Router 7 and i18next over @marketkit/sdk, hooks and
ui; \`npm run dev\` starts it with the sandbox services host (@marketkit/sandbox), \`npm test\` runs its tests.`;

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) process.stdout.write(`${usage}\n`);
  else {
    if (positionals.length !== 1) throw new CreateError(`give one folder name\n\n${usage}`);
    const [name = ''] = positionals;
    const target = createStorefront(name);
    const steps = nextSteps(name).map((command) => `  ${command}`);
    process.stdout.write(`Created ${target}.\n\nNext:\n${steps.join('\n')}\n`);
  }
} catch (error) {
  // A usage problem or a refusal: one line, no stack (parseArgs' own errors included).
  const known =
    error instanceof CreateError ||
    (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'));
  console.error(
    `create-storefront: ${known ? error.message : error instanceof Error ? error.stack : String(error)}`,
  );
  process.exitCode = 1;
}

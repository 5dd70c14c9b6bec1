import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createDefaultSeed } from '@marketkit/sandbox';

/** Kinds of secret a browser bundle must never hold. */
const PATTERNS: Array<[string, RegExp]> = [
  ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['OAuth client secret', /client_secret/i],
  ['password grant', /grant_type["'\s:=]+password/i],
  ['payment gateway phrase', /request_phrase|response_phrase/i],
  ['signed token (JWT)', /eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
  ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
  ['Google API key', /\bAIza[\w-]{35}\b/],
  ['Stripe secret key', /\b[sr]k_(live|test)_[0-9a-zA-Z]{16,}/],
  ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36}\b/],
  ['Slack token', /\bxox[abpr]-[A-Za-z0-9-]{10,}/],
  ['npm token', /\bnpm_[A-Za-z0-9]{36}\b/],
];

/**
 * The sandbox's own secrets (gateway phrases and access codes, seeded passwords): the storefront talks
 * to the sandbox but must never carry what only the services host knows.
 */
function sandboxSecrets() {
  const values = new Set<string>();
  for (const store of createDefaultSeed().stores) {
    values.add(store.gateway.request_phrase);
    values.add(store.gateway.response_phrase);
    values.add(store.gateway.access_code);
    for (const customer of store.customers) if (customer.password) values.add(customer.password);
  }
  return [...values].filter((value) => value.length >= 8);
}

/** Every text file of a built app (scripts, pages, styles, data, source maps). */
function textFiles(dist: string) {
  return readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(js|mjs|html|json|css|map|svg|txt)$/.test(file))
    .map((file) => join(dist, file));
}

/** What in `dist` looks like a secret: one line per finding (kind, file), empty when clean. */
export function findSecrets(dist: string) {
  const known = sandboxSecrets();
  const findings: string[] = [];
  const files = textFiles(dist);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const name = relative(dist, file);
    for (const [kind, pattern] of PATTERNS) if (pattern.test(text)) findings.push(`${kind} in ${name}`);
    for (const value of known) if (text.includes(value)) findings.push(`a sandbox secret in ${name}`);
  }
  return { files: files.length, findings };
}

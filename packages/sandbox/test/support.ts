import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createMarketClient, createMemoryTokenStore, type TokenStore } from '@marketkit/sdk';
import { type ContractViolation, createContractValidator, type Sandbox } from '../src/index.ts';
import { type SandboxServerOptions, startSandboxServer } from '../src/node/index.ts';

/** A clock tests can move forward; the sandbox reads it for every request. */
export function createClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => (offsetMs += ms) };
}

/** Starts a sandbox server on a free port with the log kept in memory. */
export async function startTestServer(options: SandboxServerOptions = {}) {
  const log: string[] = [];
  const server = await startSandboxServer({ port: 0, log: (line) => log.push(line), ...options });
  return { server, log };
}

/**
 * A `fetch` that checks every request and response against the bundled contract with a JSON Schema
 * validator (Ajv), and records which operations were exercised.
 */
export function createCheckingFetch() {
  const validator = createContractValidator();
  const violations: ContractViolation[] = [];
  const exercised = new Set<string>();
  const checkedFetch = async (request: Request): Promise<Response> => {
    const contentType = request.headers.get('content-type') ?? '';
    let body: unknown;
    if (request.body) {
      if (contentType.startsWith('multipart/form-data')) body = await request.clone().formData();
      else {
        const text = await request.clone().text();
        body = text ? JSON.parse(text) : undefined;
      }
    }
    const checked = validator.checkRequest({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body,
      contentType,
    });
    if (checked.operation) exercised.add(checked.operation.operationId);
    violations.push(...checked.violations);
    const response = await fetch(request);
    const responseType = response.headers.get('content-type');
    const parsed = responseType?.includes('json') ? await response.clone().json() : undefined;
    violations.push(
      ...validator.checkResponse({
        method: request.method,
        url: request.url,
        status: response.status,
        contentType: responseType,
        body: parsed,
      }),
    );
    return response;
  };
  return { fetch: checkedFetch, violations, exercised, operations: validator.operations };
}

export function clientFor(
  servicesHost: string,
  store: string,
  fetchImpl: (request: Request) => Promise<Response>,
  tokens: TokenStore = createMemoryTokenStore(),
) {
  return createMarketClient({
    servicesHost,
    store,
    tokens,
    fetch: fetchImpl,
    getLanguage: () => 'en',
    locks: null,
  });
}

/** Reads the hidden inputs of the first form of an HTML page. */
export function hiddenInputs(html: string) {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[match[1] ?? ''] = (match[2] ?? '').replace(/&amp;/g, '&');
  return fields;
}

/** Posts an HTML form the way a browser does (without following the redirect). */
export const postForm = (url: string, fields: Record<string, string | number>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
  });

/** Signs a seeded shopper in (password `Password123`) and gives the access token. */
export async function signInAs(url: string, store = 'demo', username = 'shopper@example.com') {
  const response = await fetch(`${url}/ums/rest/v3/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', realmname: `${store}-customer` },
    body: JSON.stringify({ username, password: 'Password123' }),
  });
  return ((await response.json()) as { response_body: { access_token: string } }).response_body.access_token;
}

/** Calls a sandbox through `handle()` (no transport), with JSON bodies. */
export function handleClient(sandbox: Sandbox, host = 'http://sandbox.test') {
  const call = (path: string, init: RequestInit = {}) => sandbox.handle(new Request(`${host}${path}`, init));
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(path, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  /** Signs a seeded shopper in (of `demo` unless told) and gives the bearer header. */
  const signIn = async (username = 'shopper@example.com', store = 'demo') => {
    const response = await send(
      'POST',
      '/ums/rest/v3/login',
      { username, password: 'Password123' },
      { realmname: `${store}-customer` },
    );
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
    const tokens = (
      (await response.json()) as { response_body: { access_token: string; refresh_token: string } }
    ).response_body;
    return { ...tokens, auth: { Authorization: `Bearer ${tokens.access_token}` } };
  };
  /** The customer's cart lines, as `product → quantity`. */
  const cart = async (auth: Record<string, string>) => {
    const response = await call('/cfs/rest/v3/customer-cart', { headers: auth });
    const lines = (
      (await response.json()) as { response_body: { Products: { product: number; cart_quantity: number }[] } }
    ).response_body.Products;
    return Object.fromEntries(lines.map((line) => [line.product, line.cart_quantity]));
  };
  return { call, send, signIn, cart };
}

/** A persistence in memory whose saves can be made to fail, or held until released. */
export function createFlakyPersistence(initial?: string) {
  let stored = initial;
  let failing = false;
  const held: { release: () => void; fail: (error: Error) => void }[] = [];
  let holding = false;
  return {
    get stored() {
      return stored;
    },
    /** Makes every save from now on fail as a full disk would. */
    fail(on = true) {
      failing = on;
    },
    /** Holds every save from now on until `held` ones are released or failed. */
    hold(on = true) {
      holding = on;
    },
    held,
    persistence: {
      load: async () => stored,
      save: async (serialized: string) => {
        if (holding)
          await new Promise<void>((resolve, reject) => held.push({ release: resolve, fail: reject }));
        if (failing)
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        stored = serialized;
      },
    },
  };
}

const BIN = fileURLToPath(new URL('../bin/marketkit-sandbox.js', import.meta.url));
const clis: ChildProcess[] = [];

/** Runs the real command (`marketkit-sandbox --port 0 …`) in its own process; resolves with its address. */
export function startCli(args: string[]) {
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  clis.push(child);
  return new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}): ${output}`)));
  });
}

/** Kills every process `startCli` started. */
export function stopClis() {
  for (const child of clis.splice(0)) child.kill('SIGKILL');
}

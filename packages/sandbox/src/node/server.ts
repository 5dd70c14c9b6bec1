import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../core/sandbox.ts';
import { createFilePersistence } from './file-persistence.ts';

export interface SandboxServerOptions extends SandboxOptions {
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Directory of the state file; without it the state lives in memory only. */
  dataDir?: string;
  /** Start from the seed, discarding the saved state. */
  reset?: boolean;
  /** Log every request (method, path, status, milliseconds). */
  verbose?: boolean;
}

export interface SandboxServer {
  /** e.g. `http://127.0.0.1:4010` */
  readonly url: string;
  readonly port: number;
  readonly sandbox: Sandbox;
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = incoming.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}),
  });
}

async function send(response: Response, outgoing: ServerResponse, incoming: IncomingMessage) {
  if (response.type === 'error') {
    // The "drop" fault: close the connection without an answer.
    incoming.socket.destroy();
    return;
  }
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  if (!response.body || incoming.method === 'HEAD') {
    outgoing.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value))
        await new Promise<void>((resolve) => outgoing.once('drain', () => resolve()));
    }
  } finally {
    outgoing.end();
  }
}

/** Starts the sandbox as an HTTP server (the demo, end-to-end tests and third-party storefronts use it). */
export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const host = options.host ?? '127.0.0.1';
  if (options.dataDir && options.reset) rmSync(join(options.dataDir, 'state.json'), { force: true });
  const persistence = options.dataDir ? createFilePersistence(options.dataDir) : undefined;
  const sandbox = createSandbox({ ...options, ...(persistence ? { persistence } : {}) });
  await sandbox.ready;
  const log = options.log ?? ((line: string) => console.log(line));
  let origin = '';
  const server = createServer((incoming, outgoing) => {
    const started = performance.now();
    toRequest(incoming, origin)
      .then((request) => sandbox.handle(request))
      .then(async (response) => {
        await send(response, outgoing, incoming);
        if (options.verbose)
          log(
            `${incoming.method} ${incoming.url} ${response.type === 'error' ? 'dropped' : response.status} ${(performance.now() - started).toFixed(1)}ms`,
          );
      })
      .catch((error: unknown) => {
        log(
          `[sandbox] ${incoming.method} ${incoming.url} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        if (!outgoing.headersSent) {
          outgoing.writeHead(500, { 'Content-Type': 'application/json' });
          outgoing.end(
            JSON.stringify({
              response_message: 'The sandbox failed to handle this request',
              response_body: null,
              status_code: 500,
            }),
          );
        } else outgoing.destroy();
      });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4010, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    port,
    sandbox,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sandbox.flush();
    },
  };
}

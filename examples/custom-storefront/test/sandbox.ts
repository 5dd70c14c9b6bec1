// Vitest global setup: the sandbox's HTTP server from the installed @marketkit/sandbox (from the
// tarball in the packed-tarball check), on a free port, with the control API for resets.
import { startSandboxServer } from '@marketkit/sandbox/node';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    sandboxUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startSandboxServer({ port: 0, controlApi: true, log: () => {} });
  project.provide('sandboxUrl', server.url);
  return () => server.close();
}

export { createFilePersistence } from './file-persistence.ts';
export { type SandboxServer, type SandboxServerOptions, startSandboxServer } from './server.ts';

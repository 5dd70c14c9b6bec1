import type { StartOptions } from './app.d.mts';

export function startStorefrontServer(
  options: StartOptions,
): Promise<{ port: number; close(): Promise<void> }>;

export function listen(
  server: import('node:http').Server,
  port: number,
  host: string,
): Promise<{ port: number; close(): Promise<void> }>;

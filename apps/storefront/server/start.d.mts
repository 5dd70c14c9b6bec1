import type { StartOptions } from './app.d.mts';

export function startStorefrontServer(
  options: StartOptions,
): Promise<{ port: number; close(): Promise<void> }>;

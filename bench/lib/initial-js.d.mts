// Types of initial-js.mjs for its TypeScript callers (e2e/first-load.spec.ts).

/** Idle-time modules of the SPA build, and of the server-rendered build (i18next-http-backend too). */
export const SPA_IDLE_MODULES: readonly string[];
export const IDLE_MODULES: readonly string[];

/** One loaded script: gzip -9 KiB of its built file, and whether only idle-time code loads it. */
export interface ScriptSize {
  file: string;
  kib: number;
  idle: boolean;
}

export function sizeScripts(
  dist: string,
  files: readonly string[],
  idleModules?: readonly string[],
): { kib: number; allKib: number; files: string[]; sizes: ScriptSize[] };

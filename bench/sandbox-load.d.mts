export interface CartLoadResult {
  requests: number;
  acknowledged: number;
  wallMs: number;
  latencies: number[];
  mismatches: { line: number; acknowledged: number; shown: number }[];
  wrongAcks: [number, number][];
}

export function runCartLoad(
  url: string,
  options?: { sessions?: number; linesPerSession?: number; round?: number },
): Promise<CartLoadResult>;

export function signUp(url: string, index: number | string): Promise<string>;
export function percentile(values: number[], p: number): number;
export function startSandboxProcess(
  prefix: string,
): Promise<{ dir: string; child: import('node:child_process').ChildProcess; url: string }>;

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

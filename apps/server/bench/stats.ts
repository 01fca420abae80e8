import { performance } from 'node:perf_hooks';

/** Median and p99 of samples in milliseconds, as a printable line. */
export function stats(samples: number[]): string {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return `median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms (n=${s.length})`;
}

/** Runs `fn` `n` times in a row and returns each duration in milliseconds. */
export async function time(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

import { performance } from 'node:perf_hooks';

/** The `p`-th percentile (0 < p <= 1, nearest rank) of samples in milliseconds. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]!;
}

/** Runs `fn` `n` times one after another and answers each duration in milliseconds. */
export async function timeSequential(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/**
 * Runs each of `fns` `n` times, taking turns (a, b, c, a, b, c, ...), so that a change in the
 * machine's load during the run weighs on each alike; answers each one's durations in ms.
 */
export async function timeInterleaved(n: number, fns: (() => Promise<unknown>)[]): Promise<number[][]> {
  const out = fns.map(() => [] as number[]);
  for (let i = 0; i < n; i++)
    for (const [k, fn] of fns.entries()) {
      const t = performance.now();
      await fn();
      out[k]!.push(performance.now() - t);
    }
  return out;
}

/**
 * `clients` loops running at the same time, each calling `fn` `perClient` times in a row (a
 * client waits for its answer before its next call); answers every call's duration in ms.
 */
export async function timeConcurrent(
  clients: number,
  perClient: number,
  fn: () => Promise<unknown>,
): Promise<number[]> {
  const out: number[] = [];
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < perClient; i++) {
        const t = performance.now();
        await fn();
        out.push(performance.now() - t);
      }
    }),
  );
  return out;
}

/** Milliseconds as printed in the tables: one decimal below 100 ms, none above. */
export function ms(v: number): string {
  if (!Number.isFinite(v)) return '-';
  return v < 100 ? v.toFixed(1) : v.toFixed(0);
}

/** A ratio as printed in the tables ('1.42x'). */
export function ratio(a: number, b: number): string {
  return Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : '-';
}

/**
 * Prints a table with a title: the first column left-aligned, the others right-aligned, each as
 * wide as its widest cell, in Markdown pipe syntax so it can be pasted into a note as it is.
 */
export function printTable(title: string, header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
}

/** Seconds since `start` (a performance.now() value), one decimal. */
export function secondsSince(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1);
}

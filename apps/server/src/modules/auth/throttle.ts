/**
 * Counts failed sign-ins per key (e-mail and client address) in a sliding window; after
 * `max` failures the key is refused until the window passes. In memory: one app process
 * holds its own counts (documented in the auth README as a scale-out caveat).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.max) return 0;
    return Math.ceil(((recent[0] ?? now) + this.windowMs - now) / 1000);
  }

  fail(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.failures.set(key, recent);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }
}

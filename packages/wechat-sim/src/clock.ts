/** The simulator's clock: real time plus an offset that tests move forward (or set). */
export class SimClock {
  constructor(private offsetMs = 0) {}

  /** Milliseconds since the epoch on the simulator's clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Unix seconds on the simulator's clock. */
  seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  set(epochMs: number): void {
    this.offsetMs = epochMs - Date.now();
  }

  reset(): void {
    this.offsetMs = 0;
  }

  get offset(): number {
    return this.offsetMs;
  }

  snapshot(): { now: number; iso: string; unix: number; offsetMs: number } {
    const now = this.now();
    return { now, iso: new Date(now).toISOString(), unix: Math.floor(now / 1000), offsetMs: this.offsetMs };
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

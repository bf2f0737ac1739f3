/**
 * The sandbox's clock: real time plus an offset that tests move forward (or back, to make a history), so deadlines, hold expiry and token expiry
 * can be reached without waiting.
 */
export class Clock {
  #offsetMs = 0;
  /** Called whenever a test control moves the clock (advance or reset): a console in front can read it again. */
  readonly moved = new Set<() => void>();

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  nowIso(): string {
    return isoSeconds(this.now());
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
    this.#offsetMs += ms;
    for (const listener of this.moved) listener();
  }

  /**
   * Back by `ms`, to make a history on an empty sandbox (the console's demo office books across past months, moving
   * the clock forward as it goes). What is already stored keeps its times.
   */
  rewind(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('rewind by a positive time');
    this.#offsetMs -= ms;
    for (const listener of this.moved) listener();
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** The offset a kept state had (state-file.ts), set at start before anyone reads the clock. */
  restore(offsetMs: number): void {
    this.#offsetMs = offsetMs;
  }

  reset(): void {
    const was = this.#offsetMs;
    this.#offsetMs = 0;
    if (was !== 0) for (const listener of this.moved) listener();
  }
}

/** RFC 3339 in UTC without milliseconds: 2026-11-20T10:00:00Z. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

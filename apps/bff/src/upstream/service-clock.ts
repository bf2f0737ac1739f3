/**
 * The service's clock as the console knows it (decision 016): the offset between the service's time, read from the
 * `Date` header of its answers, and this machine's. Deadlines come from the service, so countdowns count on its time:
 * a wrong clock on the agent's PC, or on this server, does not move them.
 */
export class ServiceClock {
  #offsetMs = 0;
  #observed = false;
  #observedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly local: () => number = Date.now) {}

  /**
   * One answer's `Date` header, received at `receivedAt` (local). The header has whole seconds: the true time lies in
   * the second after it, so half a second is added. Small differences are smoothed; a jump (the service's clock was
   * moved, or this one) is taken at once.
   */
  observe(dateHeader: string | undefined, receivedAt = this.local()): void {
    if (!dateHeader) return;
    const at = Date.parse(dateHeader);
    if (Number.isNaN(at)) return;
    const estimate = at + 500 - receivedAt;
    if (!this.#observed || Math.abs(estimate - this.#offsetMs) > 1500) this.#offsetMs = estimate;
    else this.#offsetMs += (estimate - this.#offsetMs) / 8;
    this.#observed = true;
    this.#observedAt = receivedAt;
  }

  /** When (local time) the service last told its time; -Infinity before it ever has. */
  get observedAt(): number {
    return this.#observedAt;
  }

  get offsetMs(): number {
    return Math.round(this.#offsetMs);
  }

  /** The service's "now", in epoch milliseconds. */
  now(): number {
    return this.local() + this.offsetMs;
  }
}

/**
 * Keeps the clock fresh on an instance that talks to the service rarely: every `everyMs`, when no answer told the
 * time since the last look, one cheap call (`probe`) is made for its Date header. `now()` asks at once (the embedded
 * sandbox's clock control was used). A failed probe is left for the next round; calls never overlap.
 */
export function watchServiceClock(clock: ServiceClock, probe: () => Promise<unknown>, everyMs: number) {
  let inFlight: Promise<void> | null = null;
  const look = () => {
    inFlight ??= probe()
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  const timer = setInterval(() => {
    if (Date.now() - clock.observedAt >= everyMs) void look();
  }, everyMs);
  timer.unref();
  return {
    now: look,
    stop: () => clearInterval(timer),
  };
}

/**
 * The service's clock as the console knows it (decision 016): the offset between the service's time, read from the
 * `Date` header of its answers, and this machine's. Deadlines come from the service, so countdowns count on its time:
 * a wrong clock on the agent's PC, or on this server, does not move them.
 */
export class ServiceClock {
  #offsetMs = 0;
  #observed = false;

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
  }

  get offsetMs(): number {
    return Math.round(this.#offsetMs);
  }

  /** The service's "now", in epoch milliseconds. */
  now(): number {
    return this.local() + this.offsetMs;
  }
}

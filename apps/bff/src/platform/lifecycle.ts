/**
 * The instance's own life: while it drains for a shutdown it is no longer ready (the load balancer stops sending it
 * work), open search streams are ended with an event the browser can read, and requests in flight finish.
 */
export class Lifecycle {
  draining = false;
  readonly #streams = new Set<() => void>();

  /** An open stream, ended by `drain()`; returns the function to call when it ends on its own. */
  track(end: () => void): () => void {
    this.#streams.add(end);
    return () => this.#streams.delete(end);
  }

  get openStreams(): number {
    return this.#streams.size;
  }

  drain(): void {
    this.draining = true;
    for (const end of [...this.#streams]) end();
    this.#streams.clear();
  }
}

import type { ServerResponse } from 'node:http';

/** Where a relayed event stream is written: the browser's connection. */
export interface SseSink {
  /**
   * Resolves when the bytes are taken (waits while the connection is full); rejects once the browser has gone. Parts
   * (an event as it came, split across reads) go out together, uncopied.
   */
  write(chunk: Uint8Array | string | readonly Uint8Array[]): Promise<void>;
  /** Called once when the browser goes away. */
  onGone(listener: () => void): void;
  end(): void;
}

const GONE = new Error('the browser closed the stream');

/**
 * The browser's Node response, written directly: each event is one `write` on the socket, with no web-stream hop in
 * between (decision 012, revised: the hops through Hono's stream and the adapter's pipe were most of the relay's
 * per-event cost when a hundred streams started together). Each write goes to the socket at once. Back-pressure: a
 * write the socket cannot take waits for `drain`.
 */
export function nodeSink(res: ServerResponse, headers: Record<string, string>): SseSink {
  let gone = false;
  const listeners: (() => void)[] = [];
  res.once('close', () => {
    if (res.writableFinished) return;
    gone = true;
    for (const listener of listeners.splice(0)) listener();
  });
  res.writeHead(200, headers);
  res.flushHeaders();
  return {
    write(chunk) {
      if (gone || res.destroyed) return Promise.reject(GONE);
      let taken = true;
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) taken = res.write(chunk);
      else for (const part of chunk) taken = res.write(part) && taken;
      // Node holds a response's writes until the next tick (it corks the socket): out now instead, so an event does
      // not wait for whatever else this tick runs (the first one waited for the request's middleware to unwind).
      res.socket?.uncork();
      if (taken) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const drained = () => {
          res.off('close', closed);
          resolve();
        };
        const closed = () => {
          res.off('drain', drained);
          reject(GONE);
        };
        res.once('drain', drained);
        res.once('close', closed);
      });
    },
    onGone(listener) {
      if (gone) listener();
      else listeners.push(listener);
    },
    end() {
      if (!gone && !res.destroyed) res.end();
    },
  };
}

import { createMiddleware } from 'hono/factory';
import { answerHeaders } from './answer.ts';
import type { AppEnv } from './types.ts';

/** The most of an unread body read and thrown away so its connection can be reused: 32 MiB, above every limit. */
const DRAIN_BYTES = 32 * 1024 * 1024;
/** The longest a client may take to finish sending a body the console has already answered. */
const DRAIN_MS = 15_000;

/**
 * Every request gets its answer, also one answered before its body was read (an unknown booking refused with 404, a
 * body over the limit refused with 413, a sign-in missing). Left unread, the body sat on the socket while the answer
 * went out, and the server's own clean-up closed the connection after half a second of draining: under load the
 * client, still sending, saw the connection reset instead of the answer (issue 29). The rest of the body is read and
 * thrown away before the answer is given, as HTTP/1.1 asks of a server that keeps the connection; a body beyond
 * 32 MiB or 15 s is not waited for, and that answer closes its connection (`Connection: close`).
 */
export const drainUnreadBody = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const request = c.req.raw;
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body || request.bodyUsed) return;
  if (!(await discard(request.body))) answerHeaders(c).set('Connection', 'close');
});

/** Reads a stream to its end and throws it away; false when it was longer or slower than the console waits for. */
async function discard(body: ReadableStream<Uint8Array>): Promise<boolean> {
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = body.getReader();
  } catch {
    return false;
  }
  let read = 0;
  const timer = setTimeout(() => void reader.cancel().catch(() => undefined), DRAIN_MS);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      read += value.byteLength;
      if (read > DRAIN_BYTES) {
        await reader.cancel().catch(() => undefined);
        return false;
      }
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

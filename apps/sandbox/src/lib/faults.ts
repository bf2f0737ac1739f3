import { setTimeout as sleep } from 'node:timers/promises';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { serviceError } from './errors.ts';
import { type Json, RULE_BREAK_NAMES, RULE_BREAKS } from './rule-breaks.ts';
import type { AppEnv } from './types.ts';

/**
 * Faults for tests, injected by path: the next `count` matching requests fail in the chosen way.
 * - status: answer with that status and an error envelope, without running the endpoint
 * - delay: wait delay_ms, then run the endpoint normally
 * - hang: never answer (until the client gives up)
 * - drop_before: close the connection without running the endpoint
 * - drop_after: run the endpoint (it acts), then close the connection before the answer is sent; a request refused
 *   before the endpoint ran (401, e.g. a revoked token) passes and does not spend the fault
 * - malformed: run the endpoint, then send half of its body
 * - reshape: run the endpoint, then answer its status with only the answer's id and status and a field of another
 *   shape: a 2xx the console cannot read in full
 * - cut_stream: for the flight search stream, close the connection after `after_events` events
 * - break_rule: run the endpoint, then answer with a body that breaks one rule of the document (`rule`, rule-breaks.ts)
 */
export const FaultSchema = z
  .object({
    path: z.string().startsWith('/'),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
    mode: z.enum([
      'status',
      'delay',
      'hang',
      'drop_before',
      'drop_after',
      'malformed',
      'reshape',
      'cut_stream',
      'break_rule',
    ]),
    rule: z.enum(RULE_BREAK_NAMES).optional(),
    status: z.number().int().min(400).max(599).optional(),
    delay_ms: z.number().int().min(0).max(120_000).optional(),
    after_events: z.number().int().min(0).optional(),
    /** For `status`: the Retry-After header to send, in seconds (none when absent). */
    retry_after: z.number().int().min(0).max(3600).optional(),
    count: z.number().int().min(1).max(1000).default(1),
  })
  .strict()
  .refine((f) => (f.mode === 'break_rule') === (f.rule !== undefined), {
    error: 'rule is given with mode break_rule, and only then',
    path: ['rule'],
  });
export type FaultInput = z.input<typeof FaultSchema>;
export type Fault = z.output<typeof FaultSchema> & { id: string; remaining: number };

export class Faults {
  readonly list: Fault[] = [];
  #next = 1;

  add(input: z.output<typeof FaultSchema>): Fault {
    const fault = { ...input, id: `flt_${this.#next++}`, remaining: input.count };
    this.list.push(fault);
    return fault;
  }

  clear(): void {
    this.list.length = 0;
  }

  /** Gives back a use taken for a request the fault did not apply to. */
  giveBack(fault: Fault): void {
    fault.remaining += 1;
    if (!this.list.includes(fault)) this.list.push(fault);
  }

  /** Takes one use of the first fault matching a request, if any. */
  take(method: string, path: string): Fault | null {
    const fault = this.list.find(
      (f) =>
        f.remaining > 0 &&
        (f.method === undefined || f.method === method) &&
        (path === f.path ||
          path.startsWith(`${f.path}/`) ||
          (f.path.endsWith('*') && path.startsWith(f.path.slice(0, -1)))),
    );
    if (!fault) return null;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.list.splice(this.list.indexOf(fault), 1);
    return fault;
  }
}

export function faultInjection(faults: Faults) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const fault = faults.take(c.req.method, c.req.path);
    if (!fault) {
      await next();
      return;
    }
    const socket = c.env.incoming?.socket;
    switch (fault.mode) {
      case 'status': {
        const status = fault.status ?? 500;
        const code =
          status === 503 ? 'service_unavailable' : status === 429 ? 'rate_limited' : 'internal_error';
        const body = serviceError(code, {
          requestId: c.get('requestId'),
          message: `Injected fault: ${status}.`,
        });
        const headers: Record<string, string> = {
          'Content-Type': 'application/json',
          'Request-Id': c.get('requestId'),
        };
        if (fault.retry_after !== undefined) headers['Retry-After'] = String(fault.retry_after);
        return new Response(JSON.stringify(body), { status, headers });
      }
      case 'delay':
        await sleep(fault.delay_ms ?? 1000);
        await next();
        return;
      case 'hang':
        await new Promise<void>((resolve) => {
          if (!socket) return;
          socket.once('close', () => resolve());
        });
        return c.body(null, 504);
      case 'drop_before':
        socket?.destroy();
        return c.body(null, 500);
      case 'drop_after':
        await next();
        if (c.res.status === 401) {
          faults.giveBack(fault);
          return;
        }
        socket?.destroy();
        return;
      case 'malformed': {
        await next();
        const text = await c.res.clone().text();
        c.res = new Response(text.slice(0, Math.max(1, Math.floor(text.length / 2))), {
          status: c.res.status,
          headers: { 'Content-Type': c.res.headers.get('Content-Type') ?? 'application/json' },
        });
        return;
      }
      case 'reshape': {
        await next();
        const json: unknown = await c.res.clone().json();
        const read = z.object({ id: z.string(), status: z.string() }).safeParse(json);
        c.res = new Response(
          JSON.stringify({ id: read.data?.id, status: read.data?.status, price: 'forty-four dollars' }),
          { status: c.res.status, headers: { 'Content-Type': 'application/json' } },
        );
        return;
      }
      case 'break_rule': {
        await next();
        if (!fault.rule || !(c.res.headers.get('Content-Type') ?? '').includes('json')) return;
        const answer: Json = JSON.parse(await c.res.clone().text());
        const headers = new Headers(c.res.headers);
        headers.delete('Content-Length');
        c.res = new Response(JSON.stringify(RULE_BREAKS[fault.rule].apply(answer)), {
          status: c.res.status,
          headers,
        });
        return;
      }
      case 'cut_stream':
        c.set('cutStreamAfter', fault.after_events ?? 1);
        await next();
        return;
    }
  });
}

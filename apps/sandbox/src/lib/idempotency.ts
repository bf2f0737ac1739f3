import { jsonDepth, MAX_JSON_DEPTH } from '@console/contract';
import { createMiddleware } from 'hono/factory';
import { IDEMPOTENCY_TTL_MS, type Store } from '../store.ts';
import { ApiError } from './errors.ts';
import type { AppEnv } from './types.ts';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Canonical JSON (sorted keys), so {"a":1,"b":2} and {"b":2,"a":1} are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprint(text: string): string {
  // Too deep to canonicalise safely: the body is refused as invalid JSON anyway, and its text is its print.
  if (jsonDepth(text) > MAX_JSON_DEPTH) return `raw:${text}`;
  try {
    return canonical(JSON.parse(text));
  } catch {
    return `raw:${text}`;
  }
}

/** Codes that mean the request was refused before it ran: not remembered, so a corrected retry can reuse the key. */
const NOT_EXECUTED = new Set(['invalid_json', 'validation_failed', 'payload_too_large']);

/**
 * Idempotency-Key on creates (docs/decisions/003): same key + same body replays the first response;
 * same key + other body is 422; a key still running is 409. Keys are scoped to the client and the endpoint.
 */
export function idempotent(store: Store) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('Idempotency-Key');
    if (key === undefined) {
      await next();
      return;
    }
    if (!KEY_PATTERN.test(key)) throw new ApiError('invalid_idempotency_key', { param: 'Idempotency-Key' });
    const now = store.clock.now();
    for (const [scope, record] of store.idempotency) {
      if (now - record.createdAt > IDEMPOTENCY_TTL_MS) store.idempotency.delete(scope);
      else break; // insertion order: the rest are newer
    }
    const scope = `${c.get('caller').clientId} ${c.req.method} ${c.req.path} ${key}`;
    const print = fingerprint(await c.req.text());
    const existing = store.idempotency.get(scope);
    if (existing) {
      if (existing.fingerprint !== print)
        throw new ApiError('idempotency_key_reused', { param: 'Idempotency-Key' });
      if (existing.state === 'running')
        throw new ApiError('idempotency_key_in_use', { param: 'Idempotency-Key' });
      return new Response(existing.body, {
        status: existing.status,
        headers: {
          'Content-Type': existing.contentType,
          'Idempotent-Replayed': 'true',
          'Request-Id': c.get('requestId'),
        },
      });
    }
    store.idempotency.set(scope, {
      fingerprint: print,
      state: 'running',
      status: 0,
      body: '',
      contentType: '',
      createdAt: now,
    });
    try {
      await next();
    } catch (error) {
      store.idempotency.delete(scope);
      throw error;
    }
    const status = c.res.status;
    const body = await c.res.clone().text();
    let code: string | undefined;
    if (status >= 400) {
      try {
        const parsed: unknown = JSON.parse(body);
        if (
          parsed &&
          typeof parsed === 'object' &&
          'error' in parsed &&
          parsed.error &&
          typeof parsed.error === 'object' &&
          'code' in parsed.error
        ) {
          code = String(parsed.error.code);
        }
      } catch {
        code = undefined;
      }
    }
    if (status >= 500 || (code !== undefined && NOT_EXECUTED.has(code))) {
      store.idempotency.delete(scope);
      return;
    }
    store.idempotency.set(scope, {
      fingerprint: print,
      state: 'done',
      status,
      body,
      contentType: c.res.headers.get('Content-Type') ?? 'application/json',
      createdAt: now,
    });
  });
}

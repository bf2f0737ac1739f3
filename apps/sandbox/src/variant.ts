/**
 * `SANDBOX_PROFILE=variant`: the same service, making a different legal choice at every point the document leaves
 * open (decision 013). It wraps the sandbox at its edge: requests have the variant's ids turned back into the
 * sandbox's, answers are rewritten into the variant's shapes. Nothing the document states is changed.
 *
 * - ids without a prefix in the document take other forms (`FO-…`, `H.…`, `search-…`, `V~…`, `P…`);
 * - every "not shown" object has another inner shape, with extra unknown fields on every object;
 * - date-times the document types as date-time carry the offset of the service's own zone (`-05:00`), never `Z`;
 *   times it types only as string have none (segment times as local wall clock, `refundable_until` and the like in UTC);
 * - objects the document leaves open have other inner fields (`coordinates` as `{ lat, lon }`, `filters_applied` keyed
 *   by group with `{ values }`);
 * - string-typed statuses and the done payload differ; refund types are 7 and 8 (payment mode 30); activity
 *   traveller categories are in capitals (`ADULT`), with an `INFANT` category no booking request can carry;
 * - the stream uses CRLF, carries id: lines and comment heartbeats;
 * - every 23rd read answers 429 with Retry-After: 1, and every 37th call finds its token revoked (401 invalid_token);
 * - the session-based CreditBalance and EndSession bodies (not shown in the document) have other shapes.
 */

type Fetch<E> = (request: Request, env?: E) => Response | Promise<Response>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const FORMS: Record<string, [string, 'upper' | 'lower']> = {
  ord_: ['FO-', 'upper'],
  hor_: ['H.', 'lower'],
  fsr_: ['search-', 'lower'],
  avc_: ['V~', 'upper'],
  pas_: ['P', 'upper'],
};
const OURS = /^(ord_|hor_|fsr_|avc_|pas_)([0-9a-z]{8,64})$/;

export function variantId(id: string): string {
  const match = OURS.exec(id);
  if (!match?.[1] || !match[2]) return id;
  const [prefix, style] = FORMS[match[1]] ?? ['', 'lower'];
  return `${prefix}${style === 'upper' ? match[2].toUpperCase() : match[2]}`;
}

export function sandboxId(id: string): string {
  for (const [ours, [prefix]] of Object.entries(FORMS)) {
    if (id.startsWith(prefix) && id.length > prefix.length) {
      const body = id.slice(prefix.length).toLowerCase();
      if (/^[0-9a-z]{8,64}$/.test(body)) return `${ours}${body}`;
    }
  }
  return id;
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const WITH_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;
/** The service's own zone, five hours behind UTC: date-times are written in it, offset and all. */
const ZONE_MS = -5 * 3_600_000;

/** A date-time in the variant's zone (`2026-12-01T05:00:00-05:00`); a value without an offset is left as it is. */
function inZone(value: string): string {
  if (!WITH_OFFSET.test(value)) return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return `${new Date(ms + ZONE_MS).toISOString().slice(0, 19)}-05:00`;
}
/** An instant in a field typed only as string, without its offset: the UTC wall clock. */
function noOffset(value: string): string {
  if (!WITH_OFFSET.test(value)) return value;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return value;
  return new Date(ms).toISOString().slice(0, 19);
}
/** A local time without its offset: the wall clock as written. */
const wallClock = (value: string) => value.replace(WITH_OFFSET, '');

/** Fields the document types as date-time (RFC 3339: an offset is required), by the object they sit in. */
function isDateTime(key: string, kind: string): boolean {
  if (key === 'ticketing_deadline' || key === 'payment_deadline' || key === 'expires_at') return true;
  return key === 'created_at' && kind === 'activity_booking';
}
/** Time fields the document types only as string. */
const STRING_TIME_KEYS = /(_at|_until)$/;

function money(v: Json | undefined): Json {
  return isObject(v) ? v : null;
}

/** The variant's shape of one value, by the key it sits under and the object it belongs to. */
function rewrite(value: Json, key = '', parent: { [key: string]: Json } | null = null): Json {
  if (typeof value === 'string') {
    if (OURS.test(value)) return variantId(value);
    if ((key === 'departing_at' || key === 'arriving_at') && parent) return wallClock(value);
    const kind = typeof parent?.object === 'string' ? parent.object : '';
    if (isDateTime(key, kind)) return inZone(value);
    if (STRING_TIME_KEYS.test(key) && /\d{4}-\d{2}-\d{2}T/.test(value)) return noOffset(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => rewrite(item, key, parent));
  if (!isObject(value)) return value;
  const object = value;
  const kind = typeof object.object === 'string' ? object.object : '';
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(object)) out[k] = rewrite(v, k, object);
  // Extra fields the console does not know, on every object.
  out.x_variant = { served_by: 'variant', n: 1 };

  switch (kind) {
    case 'flight_offer':
      out.passengers = (Array.isArray(object.passengers) ? object.passengers : []).map((p) =>
        isObject(p)
          ? { ptc: p.type === 'adult' ? 'ADT' : p.type === 'child' ? 'CHD' : 'INF', fare: money(p.total) }
          : p,
      );
      break;
    case 'flight_search':
      out.status = typeof object.status === 'string' ? object.status.toUpperCase() : 'DONE';
      break;
    case 'flight_order': {
      const contact = isObject(object.contact) ? object.contact : {};
      out.contact = { email_address: contact.email ?? null, telephone: contact.phone ?? null };
      out.passengers = (Array.isArray(object.passengers) ? object.passengers : []).map((p) =>
        isObject(p)
          ? {
              passenger_id: typeof p.id === 'string' ? variantId(p.id) : null,
              name: { first: p.given_name ?? null, last: p.family_name ?? null },
              kind: p.type ?? null,
              ticket: p.ticket_number ?? null,
            }
          : p,
      );
      out.segments = (Array.isArray(object.segments) ? object.segments : []).map((s) =>
        isObject(s)
          ? {
              flight: s.flight_number ?? null,
              from: s.origin ?? null,
              to: s.destination ?? null,
              departs_local: typeof s.departing_at === 'string' ? wallClock(s.departing_at) : null,
            }
          : s,
      );
      out.notes = (Array.isArray(object.notes) ? object.notes : []).map((n) =>
        isObject(n) ? (n.text ?? '') : n,
      );
      delete out.booking_reference;
      break;
    }
    case 'refund_quote':
      out.refund_type = object.refund_type === 2 ? 8 : 7;
      out.tickets = (Array.isArray(object.tickets) ? object.tickets : []).map((t) =>
        isObject(t) ? { number: t.ticket_number ?? null, back: money(t.refund_amount) } : t,
      );
      break;
    case 'refund':
      // The document states the status (requested); what else a refund says is open.
      out.requested_via = 'variant-desk';
      break;
    case 'hotel_order': {
      const contact = isObject(object.contact) ? object.contact : {};
      out.contact = { email_address: contact.email ?? null, telephone: contact.phone ?? null };
      break;
    }
    case 'activity_booking': {
      const customer = isObject(object.customer) ? object.customer : {};
      out.customer = {
        full_name: `${customer.given_name ?? ''} ${customer.family_name ?? ''}`.trim(),
        email_address: customer.email ?? null,
      };
      out.breakdown = (Array.isArray(object.breakdown) ? object.breakdown : []).map((line) =>
        isObject(line)
          ? { item: line.label ?? null, count: line.quantity ?? null, sum: money(line.amount) }
          : line,
      );
      break;
    }
    case 'activity_availability': {
      // Categories are strings in the document: the variant writes them in capitals, and lists infants too, free
      // and with no limit (a null quantity and a flag of its own), a category no booking request can carry.
      const upper = (list: Json | undefined, more: { [key: string]: Json } = {}) =>
        (Array.isArray(list) ? list : []).map((entry) =>
          isObject(entry) && typeof entry.category === 'string'
            ? { ...entry, category: entry.category.toUpperCase(), ...more }
            : entry,
        );
      const rates = upper(out.rates);
      const capacity = upper(out.capacity, { unlimited: false });
      if (rates.length > 0) {
        rates.push({ category: 'INFANT', price: { amount: '0.00', currency: 'USD' } });
        capacity.push({ category: 'INFANT', quantity: null, unlimited: true });
      }
      out.rates = rates;
      out.capacity = capacity;
      break;
    }
    case 'activity_booking_summary':
      // Nullable in the document: every field but id and status.
      out.partner_reference = null;
      out.updated_at = null;
      out.product_id = null;
      break;
    case 'hotel_summary':
      out.review_word = null;
      out.review_count = null;
      break;
    case 'hotel_search':
      out.id = null;
      // An object, as the document states; its inner shape is the variant's. Anything else is passed on as it is.
      if (isObject(object.filters_applied))
        out.filters_applied = Object.fromEntries(
          Object.entries(object.filters_applied).map(([k, v]) => [k, { values: v, x_variant: true }]),
        );
      break;
  }
  // Hotel-shaped objects (the property under a rate, an order or a search, and summaries).
  if ('address' in object && isObject(object.address)) {
    const a = object.address;
    out.address = {
      street: a.line1 ?? null,
      town: a.city ?? null,
      zip: a.postal_code ?? null,
      land: a.country ?? null,
    };
  }
  if ('contact' in object && isObject(object.contact) && 'website' in object.contact) {
    const c = object.contact;
    out.contact = { tel: c.phone ?? null, mail: c.email ?? null, web: c.website ?? null };
  }
  if ('location' in object && isObject(object.location)) {
    const l = object.location;
    out.location = { lat: l.latitude ?? null, lng: l.longitude ?? null, area: l.district ?? null };
  }
  if ('coordinates' in object && isObject(object.coordinates)) {
    // An object, nullable, as the document states; its inner fields are not shown.
    out.coordinates = { lat: object.coordinates.latitude ?? null, lon: object.coordinates.longitude ?? null };
  }
  if ((kind === 'hotel_rate' || kind === 'hotel_order') && Array.isArray(object.rooms)) {
    out.rooms = object.rooms.map(
      (r): Json =>
        isObject(r)
          ? kind === 'hotel_rate'
            ? { description: r.name ?? null, sleeps: r.max_occupancy ?? null }
            : {
                room: r.name ?? null,
                occupants: Array.isArray(r.guests)
                  ? r.guests.map((g) =>
                      isObject(g) ? `${g.given_name ?? ''} ${g.family_name ?? ''}`.trim() : g,
                    )
                  : [],
              }
          : r,
    );
  }
  if (kind === 'hotel_rate') {
    out.refundable_until = null;
    out.units = null;
    out.board_basis = null;
  }
  if ('policies' in object && Array.isArray(object.policies)) {
    out.policies = object.policies.map((p) =>
      isObject(p) ? { from: p.starts_at ?? null, fee: money(p.penalty) } : p,
    );
  }
  return out;
}

/** A path with the variant's ids turned into the sandbox's. */
const inwardPath = (path: string) =>
  path
    .split('/')
    .map((part) => encodeURIComponent(sandboxId(decodeURIComponent(part))))
    .join('/');

/**
 * Requests in the variant's terms, turned into the sandbox's: ids in the path, refund types in the body, and the path
 * of a fault a test registers (it names the variant's ids).
 */
async function inward(request: Request): Promise<Request> {
  const url = new URL(request.url);
  url.pathname = inwardPath(url.pathname);
  let body: string | undefined;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    body = await request.text();
    if (url.pathname === '/_sandbox/faults' && body.trim()) {
      try {
        const json = JSON.parse(body) as Json;
        if (isObject(json) && typeof json.path === 'string') {
          json.path = inwardPath(json.path);
          body = JSON.stringify(json);
        }
      } catch {
        // Not JSON: the control answers it as it would.
      }
    }
    if (url.pathname.endsWith('/refund') && body.trim()) {
      try {
        const json = JSON.parse(body) as Json;
        if (isObject(json)) {
          if (json.refund_type === 7) json.refund_type = 1;
          else if (json.refund_type === 8) json.refund_type = 2;
          if (json.refund_payment_mode === 30) json.refund_payment_mode = 1;
          body = JSON.stringify(json);
        }
      } catch {
        // Not JSON: the sandbox answers it as it would.
      }
    }
  }
  return new Request(url, { method: request.method, headers: request.headers, body });
}

/** The stream in the variant's framing: CRLF, id: lines, comment heartbeats, rewritten offers, another done. */
function variantStream(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = '';
  let n = 0;
  const frame = (block: string): string => {
    const lines = block.split('\n');
    const event = lines
      .find((l) => l.startsWith('event:'))
      ?.slice(6)
      .trim();
    const data = lines
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(l.startsWith('data: ') ? 6 : 5))
      .join('\n');
    n += 1;
    if (event === 'offers') {
      let payload = data;
      try {
        const json = JSON.parse(data) as Json;
        if (isObject(json)) {
          const offers = rewrite(json.offers ?? []);
          payload = JSON.stringify({ replace: true, offers, page: n, x_variant: true });
        }
      } catch {
        // Passed on as it was.
      }
      return `: heartbeat ${n}\r\nid: ${n}\r\nevent: offers\r\ndata: ${payload}\r\n\r\n`;
    }
    if (event === 'done') return `id: ${n}\r\nretry: 5000\r\nevent: done\r\ndata: end of results\r\n\r\n`;
    return `${block.replace(/\n/g, '\r\n')}\r\n\r\n`;
  };
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.trim()) controller.enqueue(encoder.encode(frame(block)));
        }
      },
      flush(controller) {
        if (buffer.trim()) controller.enqueue(encoder.encode(frame(buffer)));
      },
    }),
  );
}

/** The session-based bodies the document does not show, in the variant's shapes (failures are left as they are). */
async function sessionBody(path: string, response: Response): Promise<Response> {
  const ends = path.endsWith('/Authenticate/EndSession');
  const balance = path.endsWith('/Common/CreditBalance');
  if (!ends && !balance) return response;
  const json = (await response
    .clone()
    .json()
    .catch(() => null)) as Json;
  if (!isObject(json) || json.Success !== true) return response;
  const body = ends
    ? { closed: true, x_variant: true }
    : {
        Success: true,
        Error: null,
        Credit: isObject(json.Balance)
          ? { Value: json.Balance.Amount ?? null, Unit: json.Balance.Currency ?? null }
          : null,
        x_variant: true,
      };
  return new Response(JSON.stringify(body), {
    status: response.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface VariantOptions {
  /** Read at each call, so test controls can change them: every n-th read answers 429, every n-th call finds its
   * token revoked (0 turns either off). */
  chaos: { readonly rateLimitEvery: number; readonly revokeEvery: number };
  revokeTokens: () => void;
}

export function variantFetch<E>(inner: Fetch<E>, options: VariantOptions): Fetch<E> {
  let reads = 0;
  let calls = 0;
  return async (request, env) => {
    const { rateLimitEvery, revokeEvery } = options.chaos;
    const url = new URL(request.url);
    const v3 = url.pathname.startsWith('/v3/') && !url.pathname.startsWith('/v3/auth/tokens');
    if (v3) {
      calls += 1;
      if (revokeEvery > 0 && calls % revokeEvery === 0) options.revokeTokens();
      if (request.method === 'GET' && rateLimitEvery > 0) {
        reads += 1;
        if (reads % rateLimitEvery === 0) {
          return new Response(
            JSON.stringify({
              error: {
                type: 'rate_limit_error',
                code: 'too_many_requests',
                message: 'Slow down.',
                param: '',
                doc_url: 'https://docs.travel-booking.example/errors#too_many_requests',
                request_id: `req_variant_${calls}`,
              },
            }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '1' } },
          );
        }
      }
    }
    const response = await inner(await inward(request), env);
    if (url.pathname.startsWith('/rest/') && response.status < 300)
      return sessionBody(url.pathname, response);
    // Token and introspection answers are stated field by field in the document (RFC 3339 UTC): left as they are.
    if (!url.pathname.startsWith('/v3/') || url.pathname.startsWith('/v3/auth/') || response.status >= 300)
      return response;
    const type = response.headers.get('Content-Type') ?? '';
    if (type.includes('text/event-stream') && response.body)
      return new Response(variantStream(response.body), {
        status: response.status,
        headers: response.headers,
      });
    if (!type.includes('application/json')) return response;
    const json = (await response.json()) as Json;
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    return new Response(JSON.stringify(rewrite(json)), { status: response.status, headers });
  };
}

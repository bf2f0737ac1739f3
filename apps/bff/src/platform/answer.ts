import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './types.ts';

/** The few things the middlewares after `next()` do to an answer's headers. `Headers` has them too. */
export interface AnswerHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** An answer's headers as a plain record (names in lower case), as Node's `writeHead` takes them. */
class RecordHeaders implements AnswerHeaders {
  readonly record: Record<string, string> = Object.create(null);
  get(name: string): string | null {
    return this.record[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return name.toLowerCase() in this.record;
  }
  set(name: string, value: string): void {
    this.record[name.toLowerCase()] = value;
  }
  delete(name: string): void {
    delete this.record[name.toLowerCase()];
  }
}

/** A JSON answer `c.json` made with nothing set on the context before it: its body, status and headers, unsent. */
export interface PlainAnswer {
  body: string | Uint8Array;
  readonly status: number;
  /** The text `JSON.stringify` wrote (the body until it is compressed). */
  readonly text: string;
  readonly headers: RecordHeaders;
  /** The response's own `Headers`, once something read them off it: from then on they are the answer's headers. */
  live?: Headers;
}

/** Hono's own `c.json`, `c.header` and `c.status` for one request, and whether anything was set with them. */
interface Own {
  json: (object: unknown, arg?: unknown, headers?: unknown) => Response;
  header: (...args: unknown[]) => void;
  status: (code: never) => void;
  /** A header or status was set on the context before the answer was made: Hono's to merge. */
  touched: boolean;
}
const OWN = Symbol('plain answers');
type WithOwn = Context & { [OWN]?: Own };
const ANSWER = Symbol('plain answer');
type AnswerResponse = Response & { [ANSWER]?: PlainAnswer };

/** The plain answer a Response is, whatever `c.json` call made it (a handler may make two and send the first). */
const answerOf = (response: Response): PlainAnswer | undefined => (response as AnswerResponse)[ANSWER];

/** The request's answer while it is a plain one `c.json` made, or undefined. */
export function plainAnswer(c: Context): PlainAnswer | undefined {
  const answer = answerOf(c.res);
  return answer && !answer.live ? answer : undefined;
}

/** The answer's headers, to read and change after `next()`: a plain answer's record, or the response's `Headers`. */
export function answerHeaders(c: Context): AnswerHeaders {
  return plainAnswer(c)?.headers ?? c.res.headers;
}

// These are installed on each request's context as they are: shared functions that find the request's state through
// `this`. A closure made per request and stored on the context (as the first version did, and the ninth pass's
// `c.json` before it) kept every request's whole graph alive through the young generation's collections: about
// 5 MB promoted every 3 s at 200 requests a second, and a 10 ms pause each time (decision 038, tenth pass).
function header(this: WithOwn, ...args: unknown[]) {
  const own = this[OWN] as Own;
  own.touched = true;
  return own.header(...args);
}
function status(this: WithOwn, code: never) {
  const own = this[OWN] as Own;
  own.touched = true;
  own.status(code);
}
/** The `Headers` of the Response's own class (the Node server's, or undici's), under the getter a plain answer has. */
function ownHeaders(response: Response): Headers {
  for (let proto = Object.getPrototypeOf(response); proto; proto = Object.getPrototypeOf(proto)) {
    const get = Object.getOwnPropertyDescriptor(proto, 'headers')?.get;
    if (get) return get.call(response) as Headers;
  }
  throw new TypeError('A Response without headers.');
}
/**
 * Something read `.headers` off a plain answer's Response (a middleware that does not know about plain answers, a
 * copy of the Response): from then on the Response's own `Headers` are the answer's, made to hold what the record
 * holds now, and everything (the final Response, a copy of it) is made from them.
 */
function liveHeaders(this: AnswerResponse): Headers {
  const answer = this[ANSWER] as PlainAnswer;
  if (!answer.live) {
    const live = ownHeaders(this);
    const record = answer.headers.record;
    for (const name of [...live.keys()]) if (!(name in record)) live.delete(name);
    for (const name in record) live.set(name, record[name] as string);
    answer.live = live;
  }
  return answer.live;
}
function json(this: WithOwn, object: unknown, arg?: unknown, headers?: unknown): Response {
  const own = this[OWN] as Own;
  if (own.touched || headers !== undefined || (arg !== undefined && typeof arg !== 'number'))
    return own.json(object, arg, headers);
  const text = JSON.stringify(object) as string | undefined;
  // Nothing to send as JSON (`c.json(undefined)`): Hono's own answer, as it makes it.
  if (text === undefined) return own.json(object, arg, headers);
  const code = (arg as number | undefined) ?? 200;
  const record = new RecordHeaders();
  record.set('Content-Type', 'application/json');
  const response: AnswerResponse = new Response(text, { status: code, headers: record.record });
  const answer: PlainAnswer = { body: text, status: code, text, headers: record };
  response[ANSWER] = answer;
  Object.defineProperty(response, 'headers', { get: liveHeaders });
  return response;
}

/**
 * The outermost middleware of the API: a JSON answer made by `c.json` is kept as its text, status and a plain record
 * of headers while the middlewares after `next()` add theirs (through `answerHeaders`), and is made into the Response
 * the server writes once, at the end.
 *
 * Hono's answers carry WHATWG `Headers`, and each middleware's `c.res.headers.set` went through them; the server's
 * adapter then sorted them back into a record for Node. An answer made any other way (a header or status set on the
 * context first, a stream, a file) takes Hono's own way, as before. Reading `.headers` off a plain answer's Response
 * still works: from then on those `Headers` are its headers, and they are what is sent.
 */
export const plainAnswers = createMiddleware<AppEnv>(async (c, next) => {
  const context = c as WithOwn;
  context[OWN] = {
    json: c.json as unknown as Own['json'],
    header: c.header as unknown as Own['header'],
    status: c.status as unknown as Own['status'],
    touched: false,
  };
  c.json = json as unknown as typeof c.json;
  c.header = header as unknown as typeof c.header;
  c.status = status as unknown as typeof c.status;
  await next();
  const answer = answerOf(c.res);
  if (!answer) return;
  // Setting `c.res` over an answer copies the old one's headers into the new; cleared first, nothing is copied.
  c.res = undefined;
  c.res = new Response(answer.body, { status: answer.status, headers: answer.live ?? answer.headers.record });
});

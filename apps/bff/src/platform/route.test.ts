import {
  CSRF_HEADER,
  consoleRoute,
  ErrorEnvelopeSchema,
  pricingApi,
  quotesApi,
  tripsApi,
} from '@console/contract';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startConsole, type TestConsole } from '../testing/console.ts';
import { ConsoleError, renderError } from './errors.ts';
import { router } from './route.ts';
import type { AppEnv } from './types.ts';

/** A route of a made-up area, declared as every console route is: path ids, a query and a JSON body. */
const rename = consoleRoute({
  method: 'PUT',
  path: '/things/{id}',
  summary: 'Rename a thing',
  tag: 'things',
  query: z.object({ limit: z.coerce.number().int().min(1).max(5).default(2) }),
  body: z.strictObject({ name: z.string().trim().min(1).max(20) }),
  response: z.object({ id: z.string(), limit: z.number(), name: z.string() }),
  admin: true,
});
/** One whose body may be left out. */
const note = consoleRoute({
  method: 'POST',
  path: '/things/{id}/notes',
  summary: 'Note a thing',
  tag: 'things',
  body: z.strictObject({ text: z.string().default('(none)') }),
  bodyOptional: true,
  response: z.object({ text: z.string() }),
});

/** The role check a domain puts first (identity's requireRole does the same): here, a header says who asks. */
const adminsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('x-role') !== 'admin') throw new ConsoleError('forbidden');
  await next();
};

let handled = 0;
const app = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    c.set('requestId', 'request_route_test');
    await next();
  })
  .route(
    '/api/things',
    router('/things')
      .handle(rename, adminsOnly, (c, { params, query, body }) => {
        handled += 1;
        return c.json({ id: params.id, limit: query.limit, name: body.name });
      })
      .handle(note, (c, { body }) => c.json(body)).app,
  );
app.onError((error, c) => renderError(error, c));

async function send(method: string, path: string, body?: string, role = 'admin') {
  const response = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json', 'x-role': role },
    body,
  });
  const json: unknown = await response.json();
  const envelope = ErrorEnvelopeSchema.safeParse(json);
  return { status: response.status, json, error: envelope.success ? envelope.data.error : null };
}

describe('a declared route', () => {
  it('gives its handler the path ids, the query with its defaults and the body, validated', async () => {
    const reply = await send('PUT', '/api/things/thg_1', JSON.stringify({ name: ' Lamp ' }));
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ id: 'thg_1', limit: 2, name: 'Lamp' });
  });

  it('refuses a path id that can be no id with 404 "No such id." before its handler runs', async () => {
    const before = handled;
    for (const id of ['%00', 'a%20b', 'x'.repeat(201)]) {
      const reply = await send('PUT', `/api/things/${id}`, JSON.stringify({ name: 'Lamp' }));
      expect(reply.status).toBe(404);
      expect(reply.error).toMatchObject({ code: 'resource_not_found', param: 'id', message: 'No such id.' });
    }
    expect(handled).toBe(before);
  });

  it("refuses a query its schema does not take with invalid_query and the first issue's words", async () => {
    const reply = await send('PUT', '/api/things/thg_1?limit=9', JSON.stringify({ name: 'Lamp' }));
    const issue = rename.query.safeParse({ limit: '9' }).error?.issues[0];
    expect(reply.status).toBe(400);
    expect(reply.error).toMatchObject({
      code: 'invalid_query',
      param: 'limit',
      message: `limit: ${issue?.message}`,
    });
  });

  it('refuses a body its schema does not take with validation_failed, naming the field', async () => {
    const reply = await send('PUT', '/api/things/thg_1', JSON.stringify({ name: '' }));
    expect(reply.status).toBe(422);
    expect(reply.error).toMatchObject({ code: 'validation_failed', param: 'name' });
    expect(reply.error?.message).toMatch(/^name: /);
  });

  it('refuses an empty body where one is needed with invalid_json, and JSON it cannot read the same way', async () => {
    const empty = await send('PUT', '/api/things/thg_1', '');
    expect(empty.status).toBe(400);
    expect(empty.error).toMatchObject({ code: 'invalid_json', message: 'The request needs a JSON body.' });
    const broken = await send('PUT', '/api/things/thg_1', '{"name":');
    expect(broken.status).toBe(400);
    expect(broken.error?.code).toBe('invalid_json');
  });

  it('runs its middlewares (the role) before it reads the request: a non-admin sending garbage is refused 403', async () => {
    const reply = await send('PUT', '/api/things/%00?limit=x', '{"name":', 'agent');
    expect(reply.status).toBe(403);
    expect(reply.error?.code).toBe('forbidden');
  });

  it('takes an optional body left out as an empty one, and still checks one that is sent', async () => {
    expect((await send('POST', '/api/things/thg_1/notes')).json).toEqual({ text: '(none)' });
    expect((await send('POST', '/api/things/thg_1/notes', JSON.stringify({ text: 'hi' }))).json).toEqual({
      text: 'hi',
    });
    const wrong = await send('POST', '/api/things/thg_1/notes', JSON.stringify({ text: 1 }));
    expect(wrong.status).toBe(422);
    expect(wrong.error?.param).toBe('text');
  });
});

describe("the console's declared routes", () => {
  let t: TestConsole;
  beforeAll(async () => {
    t = await startConsole();
  }, 60_000);
  afterAll(() => t.close());

  it('are described by the OpenAPI document with their method, path, path ids, query and body', async () => {
    const document = z
      .object({ paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))) })
      .parse((await t.browser().get('/openapi.json')).body);
    const Operation = z.object({
      summary: z.string(),
      parameters: z.array(z.object({ name: z.string(), in: z.string() })),
      requestBody: z
        .object({
          required: z.boolean(),
          content: z.object({
            'application/json': z.object({
              schema: z.object({ properties: z.record(z.string(), z.unknown()) }),
            }),
          }),
        })
        .optional(),
      description: z.string().optional(),
    });
    const described = (route: { method: string; path: string }) =>
      Operation.parse(document.paths[`/api${route.path}`]?.[route.method.toLowerCase()]);
    const named = (operation: z.infer<typeof Operation>, where: string) =>
      operation.parameters.filter((p) => p.in === where).map((p) => p.name);

    const update = described(tripsApi.update);
    expect(update.summary).toBe(tripsApi.update.summary);
    expect(named(update, 'path')).toEqual(['id']);
    expect(update.requestBody?.required).toBe(true);
    expect(
      Object.keys(update.requestBody?.content['application/json'].schema.properties ?? {}).sort(),
    ).toEqual(Object.keys(tripsApi.update.body.shape).sort());

    const list = described(quotesApi.list);
    expect(named(list, 'query').sort()).toEqual(Object.keys(quotesApi.list.query.shape).sort());
    expect(list.requestBody).toBeUndefined();

    expect(described(pricingApi.createRule).description).toBe('Admins only (403 otherwise).');
  });

  it('check the role before the body: an agent posting garbage to an admin route is refused 403', async () => {
    const agent = await t.signedIn('agent');
    const reply = await agent.call('POST', '/api/pricing/rules', {
      raw: '{"product":',
      headers: { [CSRF_HEADER]: '1' },
    });
    expect(reply.status).toBe(403);
    expect(ErrorEnvelopeSchema.parse(reply.body).error.code).toBe('forbidden');
  });
});

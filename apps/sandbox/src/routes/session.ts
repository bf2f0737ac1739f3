import {
  CreateSessionRequestSchema,
  type CreditBalanceResponse,
  SESSION_ERRORS,
  SessionBodySchema,
  type SessionErrorCode,
  SessionProductsQuerySchema,
  type SessionProductsResponse,
} from '@console/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { PRODUCTS } from '../activities/products.ts';
import type { SessionPermission } from '../config.ts';
import type { AppEnv } from '../lib/types.ts';
import { settleOwner } from '../settle.ts';
import { ownerKey, type SessionRecord, type Store } from '../store.ts';

/**
 * The session-based interface (docs/decisions/005). Business failures answer 200 with Success false and the
 * Err0101xxx code; a body that is not JSON or misses fields answers 400 in the same shape.
 */
function failure(
  c: Context<AppEnv>,
  code: SessionErrorCode | 'ErrValidation',
  message?: string,
  status: 200 | 400 = 200,
) {
  const meaning = code === 'ErrValidation' ? 'the request is not valid' : SESSION_ERRORS[code].meaning;
  return c.json(
    { Success: false, SessionId: null, Error: { Id: code, Message: message ?? meaning } },
    status,
  );
}

async function jsonBody(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

function newSessionId(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('hex').toUpperCase();
}

export function sessionRoutes(store: Store) {
  const idleMs = () => store.config.session_idle_minutes * 60_000;

  /** The session named by an id, extended if alive; an error code if missing or expired. */
  function touch(sessionId: string | undefined): SessionRecord | 'Err0101001' | 'Err0101002' {
    if (!sessionId) return 'Err0101001';
    const session = store.sessions.get(sessionId);
    if (!session) return 'Err0101001';
    const now = store.clock.now();
    if (now - session.lastUsedAt >= idleMs()) {
      store.sessions.delete(sessionId);
      return 'Err0101002';
    }
    session.lastUsedAt = now;
    return session;
  }

  const permitted = (session: SessionRecord, permission: SessionPermission) =>
    store.office(session.officeId).session_permissions.includes(permission);

  const createSession = async (c: Context<AppEnv>) => {
    const parsed = CreateSessionRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success)
      return failure(c, 'ErrValidation', 'OfficeId, UserName and Password are required strings.', 400);
    const { OfficeId, UserName, Password } = parsed.data;
    const offices = store.config.offices;
    const owning = offices.filter((o) => o.session_users.some((u) => u.user_name === UserName));
    const user = owning
      .flatMap((o) => o.session_users)
      .find((u) => u.user_name === UserName && u.password === Password);
    if (!user) return failure(c, 'Err0101003');
    const office = owning.find(
      (o) =>
        o.session_office_id === OfficeId &&
        o.session_users.some((u) => u.user_name === UserName && u.password === Password),
    );
    if (!office) return failure(c, 'Err0101004');
    if (!user.verified) return failure(c, 'Err0101005');
    const sessionId = newSessionId();
    const now = store.clock.now();
    store.sessions.set(sessionId, {
      officeId: office.id,
      userName: UserName,
      createdAt: now,
      lastUsedAt: now,
    });
    return c.json({ Success: true, SessionId: sessionId, Error: null });
  };

  return new Hono<AppEnv>()
    .post('/Authenticate/CreateSession', createSession)
    .post('/v2/Authenticate/CreateSession', createSession)
    .post('/Authenticate/EndSession', async (c) => {
      const parsed = SessionBodySchema.safeParse(await jsonBody(c));
      const sessionId = parsed.success ? parsed.data.SessionId : undefined;
      const session = touch(sessionId);
      if (typeof session === 'string') return failure(c, session);
      if (sessionId) store.sessions.delete(sessionId);
      return c.json({ Success: true, Error: null });
    })
    .post('/Common/CreditBalance', async (c) => {
      // POST carries SessionId in the JSON body only; one in the URL is not read (the spec calls that wrong).
      const parsed = SessionBodySchema.safeParse(await jsonBody(c));
      const session = touch(parsed.success ? parsed.data.SessionId : undefined);
      if (typeof session === 'string') return failure(c, session);
      if (!permitted(session, 'CreditBalance')) return failure(c, 'Err0101006');
      const owner = ownerKey(session.officeId, 'live');
      settleOwner(store, owner);
      const wallet = store.wallet(owner, 'live');
      const body: CreditBalanceResponse = {
        Success: true,
        Error: null,
        Balance: { Amount: wallet.available.amount, Currency: 'USD' },
      };
      return c.json(body);
    })
    .get('/Activity/v2/products', (c) => {
      const sessionId = c.req.query('SessionId');
      const session = touch(sessionId);
      if (typeof session === 'string') return failure(c, session);
      if (!permitted(session, 'ActivityProducts')) return failure(c, 'Err0101006');
      const query = SessionProductsQuerySchema.safeParse(c.req.query());
      if (!query.success)
        return failure(c, 'ErrValidation', 'per_page must be a whole number from 1 to 100.', 400);
      const products = PRODUCTS.slice(0, query.data.per_page).map(({ product }) => ({
        Id: product.id,
        Title: product.title,
        City: product.city,
        Country: product.country,
        FromPrice: { Amount: product.from.amount, Currency: 'USD' as const },
      }));
      const body: SessionProductsResponse = {
        Success: true,
        Error: null,
        Products: products,
        Total: PRODUCTS.length,
      };
      return c.json(body);
    });
}

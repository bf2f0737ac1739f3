import {
  ACCESS_TOKEN_LIFETIME_SECONDS,
  formatScopes,
  type Introspection,
  newId,
  SCOPES,
  type Scope,
  type TokenResponse,
} from '@console/contract';
import { Hono } from 'hono';
import { requireScope } from '../lib/auth.ts';
import { isoSeconds } from '../lib/clock.ts';
import { ApiError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/types.ts';
import type { Store } from '../store.ts';

/** Reads the token request from JSON or a form body; a body that is neither is a 400. */
async function readTokenBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('Content-Type') ?? '';
  const text = await request.text();
  if (text.trim() === '') return {};
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return { ...parsed };
  } catch {
    // fall through
  }
  throw new ApiError('invalid_json');
}

function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return {
    id: decodeURIComponent(decoded.slice(0, colon)),
    secret: decodeURIComponent(decoded.slice(colon + 1)),
  };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export function authRoutes(store: Store) {
  return new Hono<AppEnv>()
    .post('/tokens', async (c) => {
      const body = await readTokenBody(c.req.raw);
      if (body.grant_type !== 'client_credentials') {
        throw new ApiError('unsupported_grant_type', { param: 'grant_type' });
      }
      const basic = basicCredentials(c.req.header('Authorization'));
      const clientId = basic?.id ?? text(body.client_id);
      const clientSecret = basic?.secret ?? text(body.client_secret);
      if (!clientId || !clientSecret) {
        throw new ApiError('missing_credentials', { param: clientId ? 'client_secret' : 'client_id' });
      }
      const found = store.findClient(clientId);
      if (!found || found.client.client_secret !== clientSecret) {
        throw new ApiError(
          'invalid_client',
          basic ? { headers: { 'WWW-Authenticate': 'Basic realm="travel-booking"' } } : {},
        );
      }
      const granted = found.client.scopes;
      let scopes: Scope[] = [...granted];
      const requested = text(body.scope);
      if (requested) {
        const names = requested.split(/\s+/).filter(Boolean);
        const unknown = names.filter((name) => !granted.some((scope) => scope === name));
        if (unknown.length > 0) {
          throw new ApiError('invalid_scope', {
            param: 'scope',
            message: `Not granted to this client: ${unknown.join(' ')}.`,
          });
        }
        scopes = SCOPES.filter((scope) => names.includes(scope));
      }
      const environment = clientId.startsWith('cid_live_') ? 'live' : 'test';
      const expiresAt = store.clock.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000;
      const accessToken = newId('accessToken', 40);
      store.tokens.set(accessToken, { clientId, officeId: found.office.id, environment, scopes, expiresAt });
      const response: TokenResponse = {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: ACCESS_TOKEN_LIFETIME_SECONDS,
        expires_at: isoSeconds(expiresAt),
        scope: formatScopes(scopes),
        environment,
      };
      return c.json(response, 201, { 'Cache-Control': 'no-store' });
    })
    .get('/introspect', requireScope(store, null), (c) => {
      const caller = c.get('caller');
      const office = store.office(caller.officeId);
      const body: Introspection = {
        active: true,
        client_id: caller.clientId,
        environment: caller.environment,
        token_type: 'Bearer',
        office: { id: office.id, name: office.name },
        scopes: caller.scopes,
        expires_at: isoSeconds(caller.tokenExpiresAt),
      };
      return c.json(body);
    });
}

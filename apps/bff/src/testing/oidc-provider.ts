import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * A real OpenID provider for the tests (the `oidc-provider` package, certified by the OpenID Foundation), standing in
 * for an office's identity provider: discovery, the authorization endpoint with PKCE, the token endpoint, signed ID
 * tokens. Its login page is the test's: whoever types an email is that person (`sub` = the email's local part at the
 * provider), their email verified unless it contains "unverified"; ticking "with my security key" makes the ID token's
 * `amr` say a second factor was used (`["pwd", "hwk", "mfa"]`, else `["pwd"]`); a form field `amr` (comma-separated)
 * or `acr` says exactly what the provider claims, for the tests of what the console believes.
 */
export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const htmlText = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOpenIdProvider(options: {
  port?: number;
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOpenIdProvider> {
  const clientId = options.clientId ?? 'booking-console';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const issuer = `http://127.0.0.1:${address.port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    acrValues: ['urn:office:password', 'urn:office:mfa'],
    claims: {
      sid: null,
      // How the person signed in goes with every ID token, as Entra ID's and Okta's do.
      openid: ['sub', 'amr', 'acr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['name'],
    },
    pkce: { required: () => true },
    // The ID token carries what the scopes grant (email, amr), as most providers' do.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const email = Buffer.from(sub, 'base64url').toString('utf8');
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email,
            email_verified: !email.includes('unverified'),
            name: email.split('@')[0] ?? email,
          };
        },
      };
    },
    // A first-party client: the office's own console needs no consent screen.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const existing = session.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const handler = provider.callback();
  server.on('request', async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    if (!match) return handler(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST') {
        const form = await formOf(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        const claimed = form.get('amr');
        const amr = claimed
          ? claimed.split(',')
          : form.get('security_key') === 'on'
            ? ['pwd', 'hwk', 'mfa']
            : ['pwd'];
        const acr = form.get('acr') || undefined;
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: Buffer.from(email).toString('base64url'), amr, ...(acr ? { acr } : {}) } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><html lang="en"><head><title>Office Login</title></head><body>
<h1>Office Login</h1><p>Signing in to ${htmlText(String(details.params.client_id))}</p>
<form method="post" action="/interaction/${htmlText(details.uid)}">
<label>Work email <input name="email" type="email" autocomplete="username" required></label>
<label><input name="security_key" type="checkbox"> With my security key</label>
<button type="submit">Continue</button></form></body></html>`);
    } catch (error) {
      res.statusCode = 400;
      res.end(String((error as Error).message));
    }
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

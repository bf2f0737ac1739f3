import * as oidc from 'openid-client';
import type { AuthChallenges } from './challenges.ts';
import type { Logger } from './log.ts';

/** How long a person may take at the office's provider before the sign-in is void. */
const STATE_MS = 10 * 60_000;

/**
 * Authentication methods (RFC 8176 `amr`) that are a second factor of their own, or say several were used. A provider
 * naming one of these has done the console's second step (decision 031); `pwd` alone, or nothing, has not.
 */
const SECOND_FACTOR_AMR = new Set([
  'mfa',
  'otp',
  'hwk',
  'swk',
  'sc',
  'pop',
  'sms',
  'tel',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
]);

export interface SingleSignOnSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's words: "Sign in with <name>". */
  name: string;
  /** `<PUBLIC_URL>/api/auth/oidc/callback`, as registered at the provider. */
  redirectUri: string;
}

/** Who the provider says signed in, once its ID token was verified. */
export interface ProvidedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The provider's `amr` names a second factor. */
  secondFactor: boolean;
}

/**
 * Single sign-on with the office's OpenID provider (decision 031), by openid-client: the authorization code flow with
 * PKCE (S256), state and nonce, the client authenticated with its secret, the ID token's signature, issuer, audience,
 * expiry and nonce verified by the library. The provider's metadata is read at the first sign-in and kept; a failed
 * read is tried again at the next.
 */
export class SingleSignOn {
  #config: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: SingleSignOnSettings,
    private readonly challenges: AuthChallenges,
    private readonly log: Logger,
  ) {}

  get name(): string {
    return this.settings.name;
  }

  #configuration(): Promise<oidc.Configuration> {
    if (!this.#config) {
      const issuer = new URL(this.settings.issuer);
      // Plain HTTP only to a provider on this machine (the env check refuses any other); HTTPS everywhere else.
      const loopback = issuer.protocol === 'http:';
      this.#config = oidc
        .discovery(
          issuer,
          this.settings.clientId,
          { client_secret: this.settings.clientSecret, id_token_signed_response_alg: 'RS256' },
          oidc.ClientSecretPost(this.settings.clientSecret),
          { ...(loopback ? { execute: [oidc.allowInsecureRequests] } : {}), timeout: 10 },
        )
        .catch((error: unknown) => {
          this.#config = null;
          this.log.warn(
            { err: error, issuer: this.settings.issuer },
            'single sign-on: provider metadata unreadable',
          );
          throw error;
        });
    }
    return this.#config;
  }

  /** Where to send the browser, and the token of this sign-in's state (for an HttpOnly cookie). */
  async start(): Promise<{ url: string; token: string }> {
    const config = await this.#configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    const token = await this.challenges.put('oidc', null, { verifier, state, nonce }, STATE_MS);
    return { url: url.href, token };
  }

  /**
   * The identity of the provider's answer to the redirect URI (its query string), checked against the state this
   * browser's cookie names; throws when anything does not verify.
   */
  async finish(token: string, search: string): Promise<ProvidedIdentity> {
    const waiting = await this.challenges.take<{ verifier: string; state: string; nonce: string }>(
      token,
      'oidc',
    );
    if (!waiting) throw new Error('no such single sign-on in progress');
    const config = await this.#configuration();
    const current = new URL(this.settings.redirectUri);
    current.search = search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: waiting.data.verifier,
      expectedState: waiting.data.state,
      expectedNonce: waiting.data.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider gave no ID token');
    const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
    // Many providers keep the email out of the ID token of a code flow: then it is read from the userinfo endpoint,
    // for the same subject (the library checks it).
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string' && tokens.access_token)
      profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      issuer: claims.iss,
      subject: claims.sub,
      email: typeof profile.email === 'string' ? profile.email.toLowerCase() : null,
      emailVerified: profile.email_verified === true,
      name: typeof profile.name === 'string' ? profile.name : null,
      secondFactor: amr.some((method) => SECOND_FACTOR_AMR.has(method)),
    };
  }
}

import * as oidc from 'openid-client';
import type { Logger } from '../platform/log.ts';
import type { AuthChallenges } from './challenges.ts';

/** How long a person may take at the office's provider before the sign-in is void. */
const STATE_MS = 10 * 60_000;

/** What a single sign-on is for (decision 035): signing in, proving it is oneself again, connecting one's identity. */
export type SingleSignOnPurpose = 'sign_in' | 'prove' | 'connect';
/** How far a provider's clock may be from ours when its `auth_time` is checked. */
const CLOCK_SKEW_S = 30;

export interface SingleSignOnSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The button's words: "Sign in with <name>". */
  name: string;
  /** `<PUBLIC_URL>/api/auth/oidc/callback`, as registered at the provider. */
  redirectUri: string;
  /**
   * The `acr` values that mean the provider asked for a second factor (OIDC_MFA_ACR); besides them only an `amr`
   * naming `mfa` stands in for the console's own second step (decision 035).
   */
  mfaAcr: readonly string[];
  /** The e-mail domains whose people single sign-on may let in (OIDC_EMAIL_DOMAINS); empty: any. */
  emailDomains: readonly string[];
}

/** Who the provider says signed in, once its ID token was verified. */
export interface ProvidedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** The provider says the person gave a second factor: `amr` names `mfa`, or `acr` is one the operator named. */
  secondFactor: boolean;
  /** When the person last signed in at the provider (epoch ms), when it said. */
  authTime: number | null;
}

/** What a single sign-on began with, given back at its end. */
export interface SingleSignOnContext {
  purpose: SingleSignOnPurpose;
  /** The console session a proof or a connection is for (its stored id). */
  sessionId: string | null;
  /** The console page to come back to. */
  returnTo: string | null;
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

  /** Whether an e-mail address is of a domain the operator lets in (any, when they named none). */
  allows(email: string | null): boolean {
    if (this.settings.emailDomains.length === 0) return true;
    const domain = email?.split('@').pop()?.toLowerCase();
    return domain !== undefined && this.settings.emailDomains.includes(domain);
  }

  /**
   * Where to send the browser, and the token of this sign-in's state (for an HttpOnly cookie). A proof or a connection
   * asks the provider to have the person sign in there again (`max_age=0`, `prompt=login`): a session the browser
   * still has at the provider proves nothing now (decision 035).
   */
  async start(
    context: SingleSignOnContext = { purpose: 'sign_in', sessionId: null, returnTo: null },
  ): Promise<{ url: string; token: string }> {
    const config = await this.#configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const fresh = context.purpose !== 'sign_in';
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(fresh ? { max_age: '0', prompt: 'login' } : {}),
    });
    const token = await this.challenges.put(
      'oidc',
      null,
      { verifier, state, nonce, startedAt: Date.now(), ...context },
      STATE_MS,
    );
    return { url: url.href, token };
  }

  /**
   * The identity of the provider's answer to the redirect URI (its query string), checked against the state this
   * browser's cookie names; throws when anything does not verify.
   */
  async finish(
    token: string,
    search: string,
  ): Promise<{ identity: ProvidedIdentity; context: SingleSignOnContext }> {
    const waiting = await this.challenges.take<
      { verifier: string; state: string; nonce: string; startedAt?: number } & Partial<SingleSignOnContext>
    >(token, 'oidc');
    if (!waiting) throw new Error('no such single sign-on in progress');
    const context: SingleSignOnContext = {
      purpose: waiting.data.purpose ?? 'sign_in',
      sessionId: waiting.data.sessionId ?? null,
      returnTo: waiting.data.returnTo ?? null,
    };
    const fresh = context.purpose !== 'sign_in';
    const config = await this.#configuration();
    const current = new URL(this.settings.redirectUri);
    current.search = search;
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: waiting.data.verifier,
      expectedState: waiting.data.state,
      expectedNonce: waiting.data.nonce,
      idTokenExpected: true,
      // A proof wants a sign-in at the provider made now: the library then requires auth_time.
      ...(fresh ? { maxAge: 0 } : {}),
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider gave no ID token');
    const authTime = typeof claims.auth_time === 'number' ? claims.auth_time * 1000 : null;
    // And made during this round trip: not before the console sent the person there.
    if (fresh && (authTime === null || authTime < (waiting.data.startedAt ?? 0) - CLOCK_SKEW_S * 1000))
      throw new Error('the provider did not have the person sign in again');
    const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : [];
    const acr = typeof claims.acr === 'string' ? claims.acr : null;
    // Many providers keep the email out of the ID token of a code flow: then it is read from the userinfo endpoint,
    // for the same subject (the library checks it).
    let profile: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string' && tokens.access_token)
      profile = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    return {
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email.toLowerCase() : null,
        emailVerified: profile.email_verified === true,
        name: typeof profile.name === 'string' ? profile.name : null,
        // Only an explicit multi-factor claim: a single method (`hwk`, `otp`…) may be the only one used.
        secondFactor: amr.includes('mfa') || (acr !== null && this.settings.mfaAcr.includes(acr)),
        authTime,
      },
      context,
    };
  }
}

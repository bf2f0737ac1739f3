import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ClientIdSchema, ClientSecretSchema, credentialsMatch } from '@console/contract';
import { z } from 'zod';
import { trustedProxies } from './client-address.ts';
import { parseSecretsKey } from './secret-box.ts';

/**
 * The BFF's own folder (apps/bff), found from this module whether it runs as source (src/platform/env.ts) or bundled
 * (dist/index.js): the nearest folder above it with a package.json.
 */
function appFolder(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  return folder;
}
const app = appFolder();

/** A comma-separated list (lower-cased when asked), each part checked: the problem with a part, or null. */
const listOf = (problem: (part: string) => string | null, lower = true) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parts = (value ?? '')
        .split(',')
        .map((part) => (lower ? part.trim().toLowerCase() : part.trim()))
        .filter(Boolean);
      for (const part of parts) {
        const why = problem(part);
        if (why) ctx.addIssue({ code: 'custom', message: why });
      }
      return parts;
    });
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** The service's v3 {base_url}. With none, the BFF runs the sandbox in-process as its upstream. */
    SERVICE_BASE_URL: z.url().optional(),
    SERVICE_CLIENT_ID: ClientIdSchema.optional(),
    SERVICE_CLIENT_SECRET: ClientSecretSchema.optional(),
    /** The session-based interface, optional: {session_base_url} and its login. */
    SESSION_BASE_URL: z.url().optional(),
    SESSION_OFFICE_ID: z.string().min(1).optional(),
    SESSION_USER_NAME: z.string().min(1).optional(),
    SESSION_PASSWORD: z.string().min(1).optional(),
    /**
     * A lived-in demo office on first start (decision 045): on the embedded sandbox only, on an empty store, booked
     * through the console's own routes in the background once it listens. `false` starts empty.
     */
    DEMO_OFFICE: flag.default(true),
    /**
     * Where the embedded sandbox keeps its state across restarts (decision 045): a file path, or `off` to keep it in
     * memory only. By default `sandbox-state.json` beside a SQLite store's file; off on PostgreSQL and `:memory:`.
     */
    SANDBOX_STATE_PATH: z.string().min(1).optional(),
    /** Where the embedded sandbox listens when no service is configured. */
    SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
    SANDBOX_STREAM_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(400),
    /** The embedded sandbox's profile: `default`, or `variant` (other legal choices where the document is open). */
    SANDBOX_PROFILE: z.enum(['default', 'variant']).default('default'),
    /**
     * Which of the embedded sandbox's demo credentials the console uses: `test`, or `live` to see and drill what a
     * LIVE office has (the banner, two-step sign-in for everyone, proving it again before a large payment).
     */
    SANDBOX_ENVIRONMENT: z.enum(['test', 'live']).default('test'),
    /**
     * The console's store: a `postgres://` URL for PostgreSQL (several instances share it), or a file path for
     * embedded SQLite (the default, one instance). DATABASE_PATH is the older name of the file path.
     */
    DATABASE_URL: z.string().min(1).optional(),
    DATABASE_PATH: z.string().min(1).optional(),
    /**
     * With PostgreSQL and no service configured, the start is refused (several instances would each run a sandbox of
     * their own, with bookings the others cannot see): set this to run one instance on PostgreSQL with its embedded
     * sandbox anyway (tests, a try-out).
     */
    SANDBOX_WITH_POSTGRES: flag.default(false),
    /** Connections per instance to PostgreSQL. */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    COOKIE_SECURE: flag.default(true),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 7)
      .default(12),
    /** The most one call to the service takes, its retries included (a read's; a keyed create may take twice). */
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Connections per part of the service (flights, hotels, activities, wallet): each part is its own bulkhead. */
    UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
    /** Timeouts or lost connections in a row that open a part's circuit; how long it then fails at once. */
    UPSTREAM_CIRCUIT_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
    UPSTREAM_CIRCUIT_COOLDOWN_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    WEB_DIST: z.string().default(resolve(app, '../web/dist')),
    /** One JSON line per request (method, path, status, time, request id). */
    LOG_REQUESTS: flag.default(true),
    /**
     * The bearer token that opens GET /metrics (Prometheus text format). Without one, /metrics is not served: metrics
     * name routes and volumes, which are not for the public.
     */
    METRICS_TOKEN: z.string().min(16, { error: 'use at least 16 characters' }).optional(),
    /**
     * Where people reach the console (`https://console.office.example`): the invitation and reset links are made on it.
     * Defaults to http://localhost:PORT.
     */
    PUBLIC_URL: z.url().optional(),
    /** An SMTP server for the invitation and reset e-mails (`smtp://user:pass@host:587`, `smtps://…`); none: shown only. */
    SMTP_URL: z.url().optional(),
    /**
     * Single sign-on with the office's OpenID provider (decision 031): its issuer URL (HTTPS; plain HTTP only on this
     * machine), the console's client id and secret there, registered with the redirect URI
     * `<PUBLIC_URL>/api/auth/oidc/callback`. All three, or none.
     */
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    /** The sign-in button's words: "Sign in with <OIDC_NAME>". */
    OIDC_NAME: z.string().trim().min(1).max(60).default('your organisation'),
    /**
     * The e-mail domains whose people single sign-on may let in (comma-separated, `office.example`); none: any the
     * provider verifies (decision 035).
     */
    OIDC_EMAIL_DOMAINS: listOf((part) =>
      /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(part)
        ? null
        : `${part} is not a domain name`,
    ),
    /**
     * The provider's `acr` values that mean it asked for a second factor (comma-separated); besides them, only an `amr`
     * naming `mfa` stands in for the console's own second step (decision 035).
     */
    OIDC_MFA_ACR: listOf(() => null, false),
    /**
     * The key that seals the authenticator apps' keys in the database (decision 031): 64 hex digits or 32 bytes in
     * base64 (`openssl rand -hex 32`), kept outside the database. Set it on a LIVE console.
     */
    SECRETS_KEY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === '') return undefined;
        const key = parseSecretsKey(value);
        if (!key) ctx.addIssue({ code: 'custom', message: 'use 64 hex digits or 32 bytes in base64' });
        return key ?? undefined;
      }),
    /** The sender of those e-mails. */
    SMTP_FROM: z.string().min(3).default('Booking console <no-reply@localhost>'),
    /** On SIGTERM, how long requests in flight may take to finish before their connections are closed. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How often one instance (holding the jobs lease) refreshes running clocks and reconciles open intents. */
    JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /**
     * How often this instance reads the service's clock when no other answer told it the time (decision 016): a page
     * that makes no upstream call then still counts down on the service's time.
     */
    SERVICE_CLOCK_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** An open booking intent older than this is asked for again with its Idempotency-Key. */
    INTENT_RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /**
     * The watch on every live booking (decision 037): each is read again from the service at least this often (within
     * 72 hours of travel, four times as often), the calls never more than CHANGE_WATCH_RATE a second for the office.
     */
    CHANGE_WATCH_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    CHANGE_WATCH_RATE: z.coerce.number().min(0.1).max(1000).default(5),
    /** A hold about to lapse is e-mailed to its agent this long before its deadline. */
    HOLD_REMINDER_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(60),
    /**
     * Proxies in front of the console whose X-Forwarded-For names the client (addresses or CIDR ranges,
     * comma-separated, or `loopback`). With none, the socket's peer is the client's address.
     */
    TRUSTED_PROXIES: z.string().optional(),
    /**
     * Origins pictures may be loaded from besides the console (comma-separated, `https://cdn.example`): for a service
     * whose image URLs are absolute on another host. The service's own origin is allowed already.
     */
    IMAGE_ORIGINS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const origins = (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        for (const origin of origins) {
          let parsed: URL | null = null;
          try {
            parsed = new URL(origin);
          } catch {
            parsed = null;
          }
          if (!parsed || parsed.origin !== origin || parsed.protocol !== 'https:')
            ctx.addIssue({
              code: 'custom',
              message: `${origin} is not an https origin (https://host[:port])`,
            });
        }
        return origins;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.TRUSTED_PROXIES) {
      try {
        trustedProxies(env.TRUSTED_PROXIES);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          message: String((error as Error).message),
          path: ['TRUSTED_PROXIES'],
        });
      }
    }
    const service = [env.SERVICE_BASE_URL, env.SERVICE_CLIENT_ID, env.SERVICE_CLIENT_SECRET];
    if (service.some(Boolean) && !service.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        message: 'set all of SERVICE_BASE_URL, SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET, or none',
        path: ['SERVICE_BASE_URL'],
      });
    }
    if (
      env.SERVICE_CLIENT_ID &&
      env.SERVICE_CLIENT_SECRET &&
      !credentialsMatch(env.SERVICE_CLIENT_ID, env.SERVICE_CLIENT_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        message: 'client id and secret name different environments',
        path: ['SERVICE_CLIENT_SECRET'],
      });
    }
    const sso = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
    if (sso.some(Boolean) && !sso.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        message: 'set all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
        path: ['OIDC_ISSUER'],
      });
    }
    if (env.OIDC_ISSUER) {
      const issuer = new URL(env.OIDC_ISSUER);
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && loopback))
        ctx.addIssue({
          code: 'custom',
          message: 'use an https:// issuer (plain http only for a provider on this machine)',
          path: ['OIDC_ISSUER'],
        });
    }
    const session = [
      env.SESSION_BASE_URL,
      env.SESSION_OFFICE_ID,
      env.SESSION_USER_NAME,
      env.SESSION_PASSWORD,
    ];
    if (session.some(Boolean) && !session.every(Boolean)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'set all of SESSION_BASE_URL, SESSION_OFFICE_ID, SESSION_USER_NAME and SESSION_PASSWORD, or none',
        path: ['SESSION_BASE_URL'],
      });
    }
  });

/** A store that is a SQLite file (not PostgreSQL, not `:memory:`). */
const isSqliteFile = (url: string) => url !== ':memory:' && !/^postgres(ql)?:\/\//.test(url);

/**
 * Where the store is: DATABASE_URL, else the older DATABASE_PATH, else a file beside the app; and where the embedded
 * sandbox keeps its state (null: in memory only).
 */
const WithDatabase = EnvSchema.transform(({ DATABASE_URL, DATABASE_PATH, SANDBOX_STATE_PATH, ...env }) => {
  const database = DATABASE_URL ?? DATABASE_PATH ?? resolve(app, 'data/console.db');
  const beside = isSqliteFile(database) ? join(dirname(resolve(database)), 'sandbox-state.json') : null;
  return {
    ...env,
    DATABASE_URL: database,
    SANDBOX_STATE_PATH:
      SANDBOX_STATE_PATH === 'off' ? null : SANDBOX_STATE_PATH ? resolve(SANDBOX_STATE_PATH) : beside,
  };
}).superRefine((env, ctx) => {
  if (/^postgres(ql)?:\/\//.test(env.DATABASE_URL) && !env.SERVICE_BASE_URL && !env.SANDBOX_WITH_POSTGRES) {
    ctx.addIssue({
      code: 'custom',
      path: ['SERVICE_BASE_URL'],
      message:
        'a PostgreSQL store is for several instances, and with no service configured each would start a sandbox of its own ' +
        'with bookings the others cannot see. Set SERVICE_BASE_URL, SERVICE_CLIENT_ID and SERVICE_CLIENT_SECRET to one ' +
        'service (for a shared sandbox: pnpm --filter @console/sandbox start, then http://<host>:4010/v3 with ' +
        'cid_test_demo / sk_test_demo), or set SANDBOX_WITH_POSTGRES=true for a single instance',
    });
  }
});

export type BffEnv = z.infer<typeof WithDatabase>;

/** Every setting the console reads (the README's settings table and apps/bff/.env.example list each). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** The file of settings read at start, whatever the working directory: apps/bff/.env. */
export const ENV_FILE = join(app, '.env');

/**
 * Reads a settings file into the environment when there is one (Node's own reader: NAME=value lines, # comments); a
 * variable already set wins over the file. Whether there was a file.
 */
export function loadEnvFile(file: string = ENV_FILE): boolean {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** Where people on this machine reach a console listening on `host`: the host itself, or localhost for any address. */
export function listeningUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Parses the configuration once; a bad one stops the start with every problem listed. */
export function readEnv(source: Record<string, string | undefined> = process.env): BffEnv {
  const result = WithDatabase.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`)
      .join('\n');
    throw new Error(`The console's configuration is not valid:\n${problems}`);
  }
  return result.data;
}

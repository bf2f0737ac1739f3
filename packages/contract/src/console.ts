import { z } from 'zod';
import type { ScopeSchema } from './auth.ts';
import { idSchema } from './ids.ts';
import { MoneySchema } from './money.ts';
import { PageQueryShape, pageSchema } from './pages.ts';
import { DateTimeSchema, EmailSchema, EnvironmentSchema } from './primitives.ts';

/**
 * The console's own API (the BFF's routes that are not the service's): sign-in, who am I, users, the bookings
 * ledger and the audit log. Mirrored service routes use the service's schemas unchanged.
 */

export const ROLES = ['agent', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** What each role may ask of the service. Agents search and book; admins also read the wallet and credentials. */
export const ROLE_SCOPES = {
  agent: [
    'flights:read',
    'flights:write',
    'hotels:read',
    'hotels:write',
    'activities:read',
    'activities:write',
  ],
  admin: [
    'flights:read',
    'flights:write',
    'hotels:read',
    'hotels:write',
    'activities:read',
    'activities:write',
    'wallet:read',
  ],
} as const satisfies Record<Role, readonly z.infer<typeof ScopeSchema>[]>;

/** An image the service links to by path (/media/...) is fetched through the console (its /api/media relay); full URLs
 * as they are. The SPA's `<img>` and the BFF's preload hint use the same address, so the browser reuses the fetch. */
export const consoleMediaUrl = (src: string) => (src.startsWith('/media/') ? `/api${src}` : src);

/** The header every unsafe request to the console carries (with Origin / Sec-Fetch-Site checks). */
export const CSRF_HEADER = 'X-Console-Csrf';
/** On every /api answer: the service's "now" in epoch milliseconds, for countdowns in the browser (decision 016). */
export const SERVICE_TIME_HEADER = 'Console-Service-Time';

export const PasswordSchema = z
  .string()
  .min(10, { error: 'must be at least 10 characters' })
  .max(200, { error: 'must be at most 200 characters' });

export const SignInRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(EmailSchema),
    password: z.string().min(1, { error: 'is required' }).max(200),
  })
  .strict();
export type SignInRequest = z.input<typeof SignInRequestSchema>;

export const ConsoleUserSchema = z.object({
  id: idSchema('user'),
  email: z.string(),
  name: z.string(),
  role: RoleSchema,
  disabled: z.boolean(),
  /** An agent who may read and act on every booking of the office, not only their own (admins always may). */
  office_wide: z.boolean(),
  created_at: DateTimeSchema,
});
export type ConsoleUser = z.infer<typeof ConsoleUserSchema>;

export const MeSchema = z.object({
  user: z.object({
    id: idSchema('user'),
    email: z.string(),
    name: z.string(),
    role: RoleSchema,
    /** The time zone the person chose on their account page (decision 049); null or absent: their browser's. */
    time_zone: z.string().nullable().optional(),
  }),
  environment: EnvironmentSchema,
  /** When this sign-in ends at the latest, and after how long idle. */
  session: z.object({
    expires_at: DateTimeSchema,
    idle_minutes: z.number().int(),
    /** The office's policy wants a second factor this person has not set up: their account only, until they do. */
    factor_setup_required: z.boolean().optional(),
  }),
  /**
   * Given by a sign-in only: the person's previous sign-in, when it came from a browser they had not used before
   * (decision 028), for them to check it was them.
   */
  previous_sign_in: z
    .object({ at: DateTimeSchema, address: z.string().nullable(), browser: z.string().nullable() })
    .optional(),
  /** Given by a sign-in only: how many security notices wait for the person on their account page (decision 035). */
  security_notices: z.number().int().optional(),
});
export type Me = z.infer<typeof MeSchema>;
/** The element of each signed-in page the BFF serves that carries its /api/me answer, read before the first render. */
export const ME_ELEMENT_ID = 'console-me';
/**
 * A cookie the page's script may read, set and cleared with the session's (`__Host-` over HTTPS): it holds no secret,
 * only that this browser has a sign-in. Without it the sign-in screen does not ask /api/me only to be refused.
 */
export const SIGNED_IN_HINT_COOKIE = 'console_signed_in';

export const PRODUCTS = ['flight', 'hotel', 'activity'] as const;
export const ProductSchema = z.enum(PRODUCTS);
export type Product = z.infer<typeof ProductSchema>;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  product: ProductSchema,
  environment: EnvironmentSchema,
  agent: z.object({ id: z.string(), email: z.string() }),
  client_reference: z.string().nullable(),
  /** What the customer quotes: the PNR, the hotel's confirmation number, the activity code (null until there is one). */
  reference: z.string().nullish(),
  total: MoneySchema,
  status: z.string(),
  /** The clock that is running: ticketing, payment or hold deadline; null once nothing is. */
  deadline: DateTimeSchema.nullable(),
  summary: z.string(),
  /** Who travels or stays, and the contact email: what the desk searches by. */
  people: z.array(z.string()),
  created_at: DateTimeSchema,
  updated_at: DateTimeSchema,
  /**
   * What the client pays and the office's fee, as when the booking was made (decision 032); null for a booking made
   * before fees were kept. The office's margin is the fee.
   */
  price: z
    .object({
      fee: MoneySchema,
      client: MoneySchema,
      rule_id: z.string().nullable(),
      fee_reason: z.string().nullable(),
    })
    .nullish(),
  /** When the console last read the booking from the service (decision 037); null when it never has since it was made. */
  checked_at: DateTimeSchema.nullish(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const BookingsQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  product: ProductSchema.optional(),
  status: z.string().trim().max(30).optional(),
  agent: z.string().trim().max(254).optional(),
  deadline_before: DateTimeSchema.optional(),
  created_from: z.iso.date().optional(),
  created_to: z.iso.date().optional(),
  /** Newest first, running clocks soonest first, or the biggest margin or client price first (decision 032). */
  sort: z.enum(['deadline', 'created_desc', 'margin_desc', 'client_desc']).default('created_desc'),
  /** At least this margin (the fee) or client price, in the office's currency ("20", "20.50"). */
  margin_min: z.coerce.number().min(0).max(1e9).optional(),
  client_min: z.coerce.number().min(0).max(1e9).optional(),
  /** These bookings only (comma-separated ids, at most 100): what the console knows of a list the service gave. */
  ids: z
    .string()
    .trim()
    .max(20_000)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()))].filter(Boolean))
    .pipe(z.array(z.string().max(200)).max(100, { error: 'at most 100 ids' }))
    .optional(),
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type BookingsQuery = z.infer<typeof BookingsQuerySchema>;

export const LedgerListSchema = pageSchema(LedgerEntrySchema);
export type LedgerList = z.infer<typeof LedgerListSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  upstream: z.object({ reachable: z.boolean(), embedded: z.boolean() }),
  environment: EnvironmentSchema,
});

/** What stops a running clock: ticket a flight hold, confirm a hotel or activity hold, or extend a hotel's deadline. */
export const RADAR_ACTIONS = ['ticket', 'confirm', 'extend'] as const;
export const RadarActionSchema = z.enum(RADAR_ACTIONS);
export type RadarAction = z.infer<typeof RadarActionSchema>;

export const RadarEntrySchema = LedgerEntrySchema.extend({
  deadline: DateTimeSchema,
  actions: z.array(RadarActionSchema),
  /** The deadline has passed on the service's clock: nothing to act on until the service's answer is read again. */
  lapsed: z.boolean().default(false),
  /** The wallet's available amount could not cover this hold's total (docs/decisions/011). */
  at_risk: z.boolean(),
});
export type RadarEntry = z.infer<typeof RadarEntrySchema>;

export const RadarQuerySchema = z.object({
  ...PageQueryShape,
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const RadarSchema = pageSchema(RadarEntrySchema).extend({
  /** Every running clock of the list's scope, and how many of them the wallet cannot cover (over all, not a page). */
  running: z.number().int(),
  at_risk: z.number().int(),
  /** When the statuses were read from the service. */
  checked_at: DateTimeSchema,
  /** False when the wallet could not be read; then nothing is marked at risk. Amounts stay for admins. */
  wallet_checked: z.boolean(),
});
export type Radar = z.infer<typeof RadarSchema>;

/** `GET /api/ready`: the database and the service, each with its time; 503 when either is down or while draining. */
export const ReadySchema = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  database: z.object({ ok: z.boolean(), ms: z.number(), kind: z.enum(['sqlite', 'postgres']) }).loose(),
  upstream: z.object({ ok: z.boolean(), ms: z.number(), embedded: z.boolean() }).loose(),
  intents: z.object({ open: z.number().nullable() }),
  streams: z.object({ open: z.number() }),
});

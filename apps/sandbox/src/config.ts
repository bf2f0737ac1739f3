import { readFileSync } from 'node:fs';
import {
  AmountSchema,
  ClientIdSchema,
  ClientSecretSchema,
  credentialsMatch,
  SCOPES,
  ScopeSchema,
} from '@console/contract';
import { z } from 'zod';

/**
 * Offices, their API credentials, wallets and session-based users. The default is the demo office of
 * shared/DESIGN.md; SANDBOX_CONFIG names a JSON file of the same shape to use instead.
 */
const SESSION_PERMISSIONS = ['CreditBalance', 'ActivityProducts'] as const;

export const SandboxConfigSchema = z.object({
  offices: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        /** The session-based interface's OfficeId. */
        session_office_id: z.string().min(1),
        wallets: z.object({ test: AmountSchema, live: AmountSchema }),
        session_permissions: z.array(z.enum(SESSION_PERMISSIONS)).default([...SESSION_PERMISSIONS]),
        clients: z
          .array(
            z
              .object({
                client_id: ClientIdSchema,
                client_secret: ClientSecretSchema,
                scopes: z.array(ScopeSchema).default([...SCOPES]),
              })
              .refine((c) => credentialsMatch(c.client_id, c.client_secret), {
                error: 'client_id and client_secret must name the same environment',
              }),
          )
          .default([]),
        session_users: z
          .array(
            z.object({
              user_name: z.string().min(1),
              password: z.string().min(1),
              verified: z.boolean().default(true),
            }),
          )
          .default([]),
      }),
    )
    .min(1),
  /** Minutes of inactivity after which a session-based SessionId expires. */
  session_idle_minutes: z.number().int().min(1).default(20),
});
export type SandboxConfig = z.infer<typeof SandboxConfigSchema>;
export type OfficeConfig = SandboxConfig['offices'][number];
export type SessionPermission = (typeof SESSION_PERMISSIONS)[number];

export const DEMO_CONFIG: SandboxConfig = SandboxConfigSchema.parse({
  offices: [
    {
      id: 'off_demo',
      name: 'Demo Travel',
      session_office_id: 'OFF-DEMO',
      wallets: { test: '50000.00', live: '25000.00' },
      clients: [
        { client_id: 'cid_test_demo', client_secret: 'sk_test_demo' },
        { client_id: 'cid_live_demo', client_secret: 'sk_live_demo' },
        // A credential that can only read, for scope tests.
        {
          client_id: 'cid_test_readonly',
          client_secret: 'sk_test_readonly',
          scopes: ['flights:read', 'hotels:read', 'activities:read'],
        },
      ],
      session_users: [
        { user_name: 'demo', password: 'demo-pass' },
        { user_name: 'pending', password: 'pending-pass', verified: false },
      ],
    },
    {
      // An office without the activity permission on the session-based interface (Err0101006).
      id: 'off_limited',
      name: 'Limited Travel',
      session_office_id: 'OFF-LIMITED',
      wallets: { test: '1000.00', live: '0.00' },
      session_permissions: ['CreditBalance'],
      clients: [],
      session_users: [{ user_name: 'limited', password: 'limited-pass' }],
    },
  ],
});

export function loadConfig(path: string | undefined): SandboxConfig {
  if (!path) return DEMO_CONFIG;
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const result = SandboxConfigSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`SANDBOX_CONFIG ${path} is not valid:\n${problems}`);
  }
  return result.data;
}

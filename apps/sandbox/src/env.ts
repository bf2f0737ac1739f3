import { z } from 'zod';

/** The sandbox's configuration, parsed once at start. Nothing else reads process.env. */
const EnvSchema = z.object({
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SANDBOX_HOST: z.string().default('127.0.0.1'),
  /** `sandbox` (default) exposes the /_sandbox test controls; `strict` hides them, as the real service would. */
  SANDBOX_MODE: z.enum(['sandbox', 'strict']).default('sandbox'),
  /** A JSON file of offices, credentials and session users (see src/config.ts); the demo office when unset. */
  SANDBOX_CONFIG: z.string().optional(),
  /** Milliseconds between streamed offer batches; 0 sends them back to back. */
  SANDBOX_STREAM_INTERVAL_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  /** `default`, or `variant`: the same service making other legal choices where the document is open. */
  SANDBOX_PROFILE: z.enum(['default', 'variant']).default('default'),
});

export type SandboxEnv = z.infer<typeof EnvSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): SandboxEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`The sandbox's configuration is not valid:\n${problems}`);
  }
  return result.data;
}

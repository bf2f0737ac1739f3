import {
  type Environment,
  type Money,
  MoneySchema,
  type Role,
  type TwoFactorPolicy,
} from '@console/contract';
import type { Db } from '../db/index.ts';
import type { Actor } from './intents.ts';

const NAME = 'sign_in.two_factor';
const SSO_AGENTS = 'sign_in.single_sign_on_creates_agents';
const PROOF_ABOVE = 'sign_in.proof_above';

/**
 * The office's two-step sign-in policy (decision 029): who must have a second factor — nobody, admins, or everyone.
 * Kept in the database for every instance. Unset, it is everyone on a LIVE credential (the office's real money) and
 * nobody on TEST (a first look stays two commands).
 */
export class SignInPolicy {
  constructor(
    private readonly db: Db,
    private readonly environment: Environment,
  ) {}

  async get(): Promise<TwoFactorPolicy> {
    const row = await this.db
      .selectFrom('office_settings')
      .select('value')
      .where('name', '=', NAME)
      .executeTakeFirst();
    if (row?.value === 'nobody' || row?.value === 'admins' || row?.value === 'everyone') return row.value;
    return this.environment === 'live' ? 'everyone' : 'nobody';
  }

  async set(value: TwoFactorPolicy, who: Actor): Promise<void> {
    const at = new Date().toISOString();
    await this.db
      .insertInto('office_settings')
      .values({ name: NAME, value, updated_by: who.email, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_by: who.email, updated_at: at }))
      .execute();
  }

  /** Whether a person the office's provider vouches for, with no account here, is made an agent (off unless set). */
  async singleSignOnCreatesAgents(): Promise<boolean> {
    const row = await this.db
      .selectFrom('office_settings')
      .select('value')
      .where('name', '=', SSO_AGENTS)
      .executeTakeFirst();
    return row?.value === 'true';
  }

  async setSingleSignOnCreatesAgents(value: boolean, who: Actor): Promise<void> {
    const at = new Date().toISOString();
    const text = String(value);
    await this.db
      .insertInto('office_settings')
      .values({ name: SSO_AGENTS, value: text, updated_by: who.email, updated_at: at })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ value: text, updated_by: who.email, updated_at: at }),
      )
      .execute();
  }

  /** The payment above which a LIVE money move asks to prove it again; null when the office set none. */
  async proofAbove(): Promise<Money | null> {
    const row = await this.db
      .selectFrom('office_settings')
      .select('value')
      .where('name', '=', PROOF_ABOVE)
      .executeTakeFirst();
    if (!row || row.value === '') return null;
    try {
      const read = MoneySchema.safeParse(JSON.parse(row.value));
      return read.success ? read.data : null;
    } catch {
      return null;
    }
  }

  async setProofAbove(value: Money | null, who: Actor): Promise<void> {
    const at = new Date().toISOString();
    const text = value ? JSON.stringify(value) : '';
    await this.db
      .insertInto('office_settings')
      .values({ name: PROOF_ABOVE, value: text, updated_by: who.email, updated_at: at })
      .onConflict((oc) =>
        oc.column('name').doUpdateSet({ value: text, updated_by: who.email, updated_at: at }),
      )
      .execute();
  }

  static covers(policy: TwoFactorPolicy, role: Role): boolean {
    return policy === 'everyone' || (policy === 'admins' && role === 'admin');
  }
}

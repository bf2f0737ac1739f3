import {
  type Environment,
  type Money,
  MoneySchema,
  type Role,
  type TwoFactorPolicy,
} from '@console/contract';
import type { Db } from '../db/index.ts';
import { OfficeSettings } from '../platform/office-settings.ts';
import type { Actor } from '../platform/types.ts';

const NAME = 'sign_in.two_factor';
const SSO_AGENTS = 'sign_in.single_sign_on_creates_agents';
const PROOF_ABOVE = 'sign_in.proof_above';

/**
 * The office's two-step sign-in policy (decision 029): who must have a second factor — nobody, admins, or everyone.
 * Kept in the database for every instance. Unset, it is everyone on a LIVE credential (the office's real money) and
 * nobody on TEST (a first look stays two commands).
 */
export class SignInPolicy {
  readonly #settings: OfficeSettings;

  constructor(
    db: Db,
    private readonly environment: Environment,
  ) {
    this.#settings = new OfficeSettings(db);
  }

  async get(): Promise<TwoFactorPolicy> {
    const value = await this.#read(NAME);
    if (value === 'nobody' || value === 'admins' || value === 'everyone') return value;
    return this.environment === 'live' ? 'everyone' : 'nobody';
  }

  set(value: TwoFactorPolicy, who: Actor): Promise<void> {
    return this.#write(NAME, value, who);
  }

  /** Whether a person the office's provider vouches for, with no account here, is made an agent (off unless set). */
  async singleSignOnCreatesAgents(): Promise<boolean> {
    return (await this.#read(SSO_AGENTS)) === 'true';
  }

  setSingleSignOnCreatesAgents(value: boolean, who: Actor): Promise<void> {
    return this.#write(SSO_AGENTS, String(value), who);
  }

  /** The payment above which a LIVE money move asks to prove it again; null when the office set none. */
  async proofAbove(): Promise<Money | null> {
    const value = await this.#read(PROOF_ABOVE);
    if (!value) return null;
    try {
      const read = MoneySchema.safeParse(JSON.parse(value));
      return read.success ? read.data : null;
    } catch {
      return null;
    }
  }

  setProofAbove(value: Money | null, who: Actor): Promise<void> {
    return this.#write(PROOF_ABOVE, value ? JSON.stringify(value) : '', who);
  }

  #read(name: string): Promise<string | null> {
    return this.#settings.get(name);
  }

  #write(name: string, value: string, who: Actor): Promise<void> {
    return this.#settings.set(name, value, who);
  }

  static covers(policy: TwoFactorPolicy, role: Role): boolean {
    return policy === 'everyone' || (policy === 'admins' && role === 'admin');
  }
}

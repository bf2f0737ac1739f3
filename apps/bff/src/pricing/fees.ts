import type { ServiceClient } from '@console/client';
import {
  clientPrice,
  type FeeRule,
  type FeeRuleInputSchema,
  type FeeScope,
  FeeScopeSchema,
  newId,
} from '@console/contract';
import type { z } from 'zod';
import type { Facts } from '../bookings/index.ts';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/tables.ts';
import type { Actor } from '../platform/types.ts';
import { checkedScope, reachWords, readAgain, sameReach } from './rule-check.ts';

type Row = Database['fee_rules'];
type RuleInput = z.output<typeof FeeRuleInputSchema>;

function toRule(row: Row): FeeRule {
  const scope = FeeScopeSchema.safeParse(JSON.parse(row.scope));
  return {
    id: row.id,
    product: row.product,
    scope: scope.success ? scope.data : ({} as FeeScope),
    percent: row.percent,
    fixed: row.fixed,
    fixed_per: row.fixed_per,
    minimum: row.minimum,
    maximum: row.maximum,
    updated_at: row.updated_at,
    updated_by: row.updated_by,
    never_applies: null,
  };
}

/** How long what the service said of a rule kept before is trusted before it is asked again. */
const READ_AGAIN_MS = 5 * 60_000;

/**
 * The office's service-fee rules (decision 032), in the database for every instance. A change applies to what is
 * priced after it; a removed rule is kept (marked) so the bookings it priced still name it. An office has a handful of
 * rules: they are read whole, by the product index.
 */
export class FeeRules {
  /** What the service said of a rule kept before that could not be made a place (by its scope): for a while. */
  readonly #said = new Map<string, { at: number; never: string }>();

  constructor(
    private readonly db: Db,
    /** The service the rules' places and activities are the service's of (decision 040). */
    private readonly service: () => ServiceClient,
  ) {}

  /**
   * The rules as every price reads them (decision 040): a rule saved before with a city typed is kept as the place
   * it names when it is one city of the service's; one that can never apply says why (and prices nothing): a city
   * or an activity the service does not know, a cabin it does not sell, the reach of a rule changed later.
   */
  async list(): Promise<FeeRule[]> {
    const rows = await this.db
      .selectFrom('fee_rules')
      .selectAll()
      .where('removed_at', 'is', null)
      .orderBy('product')
      .orderBy('updated_at', 'desc')
      .execute();
    const rules = await Promise.all(rows.map((row) => this.#readAgain(row)));
    // Of rules with one reach, the one changed last applies (rows come newest first per product).
    return rules.map((rule, index) => {
      if (rule.never_applies) return rule;
      const later = rules.slice(0, index).find((r) => !r.never_applies && sameReach(r, rule));
      return later
        ? {
            ...rule,
            never_applies: `the rule for ${reachWords(later)} changed later has the same reach and applies instead: change or remove one`,
          }
        : rule;
    });
  }

  async #readAgain(row: Row): Promise<FeeRule> {
    const rule = toRule(row);
    const { cabin, city, city_name, activity, activity_name } = rule.scope;
    const before =
      cabin !== undefined ||
      (city !== undefined && city_name === undefined) ||
      (activity !== undefined && activity_name === undefined);
    if (!before) return rule;
    const said = this.#said.get(row.scope);
    if (said && Date.now() - said.at < READ_AGAIN_MS) return { ...rule, never_applies: said.never };
    const again = await readAgain(this.service(), rule);
    if (again && 'scope' in again) {
      // Kept as the place: the row holds the code from now on (not a change of an admin's: no new time or name).
      const scope = JSON.stringify(again.scope);
      await this.db
        .updateTable('fee_rules')
        .set({ scope })
        .where('id', '=', row.id)
        .where('scope', '=', row.scope)
        .execute();
      return { ...rule, scope: again.scope };
    }
    if (!again) return rule; // nothing wrong, or the service could not say now: asked again next time
    // What the service said is kept a while (a cabin is checked here, with no service to ask).
    if (city !== undefined || activity !== undefined)
      this.#said.set(row.scope, { at: Date.now(), never: again.never });
    return { ...rule, never_applies: again.never };
  }

  /** A rule as it will be kept, or refused with the reason when it could never apply (`id`: the rule changed). */
  async #checked(input: RuleInput, id: string | null): Promise<RuleInput> {
    const others = (await this.list()).filter((r) => r.id !== id && !r.never_applies);
    return { ...input, scope: await checkedScope(this.service(), input, others) };
  }

  async get(id: string): Promise<FeeRule | null> {
    const row = await this.db.selectFrom('fee_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRule(row) : null;
  }

  async create(input: RuleInput, who: Actor): Promise<FeeRule> {
    const row: Row = {
      id: newId('feeRule'),
      ...this.#columns(await this.#checked(input, null)),
      updated_at: new Date().toISOString(),
      updated_by: who.email,
      removed_at: null,
    };
    await this.db.insertInto('fee_rules').values(row).execute();
    return toRule(row);
  }

  async update(id: string, input: RuleInput, who: Actor): Promise<FeeRule | null> {
    if (!(await this.get(id))) return null;
    const checked = await this.#checked(input, id);
    const result = await this.db
      .updateTable('fee_rules')
      .set({ ...this.#columns(checked), updated_at: new Date().toISOString(), updated_by: who.email })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? this.get(id) : null;
  }

  async remove(id: string, who: Actor): Promise<boolean> {
    const at = new Date().toISOString();
    const result = await this.db
      .updateTable('fee_rules')
      .set({ removed_at: at, updated_at: at, updated_by: who.email })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new booking's fee and client price by the rules now (none: a fee of 0.00). */
  async price(facts: Facts) {
    return clientPrice(await this.list(), { product: facts.product, net: facts.total, ...facts.pricing });
  }

  #columns(input: RuleInput) {
    return {
      product: input.product,
      scope: JSON.stringify(input.scope),
      percent: input.percent,
      fixed: input.fixed,
      fixed_per: input.fixed_per,
      minimum: input.minimum,
      maximum: input.maximum,
    };
  }
}

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
  };
}

/**
 * The office's service-fee rules (decision 032), in the database for every instance. A change applies to what is
 * priced after it; a removed rule is kept (marked) so the bookings it priced still name it. An office has a handful of
 * rules: they are read whole, by the product index.
 */
export class FeeRules {
  constructor(private readonly db: Db) {}

  async list(): Promise<FeeRule[]> {
    const rows = await this.db
      .selectFrom('fee_rules')
      .selectAll()
      .where('removed_at', 'is', null)
      .orderBy('product')
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map(toRule);
  }

  async get(id: string): Promise<FeeRule | null> {
    const row = await this.db.selectFrom('fee_rules').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toRule(row) : null;
  }

  async create(input: RuleInput, who: Actor): Promise<FeeRule> {
    const row: Row = {
      id: newId('feeRule'),
      ...this.#columns(input),
      updated_at: new Date().toISOString(),
      updated_by: who.email,
      removed_at: null,
    };
    await this.db.insertInto('fee_rules').values(row).execute();
    return toRule(row);
  }

  async update(id: string, input: RuleInput, who: Actor): Promise<FeeRule | null> {
    const result = await this.db
      .updateTable('fee_rules')
      .set({ ...this.#columns(input), updated_at: new Date().toISOString(), updated_by: who.email })
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

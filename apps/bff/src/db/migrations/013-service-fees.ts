import type { Kysely, Migration } from 'kysely';

/**
 * Service fees (decision 032): the office's fee rules (a removed rule is kept, marked, so the bookings priced by it
 * still name it), and each booking's fee and client price as they were when it was made (whatever the rules become),
 * with the reason when an agent or admin changed the fee of that one booking.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fee_rules')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('product', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('percent', 'text', (c) => c.notNull())
      .addColumn('fixed', 'text', (c) => c.notNull())
      .addColumn('fixed_per', 'text', (c) => c.notNull())
      .addColumn('minimum', 'text')
      .addColumn('maximum', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('removed_at', 'text')
      .execute();
    await db.schema
      .createIndex('fee_rules_product')
      .on('fee_rules')
      .columns(['product', 'removed_at'])
      .execute();
    await db.schema.alterTable('bookings').addColumn('fee_amount', 'text').execute();
    await db.schema.alterTable('bookings').addColumn('client_amount', 'text').execute();
    await db.schema.alterTable('bookings').addColumn('fee_rule_id', 'text').execute();
    await db.schema.alterTable('bookings').addColumn('fee_reason', 'text').execute();
  },
};

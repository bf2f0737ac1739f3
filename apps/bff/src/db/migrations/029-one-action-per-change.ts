import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * One action at a time on a change (decision 054): at most one press is running per change, whatever its
 * Idempotency-Key (`change_actions_running`, unique where the press is running). Presses left running twice on one
 * change before this (only a crash leaves them) keep the latest; the others' keys may be sent again.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from change_actions where state = 'running' and exists (
      select 1 from change_actions later where later.change_id = change_actions.change_id and later.state = 'running'
        and (later.updated_at > change_actions.updated_at
          or (later.updated_at = change_actions.updated_at and later.idempotency_key > change_actions.idempotency_key)))`.execute(
      db,
    );
    await db.schema
      .createIndex('change_actions_running')
      .unique()
      .on('change_actions')
      .column('change_id')
      .where(sql.ref('state'), '=', 'running')
      .execute();
  },
};

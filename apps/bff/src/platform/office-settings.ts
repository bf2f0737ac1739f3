import type { Db } from '../db/index.ts';
import type { Actor } from './types.ts';

/**
 * The office's settings (`office_settings`, one row per name, for every instance): its one owner. A domain keeps its
 * own names and what they mean (the sign-in policy, the wallet's low-balance level); this reads and writes them, with
 * who changed each and when.
 */
export class OfficeSettings {
  constructor(private readonly db: Db) {}

  async get(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('office_settings')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
    return row?.value ?? null;
  }

  async set(name: string, value: string, who: Actor): Promise<void> {
    const at = new Date().toISOString();
    await this.db
      .insertInto('office_settings')
      .values({ name, value, updated_by: who.email, updated_at: at })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_by: who.email, updated_at: at }))
      .execute();
  }

  /**
   * Sets `name` only when no instance has: true for the one that did. Two instances that claim at once write one row
   * (its primary key), so what the claim guards happens once per store.
   */
  async claim(name: string, value: string, who: Actor): Promise<boolean> {
    const result = await this.db
      .insertInto('office_settings')
      .values({ name, value, updated_by: who.email, updated_at: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('office_settings').where('name', '=', name).execute();
  }
}

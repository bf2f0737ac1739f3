import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/index.ts';

/**
 * Leases in the database: a job that one instance at a time should do (refreshing running clocks, reconciling
 * intents) is done by whoever holds its lease. One upsert takes a lease that is free, expired or already ours, on
 * SQLite and PostgreSQL alike (decision 014); an instance that dies lets it lapse after its time.
 */
export class Leases {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes or renews the lease for `ttlMs`; true when this instance holds it now. */
  async acquire(name: string, ttlMs: number): Promise<boolean> {
    const at = this.now();
    const row = await this.db
      .insertInto('leases')
      .values({ name, holder: this.holder, expires_at: at + ttlMs })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ holder: this.holder, expires_at: at + ttlMs })
          .where((eb) => eb.or([eb('leases.expires_at', '<=', at), eb('leases.holder', '=', this.holder)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Gives the lease up (on shutdown), so another instance takes it at once. */
  async release(name: string): Promise<void> {
    await this.db.deleteFrom('leases').where('name', '=', name).where('holder', '=', this.holder).execute();
  }

  async holderOf(name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('leases')
      .select(['holder', 'expires_at'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row && Number(row.expires_at) > this.now() ? row.holder : null;
  }
}
